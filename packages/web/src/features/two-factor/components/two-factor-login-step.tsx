import { useState } from 'react';
import { Alert, Button, Flex, Input, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { StoredUser } from '../../../lib/session';
import { useTwoFactorLogin } from '../api/two-factor.queries';

interface TwoFactorLoginStepProps {
  pendingToken: string;
  onSignedIn: (user: StoredUser) => void;
  /** Back to the password form (the pending sign-in is abandoned). */
  onCancel: () => void;
}

/** The second step of a password sign-in: an authenticator code or a backup code. */
export function TwoFactorLoginStep({ pendingToken, onSignedIn, onCancel }: TwoFactorLoginStepProps) {
  const { t } = useTranslation('twoFactor');
  const login = useTwoFactorLogin();
  const [code, setCode] = useState('');
  const submit = () => code.trim() && login.mutate({ pendingToken, code: code.trim() }, { onSuccess: onSignedIn });
  return (
    <Flex vertical gap={12} data-testid="two-factor-step">
      <Typography.Title level={5} style={{ margin: 0 }}>
        <SafetyCertificateOutlined /> {t('login.title')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('login.hint')}</Typography.Text>
      {login.isError && <Alert type="error" showIcon title={login.error.message} />}
      <Input
        size="large"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        onPressEnter={submit}
        autoFocus
        autoComplete="one-time-code"
        aria-label={t('code.label')}
        placeholder={t('code.placeholder')}
      />
      <Button type="primary" size="large" block loading={login.isPending} disabled={!code.trim()} onClick={submit}>
        {t('login.verify')}
      </Button>
      <Button type="link" onClick={onCancel}>
        {t('login.back')}
      </Button>
    </Flex>
  );
}
