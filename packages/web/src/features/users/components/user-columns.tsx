import { Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { UserView } from '@gw/contracts';
import { SpendingLimitUsage } from '../../../components/spending-limit/spending-limit-usage';
import { StackedCell } from '../../../components/table/stacked-cell';
import { shortenNumber } from '../../../lib/format';
import { UserRowActions } from './user-row-actions';
import { UserRoleTag, UserStatusTag } from './user-tags';

interface ColumnDeps {
  t: TFunction<'users'>;
  formatQuota: (quota: number) => string;
  onEdit: (user: UserView) => void;
}

const isDeleted = (u: UserView) => u.DeletedAt !== null && u.DeletedAt !== undefined && u.DeletedAt !== '';

/** Columns of the user table; a logged-out (deleted) row has no actions. */
export function userColumns({ t, formatQuota, onEdit }: ColumnDeps): ColumnsType<UserView> {
  return [
    { title: t('columns.id'), dataIndex: 'id', width: 72 },
    {
      title: t('columns.username'),
      key: 'username',
      render: (_, u) => (
        <StackedCell title={u.username}>
          {u.display_name && <Typography.Text type="secondary">{u.display_name}</Typography.Text>}
        </StackedCell>
      ),
    },
    { title: t('columns.group'), dataIndex: 'group', render: (g: string) => <Tag>{g}</Tag> },
    { title: t('columns.status'), key: 'status', render: (_, u) => <UserStatusTag status={u.status} deleted={isDeleted(u)} /> },
    { title: t('columns.role'), key: 'role', render: (_, u) => <UserRoleTag role={u.role} /> },
    {
      title: t('columns.quota'),
      key: 'quota',
      render: (_, u) => (
        <Space orientation="vertical" size={0}>
          <span>{t('quota.remaining', { amount: formatQuota(u.quota) })}</span>
          <Typography.Text type="secondary">{t('quota.used', { amount: formatQuota(u.used_quota) })}</Typography.Text>
          <SpendingLimitUsage limit={u} formatQuota={formatQuota} testId="user-budget" />
          <Typography.Text type="secondary">{t('quota.requests', { count: shortenNumber(u.request_count) })}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('columns.invite'),
      key: 'invite',
      render: (_, u) => (
        <Space orientation="vertical" size={0}>
          <span>{t('invite.count', { count: u.aff_count })}</span>
          <Typography.Text type="secondary">{t('invite.earned', { amount: formatQuota(u.aff_history_quota) })}</Typography.Text>
          <Typography.Text type="secondary">
            {u.inviter_id ? t('invite.inviter', { id: u.inviter_id }) : t('invite.noInviter')}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      render: (_, u) => (isDeleted(u) ? null : <UserRowActions user={u} onEdit={onEdit} />),
    },
  ];
}
