import { Button } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { notifyError } from '../../../lib/notify';
import type { StoredUser } from '../../../lib/session';
import { useSiteStatus } from '../../status/api/status.queries';
import { usePasskeyLogin } from '../api/two-factor.queries';

/** "Sign in with a passkey" on the login page, when the site offers passkeys and the browser can use them. */
export function PasskeyLoginButton({ onSignedIn }: { onSignedIn: (user: StoredUser) => void }) {
  const { t } = useTranslation('twoFactor');
  const { status } = useSiteStatus();
  const login = usePasskeyLogin();
  if (status.passkey_login !== true || !browserSupportsWebAuthn()) return null;
  return (
    <Button
      block
      icon={<KeyOutlined />}
      loading={login.isPending}
      onClick={() => login.mutate(undefined, { onSuccess: onSignedIn, onError: (e) => notifyError(e.message || t('passkeys.loginFailed')) })}
      style={{ marginTop: 12 }}
    >
      {t('passkeys.signIn')}
    </Button>
  );
}
