import { useState } from 'react';
import { Alert, Flex, Input, Modal, Segmented, Typography } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { SECURE_VERIFICATION_SECONDS, SecureVerifyMethod, type SecureVerifyMethodValue } from '@gw/contracts';
import { secureVerificationApi } from '../api/secure-verification.api';
import { defaultVerifyMethod, type VerificationNeeded } from '../secure-verification';

interface SecureVerificationModalProps {
  need: VerificationNeeded;
  onVerified: () => void;
  onCancel: () => void;
}

/**
 * Asks for a fresh second-factor check before a sensitive action (new-api's secure verification): an
 * authenticator or backup code, or a passkey. A user with neither is sent to the personal page to add one.
 */
export function SecureVerificationModal({ need, onVerified, onCancel }: SecureVerificationModalProps) {
  const { t } = useTranslation('twoFactor');
  const supported = browserSupportsWebAuthn();
  const [method, setMethod] = useState<SecureVerifyMethodValue | null>(() => defaultVerifyMethod(need.methods, supported));
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const both = need.methods.two_factor && need.methods.passkey;
  const ready = method === SecureVerifyMethod.Passkey ? supported : code.trim() !== '';

  const submit = async () => {
    if (!method || !ready || busy) return;
    setBusy(true);
    setError(null);
    try {
      if (method === SecureVerifyMethod.TwoFactor) await secureVerificationApi.withCode(code.trim());
      else await secureVerificationApi.withPasskey();
      onVerified();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('verify.title')}
      okText={t('verify.submit')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ disabled: !method || !ready, loading: busy, hidden: !method }}
      onOk={() => void submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Flex vertical gap={12} data-testid="secure-verification">
        {!method ? (
          <Alert
            type="warning"
            showIcon
            title={t('verify.noMethod')}
            description={
              <Link to="/personal" onClick={onCancel}>
                {t('verify.goPersonal')}
              </Link>
            }
          />
        ) : (
          <>
            <Typography.Text type="secondary">
              {need.expired ? t('verify.expired', { minutes: SECURE_VERIFICATION_SECONDS / 60 }) : t('verify.description', { minutes: SECURE_VERIFICATION_SECONDS / 60 })}
            </Typography.Text>
            {both && (
              <Segmented
                block
                value={method}
                onChange={(value) => {
                  setMethod(value as SecureVerifyMethodValue);
                  setError(null);
                }}
                options={[
                  { value: SecureVerifyMethod.TwoFactor, label: t('verify.withCode') },
                  { value: SecureVerifyMethod.Passkey, label: t('verify.withPasskey') },
                ]}
              />
            )}
            {method === SecureVerifyMethod.TwoFactor ? (
              <Input
                value={code}
                onChange={(e) => setCode(e.target.value)}
                onPressEnter={() => void submit()}
                autoFocus
                autoComplete="one-time-code"
                aria-label={t('code.label')}
                placeholder={t('code.placeholder')}
              />
            ) : (
              <Typography.Text>
                <KeyOutlined /> {supported ? t('verify.passkeyHint') : t('passkeys.unsupported')}
              </Typography.Text>
            )}
            {error && <Alert type="error" showIcon title={error} />}
          </>
        )}
      </Flex>
    </Modal>
  );
}
