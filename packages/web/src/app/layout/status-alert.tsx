import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';

/** Status load failure (spec 1 §8): unreachable server, or any other failure. */
export function StatusAlert({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error || (error instanceof ApiError && error.handled)) return null;
  const unreachable = error instanceof ApiError && error.status === 0;
  return <Alert type="warning" showIcon banner title={unreachable ? t('errors.network') : t('errors.statusFailed')} />;
}
