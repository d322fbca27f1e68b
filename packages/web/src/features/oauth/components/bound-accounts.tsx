import { Form, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserView } from '@gw/contracts';
import { PROVIDERS } from '../oauth-providers';

/** A user's third-party account ids, read-only (an administrator's view in the user editor). */
export function BoundAccounts({ user }: { user: UserView }) {
  const { t } = useTranslation('oauth');
  const bound = PROVIDERS.filter(({ column }) => String(user[column] ?? '') !== '');
  return (
    <Form.Item label={t('bindings.accounts')} data-testid="user-bound-accounts">
      {bound.length === 0 ? (
        <Typography.Text type="secondary">{t('bindings.none')}</Typography.Text>
      ) : (
        <Space wrap>
          {bound.map(({ name, column }) => (
            <Tag key={name} data-testid={`user-bound-${name}`}>
              {t(`providers.${name}`)}: {String(user[column])}
            </Tag>
          ))}
        </Space>
      )}
    </Form.Item>
  );
}
