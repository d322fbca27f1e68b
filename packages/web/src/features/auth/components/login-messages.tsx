import { Alert, Space } from 'antd';
import { useTranslation } from 'react-i18next';

interface LoginMessagesProps {
  expired: boolean;
  queryError: string | null;
  failure: string | null;
}

/** The notices above the login form: expired session, an error handed over in the query, a failed try. */
export function LoginMessages({ expired, queryError, failure }: LoginMessagesProps) {
  const { t } = useTranslation('auth');
  const error = failure ?? queryError;
  if (!expired && !error) return null;
  return (
    <Space orientation="vertical" style={{ width: '100%', marginBottom: 16 }}>
      {expired && !failure && <Alert type="warning" showIcon title={t('login.expired')} data-testid="login-expired" />}
      {error && <Alert type="error" showIcon title={error || t('login.failed')} data-testid="login-error" />}
    </Space>
  );
}
