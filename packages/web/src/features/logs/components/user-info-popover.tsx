import { Descriptions, Popover, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { userQueries } from '../../users/api/users.queries';
import { useQuotaFormatter } from '../../status/use-quota-formatter';

function UserInfo({ userId }: { userId: number }) {
  const { t } = useTranslation('logs');
  const formatQuota = useQuotaFormatter();
  const user = useQuery(userQueries.detail(userId));
  if (user.isPending) return <Spin size="small" />;
  if (user.isError) return <Typography.Text type="danger">{user.error.message}</Typography.Text>;
  return (
    <Descriptions
      size="small"
      column={1}
      style={{ width: 240 }}
      items={[
        { key: 'username', label: t('userInfo.username'), children: user.data.username },
        { key: 'quota', label: t('userInfo.quota'), children: formatQuota(user.data.quota) },
        { key: 'used', label: t('userInfo.used'), children: formatQuota(user.data.used_quota) },
        { key: 'requests', label: t('userInfo.requests'), children: user.data.request_count },
      ]}
    />
  );
}

/** Administrators click a username to look the user up (GET /api/user/{id}; spec 3 §2.5). */
export function UserInfoPopover({ userId, username }: { userId: number; username: string }) {
  const { t } = useTranslation('logs');
  return (
    <Popover trigger="click" title={t('userInfo.title')} content={<UserInfo userId={userId} />} destroyOnHidden>
      <Typography.Link>{username || `#${userId}`}</Typography.Link>
    </Popover>
  );
}
