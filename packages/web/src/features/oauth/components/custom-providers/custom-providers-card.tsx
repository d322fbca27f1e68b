import { useState } from 'react';
import { Alert, App, Button, Card, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CustomOAuthKind, type CustomOAuthKindValue, type CustomOAuthProviderView } from '@gw/contracts';
import { notifySuccess } from '../../../../lib/notify';
import { useSiteStatus } from '../../../status/api/status.queries';
import { customProviderQueries, useDeleteCustomProvider } from '../../api/custom-providers.queries';
import { callbackUrl, externalLoginUrl } from '../../custom-provider-form';
import { CustomProviderDrawer } from './custom-provider-drawer';

/**
 * System settings → custom OAuth providers (new-api's /api/custom-oauth-provider): any OAuth 2 / OIDC-like
 * service the administrator adds shows a sign-in button on the login page and a bind button on the personal page.
 */
export function CustomProvidersCard() {
  const { t } = useTranslation('oauth');
  const { modal } = App.useApp();
  const { status } = useSiteStatus();
  const providers = useQuery(customProviderQueries.list());
  const remove = useDeleteCustomProvider();
  const [editing, setEditing] = useState<CustomOAuthProviderView | null | undefined>(undefined);
  const origin = status.server_address || window.location.origin;

  const confirmDelete = (p: CustomOAuthProviderView) =>
    modal.confirm({
      title: t('custom.deleteTitle', { name: p.name }),
      content: t('custom.deleteHint'),
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(p.id).then(() => notifySuccess(t('custom.deleted'))),
    });

  return (
    <Card
      title={t('custom.title')}
      data-testid="settings-custom-oauth"
      extra={
        <Button type="primary" onClick={() => setEditing(null)} data-testid="custom-provider-add">
          {t('custom.add')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('custom.help')}</Typography.Paragraph>
      {providers.isError ? (
        <Alert type="error" showIcon title={providers.error.message} />
      ) : (
        <Table<CustomOAuthProviderView>
          rowKey="id"
          size="small"
          loading={providers.isPending}
          scroll={{ x: 'max-content' }}
          dataSource={providers.data ?? []}
          pagination={false}
          locale={{ emptyText: t('custom.empty') }}
          columns={[
            { title: t('custom.name'), dataIndex: 'name' },
            { title: t('custom.slug'), dataIndex: 'slug', render: (slug: string) => <Typography.Text code>{slug}</Typography.Text> },
            { title: t('custom.kind'), dataIndex: 'kind', render: (kind: CustomOAuthKindValue) => t(`custom.kinds.${kind}`) },
            {
              title: t('custom.enabled'),
              dataIndex: 'enabled',
              render: (on: boolean) => (on ? <Tag color="success">{t('custom.on')}</Tag> : <Tag>{t('custom.off')}</Tag>),
            },
            {
              title: t('custom.callback'),
              dataIndex: 'slug',
              key: 'callback',
              render: (slug: string, p) => (
                <Typography.Text copyable>{p.kind === CustomOAuthKind.OAuthCode ? callbackUrl(origin, slug) : externalLoginUrl(origin, slug, p.kind)}</Typography.Text>
              ),
            },
            {
              title: t('custom.actions'),
              key: 'actions',
              render: (_: unknown, p) => (
                <Space>
                  <Button size="small" onClick={() => setEditing(p)} data-testid={`custom-provider-edit-${p.slug}`}>
                    {t('custom.edit')}
                  </Button>
                  <Button size="small" danger onClick={() => confirmDelete(p)} data-testid={`custom-provider-delete-${p.slug}`}>
                    {t('custom.delete')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      )}
      <CustomProviderDrawer provider={editing} origin={origin} onClose={() => setEditing(undefined)} />
    </Card>
  );
}
