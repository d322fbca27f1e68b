import { useState } from 'react';
import { Alert, Button, Card, Flex, Modal, Tag, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TotpSetup } from '@gw/contracts';
import { notifySuccess } from '../../../lib/notify';
import { twoFactorQueries, useRegenerateBackupCodes, useTotpDisable, useTotpSetup } from '../api/two-factor.queries';
import { BackupCodesList } from './backup-codes-list';
import { CodePromptModal } from './code-prompt-modal';
import { TotpEnrolment } from './totp-enrolment';

/** Two-factor sign-in with an authenticator app (TOTP): set up, backup codes, turn off. */
export function TotpCard() {
  const { t } = useTranslation('twoFactor');
  const status = useQuery(twoFactorQueries.status());
  const setup = useTotpSetup();
  const disable = useTotpDisable();
  const regenerate = useRegenerateBackupCodes();
  const [enrolment, setEnrolment] = useState<TotpSetup | null>(null);
  const [prompt, setPrompt] = useState<'disable' | 'regenerate' | null>(null);
  const [freshCodes, setFreshCodes] = useState<string[] | null>(null);
  const s = status.data;

  const confirmPrompt = (code: string) => {
    if (prompt === 'disable') {
      disable.mutate(code, { onSuccess: () => (setPrompt(null), notifySuccess(t('totp.disabled'))) });
    } else {
      regenerate.mutate(code, { onSuccess: (codes) => (setPrompt(null), setFreshCodes(codes)) });
    }
  };

  return (
    <Card title={t('totp.title')} loading={status.isPending} extra={s?.totp_enabled ? <Tag color="success">{t('totp.on')}</Tag> : <Tag>{t('totp.off')}</Tag>}>
      <Flex vertical gap={12}>
        {s?.required && !s.totp_enabled && <Alert type="warning" showIcon title={t('totp.required')} data-testid="two-factor-required" />}
        <Typography.Text type="secondary">{t('totp.description')}</Typography.Text>
        {s && !s.totp_enabled && !enrolment && (
          <Button type="primary" icon={<SafetyCertificateOutlined />} loading={setup.isPending} onClick={() => setup.mutate(undefined, { onSuccess: setEnrolment })} style={{ alignSelf: 'flex-start' }}>
            {t('totp.setUp')}
          </Button>
        )}
        {s && !s.totp_enabled && enrolment && <TotpEnrolment setup={enrolment} onDone={() => setEnrolment(null)} />}
        {s?.totp_enabled && (
          <>
            <Typography.Text>{t('backup.remaining', { count: s.backup_codes_remaining })}</Typography.Text>
            <Flex gap={8} wrap>
              <Button onClick={() => setPrompt('regenerate')}>{t('backup.regenerate')}</Button>
              <Button danger onClick={() => setPrompt('disable')}>
                {t('totp.disable')}
              </Button>
            </Flex>
          </>
        )}
      </Flex>
      <CodePromptModal
        open={prompt !== null}
        title={prompt === 'disable' ? t('totp.disable') : t('backup.regenerate')}
        hint={prompt === 'disable' ? t('totp.disableHint') : t('backup.regenerateHint')}
        danger={prompt === 'disable'}
        confirming={disable.isPending || regenerate.isPending}
        onConfirm={confirmPrompt}
        onCancel={() => setPrompt(null)}
      />
      <Modal open={freshCodes !== null} title={t('backup.title')} footer={null} onCancel={() => setFreshCodes(null)} destroyOnHidden>
        {freshCodes && <BackupCodesList codes={freshCodes} />}
      </Modal>
    </Card>
  );
}
