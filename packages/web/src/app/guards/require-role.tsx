import { Button, Result } from 'antd';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useStoredUser } from '../../lib/session';

/** Admin screens: a signed-in user below `minRole` sees a "no permission" page instead. */
export function RequireRole({ minRole }: { minRole: number }) {
  const user = useStoredUser();
  const { t } = useTranslation();
  if ((user?.role ?? 0) < minRole) {
    return (
      <Result
        status="403"
        title={t('forbidden.title')}
        subTitle={t('forbidden.description')}
        extra={
          <Link to="/token">
            <Button type="primary">{t('forbidden.back')}</Button>
          </Link>
        }
      />
    );
  }
  return <Outlet />;
}
