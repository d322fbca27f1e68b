import { useState } from 'react';
import { Alert, Button, Card, Flex, Input, Modal, Popconfirm, Typography } from 'antd';
import { CopyOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCopyText, writeClipboard } from '../../../components/copy/use-copy-text';
import { notifySuccess } from '../../../lib/notify';
import { useResetAccessToken } from '../api/personal.queries';

/** The system access token (GET /api/user/token): a new one replaces the old, is copied at once and shown once. */
export function AccessTokenCard() {
  const { t } = useTranslation('personal');
  const reset = useResetAccessToken();
  const copy = useCopyText();
  const [token, setToken] = useState<string | null>(null);
  const generate = () =>
    reset.mutate(undefined, {
      onSuccess: async (value) => {
        setToken(value);
        if (await writeClipboard(value)) notifySuccess(t('token.resetCopied'));
      },
    });
  return (
    <Card title={t('token.title')}>
      <Flex vertical gap={12} align="flex-start">
        <Typography.Text type="secondary">{t('token.description')}</Typography.Text>
        <Popconfirm title={t('token.confirm')} onConfirm={generate} okText={t('token.reset')} cancelText={t('actions.cancel')}>
          <Button icon={<ReloadOutlined />} loading={reset.isPending}>
            {t('token.reset')}
          </Button>
        </Popconfirm>
      </Flex>
      <Modal open={token !== null} title={t('token.newTitle')} onCancel={() => setToken(null)} footer={<Button onClick={() => setToken(null)}>{t('actions.close')}</Button>} destroyOnHidden>
        <Flex vertical gap={12}>
          <Alert type="warning" showIcon title={t('token.onlyOnce')} />
          <Flex gap={8}>
            <Input readOnly value={token ?? ''} data-testid="access-token" aria-label={t('token.title')} />
            <Button icon={<CopyOutlined />} onClick={() => token && void copy(token, t('token.copied'))}>
              {t('token.copy')}
            </Button>
          </Flex>
        </Flex>
      </Modal>
    </Card>
  );
}
