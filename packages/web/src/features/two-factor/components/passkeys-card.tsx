import { useState } from 'react';
import { Button, Card, Empty, Flex, Input, List, Popconfirm, Typography } from 'antd';
import { DeleteOutlined, KeyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { PASSKEY_NAME_MAX } from '@gw/contracts';
import { formatUnixTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useSiteStatus } from '../../status/api/status.queries';
import { twoFactorQueries, useRegisterPasskey, useRemovePasskey } from '../api/two-factor.queries';

/** Passkeys (WebAuthn): sign in without a password from this device or a security key. */
export function PasskeysCard() {
  const { t } = useTranslation('twoFactor');
  const { status: site } = useSiteStatus();
  const status = useQuery(twoFactorQueries.status());
  const register = useRegisterPasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState('');
  const enabled = site.passkey_login === true;
  const supported = browserSupportsWebAuthn();
  const passkeys = status.data?.passkeys ?? [];

  return (
    <Card title={t('passkeys.title')} loading={status.isPending}>
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{enabled ? t('passkeys.description') : t('passkeys.disabled')}</Typography.Text>
        {passkeys.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('passkeys.none')} />
        ) : (
          <List
            size="small"
            dataSource={passkeys}
            renderItem={(p) => (
              <List.Item
                actions={[
                  <Popconfirm key="remove" title={t('passkeys.removeConfirm')} onConfirm={() => remove.mutate(p.id, { onSuccess: () => notifySuccess(t('passkeys.removed')) })}>
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('passkeys.remove')} />
                  </Popconfirm>,
                ]}
              >
                <List.Item.Meta
                  avatar={<KeyOutlined />}
                  title={p.name}
                  description={p.last_used_at ? t('passkeys.lastUsed', { time: formatUnixTime(p.last_used_at) }) : t('passkeys.neverUsed')}
                />
              </List.Item>
            )}
          />
        )}
        {enabled && (
          <Flex gap={8} wrap>
            <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={PASSKEY_NAME_MAX} placeholder={t('passkeys.namePlaceholder')} aria-label={t('passkeys.name')} style={{ width: 220 }} />
            <Button
              icon={<KeyOutlined />}
              disabled={!supported}
              loading={register.isPending}
              onClick={() => register.mutate(name.trim(), { onSuccess: () => (setName(''), notifySuccess(t('passkeys.added'))) })}
            >
              {t('passkeys.add')}
            </Button>
          </Flex>
        )}
        {enabled && !supported && <Typography.Text type="warning">{t('passkeys.unsupported')}</Typography.Text>}
      </Flex>
    </Card>
  );
}
