import { Button, Result } from 'antd';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Shown when a page fails to load or render (for example a chunk missing after a redeploy). */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <Result
      status="error"
      title={t('routeError.title')}
      subTitle={detail}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </Button>
      }
    />
  );
}
