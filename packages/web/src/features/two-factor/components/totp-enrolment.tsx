import { useState } from 'react';
import { Button, Flex, Input, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TotpSetup } from '@gw/contracts';
import { notifySuccess } from '../../../lib/notify';
import { useTotpEnable } from '../api/two-factor.queries';
import { BackupCodesList } from './backup-codes-list';

/** Enrolment: scan the QR code (or type the secret), keep the backup codes, confirm with a first code. */
export function TotpEnrolment({ setup, onDone }: { setup: TotpSetup; onDone: () => void }) {
  const { t } = useTranslation('twoFactor');
  const enable = useTotpEnable();
  const [code, setCode] = useState('');
  const confirm = () => {
    if (!code.trim()) return;
    enable.mutate(code.trim(), {
      onSuccess: () => {
        notifySuccess(t('totp.enabled'));
        onDone();
      },
    });
  };
  return (
    <Steps
      direction="vertical"
      current={-1}
      items={[
        {
          title: t('totp.scan'),
          description: (
            <Flex vertical gap={8} align="flex-start">
              <img src={setup.qr_code_data_url} alt={t('totp.qrAlt')} width={180} height={180} />
              <Typography.Text type="secondary">{t('totp.secretHint')}</Typography.Text>
              <Typography.Text code copyable data-testid="totp-secret">
                {setup.secret}
              </Typography.Text>
            </Flex>
          ),
        },
        { title: t('backup.title'), description: <BackupCodesList codes={setup.backup_codes} /> },
        {
          title: t('totp.confirm'),
          description: (
            <Flex gap={8} wrap>
              <Input
                value={code}
                onChange={(e) => setCode(e.target.value)}
                onPressEnter={confirm}
                maxLength={6}
                inputMode="numeric"
                autoComplete="one-time-code"
                aria-label={t('code.label')}
                placeholder="123456"
                style={{ width: 160 }}
              />
              <Button type="primary" onClick={confirm} loading={enable.isPending} disabled={!code.trim()}>
                {t('totp.enable')}
              </Button>
            </Flex>
          ),
        },
      ]}
    />
  );
}
