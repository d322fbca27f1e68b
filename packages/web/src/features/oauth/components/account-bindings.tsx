import { useCallback, useState } from 'react';
import { App, Button, Card, List, Modal, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSiteStatus } from '../../status/api/status.queries';
import { userKeys, userQueries } from '../../users/api/users.queries';
import { completeTelegram, getOAuthState, type StateProvider } from '../api/oauth.api';
import { customBindingQueries, useUnbindCustomBinding } from '../api/oauth.queries';
import { PROVIDERS, customProvidersOf, isEnabled, isRedirectProvider, type FrameMessage } from '../oauth-providers';
import { useFinishOAuth } from '../use-finish-oauth';
import { TelegramLoginWidget } from './telegram-login-widget';
import { WeChatFrameModal } from './wechat-frame-modal';

/** One line of the list: a built-in provider, or an enabled custom one (named by its slug). */
interface BindingRow {
  name: string;
  label: string;
  boundId: string;
  enabled: boolean;
  /** A custom provider's id when the user is bound to it (such bindings can be removed here). */
  unbindId?: number;
}

/**
 * The third-party accounts of the signed-in user (spec 3 §2.8): bound or not, and a button to bind
 * (or change) each provider the administrator enabled, the custom ones included. The e-mail address is
 * shown; binding one is the e-mail feature's (GET /api/oauth/email/bind).
 */
export function AccountBindings() {
  const { t } = useTranslation('oauth');
  const { message } = App.useApp();
  const { status } = useSiteStatus();
  const queryClient = useQueryClient();
  const { data: user } = useQuery(userQueries.detail('self'));
  const custom = customProvidersOf(status);
  const { data: customBindings } = useQuery({ ...customBindingQueries.self(), enabled: custom.length > 0 });
  const { succeed, fail } = useFinishOAuth();
  const [busy, setBusy] = useState<StateProvider | null>(null);
  const [dialog, setDialog] = useState<'telegram' | 'wechat' | null>(null);
  const unbind = useUnbindCustomBinding();

  const rows: BindingRow[] = [
    ...PROVIDERS.map(({ name, flag, column }) => ({ name, label: t(`providers.${name}`), boundId: user ? String(user[column] ?? '') : '', enabled: isEnabled(status, flag) })),
    ...custom.map(({ slug, name }) => {
      const binding = customBindings?.find((b) => b.provider_slug === slug);
      return { name: slug, label: name, boundId: binding?.provider_user_id ?? '', enabled: true, unbindId: binding?.provider_id };
    }),
  ];

  const bind = (provider: string) => {
    if (provider === 'telegram' || provider === 'wechat') return setDialog(provider);
    if (!isRedirectProvider(provider) && !custom.some((p) => p.slug === provider)) return;
    setBusy(provider);
    getOAuthState(provider, {})
      .then(({ authorizeUrl }) => window.location.assign(authorizeUrl))
      .catch((err: Error) => {
        setBusy(null);
        message.error(err.message);
      });
  };

  const onFrameMessage = useCallback(
    (m: FrameMessage) => {
      if (m.type !== 'oauth-bind') return;
      setDialog(null);
      if (m.success) {
        message.success(t('callback.bindSuccess'));
        void queryClient.invalidateQueries({ queryKey: userKeys.details() });
      } else {
        message.error(m.message || t('callback.failed'));
      }
    },
    [message, queryClient, t],
  );

  return (
    <Card title={t('bindings.title')} data-testid="account-bindings">
      <Space style={{ paddingBottom: 12 }}>
        <Typography.Text strong>{t('bindings.email')}</Typography.Text>
        {user?.email ? <Tag color="success">{user.email}</Tag> : <Tag>{t('bindings.notBound')}</Tag>}
      </Space>
      <List
        dataSource={rows}
        rowKey="name"
        renderItem={({ name, label, boundId, enabled, unbindId }) => {
          const button = (
            <Button size="small" disabled={!enabled} loading={busy === name} onClick={() => bind(name)} data-testid={`bind-${name}`}>
              {boundId ? t('bindings.change') : t('bindings.bind')}
            </Button>
          );
          const unbindButton = unbindId !== undefined && (
            <Popconfirm
              key="unbind"
              title={t('bindings.unbindTitle', { name: label })}
              description={t('bindings.unbindConfirm', { name: label })}
              okText={t('bindings.unbind')}
              okButtonProps={{ danger: true }}
              onConfirm={() => unbind.mutate(unbindId, { onSuccess: () => void message.success(t('bindings.unbound', { name: label })) })}
            >
              <Button size="small" danger loading={unbind.isPending && unbind.variables === unbindId} data-testid={`unbind-${name}`}>
                {t('bindings.unbind')}
              </Button>
            </Popconfirm>
          );
          return (
            <List.Item actions={[enabled ? button : <Tooltip key="off" title={t('bindings.disabled')}>{button}</Tooltip>, unbindButton].filter(Boolean)}>
              <Space>
                <Typography.Text strong>{label}</Typography.Text>
                {boundId ? (
                  <Tag color="success" data-testid={`bound-${name}`}>{t('bindings.bound', { id: boundId })}</Tag>
                ) : (
                  <Tag>{t('bindings.notBound')}</Tag>
                )}
              </Space>
            </List.Item>
          );
        }}
      />
      <Modal open={dialog === 'telegram'} title={t('bindings.telegramTitle')} footer={null} onCancel={() => setDialog(null)} destroyOnHidden>
        <Typography.Paragraph type="secondary">{t('bindings.telegramHint')}</Typography.Paragraph>
        <TelegramLoginWidget
          botName={status.telegram_bot_name ?? ''}
          onAuth={(fields) => {
            setDialog(null);
            completeTelegram('bind', fields).then(succeed, fail);
          }}
        />
      </Modal>
      <WeChatFrameModal open={dialog === 'wechat'} src="/api/oauth/wechat/bind" onClose={() => setDialog(null)} onMessage={onFrameMessage} />
    </Card>
  );
}
