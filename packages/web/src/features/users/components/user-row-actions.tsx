import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { isAdmin, isRoot, ManageAction, Role, UserStatus, type ManageActionValue, type UserView } from '@gw/contracts';
import { notifySuccess } from '../../../lib/notify';
import { useRoles } from '../../../lib/session';
import { useManageUser } from '../api/users.queries';
import { useUsersDialog } from './users-context';

interface UserRowActionsProps {
  user: UserView;
  onEdit: (user: UserView) => void;
}

/**
 * promote / demote / disable or enable / delete / edit (spec 1 §2.8), the user's subscriptions, and for a user
 * with a spending limit, starting its period over. Buttons that the role rules of
 * spec 1 §6 would refuse are disabled; the server enforces the same rules.
 */
export function UserRowActions({ user, onEdit }: UserRowActionsProps) {
  const { t } = useTranslation('users');
  const { user: me, isRoot: actorIsRoot } = useRoles();
  const manage = useManageUser();
  const { openSubscriptions } = useUsersDialog();
  const run = (action: ManageActionValue) =>
    manage.mutate({ id: user.id, action }, { onSuccess: () => notifySuccess(t('actions.done')) });
  const outranked = !actorIsRoot && (me?.role ?? 0) <= user.role;
  const targetRoot = isRoot(user.role);
  const busy = manage.isPending;
  const enabled = user.status === UserStatus.Enabled;

  return (
    <Space size={4} wrap>
      <Button size="small" disabled={busy || !actorIsRoot || isAdmin(user.role)} onClick={() => run(ManageAction.Promote)}>
        {t('actions.promote')}
      </Button>
      <Button size="small" disabled={busy || outranked || targetRoot || user.role <= Role.User} onClick={() => run(ManageAction.Demote)}>
        {t('actions.demote')}
      </Button>
      {enabled ? (
        <Button size="small" danger disabled={busy || outranked || targetRoot} onClick={() => run(ManageAction.Disable)}>
          {t('actions.disable')}
        </Button>
      ) : (
        <Button size="small" disabled={busy || outranked || user.status === UserStatus.NotEnableable} onClick={() => run(ManageAction.Enable)}>
          {t('actions.enable')}
        </Button>
      )}
      {user.budget_quota > 0 && user.budget_period !== '' && (
        <Popconfirm
          title={t('actions.resetSpendingTitle')}
          description={t('actions.resetSpendingConfirm', { name: user.username })}
          okText={t('actions.resetSpending')}
          onConfirm={() => run(ManageAction.ResetSpending)}
        >
          <Button size="small" disabled={busy || outranked} data-testid="user-reset-spending">
            {t('actions.resetSpending')}
          </Button>
        </Popconfirm>
      )}
      <Popconfirm
        title={t('actions.deleteTitle')}
        description={t('actions.deleteConfirm', { name: user.username })}
        okText={t('actions.delete')}
        okButtonProps={{ danger: true }}
        onConfirm={() => run(ManageAction.Delete)}
      >
        <Button size="small" danger disabled={busy || outranked || targetRoot}>
          {t('actions.delete')}
        </Button>
      </Popconfirm>
      <Button size="small" type="link" disabled={outranked} onClick={() => onEdit(user)}>
        {t('actions.edit')}
      </Button>
      <Button size="small" type="link" onClick={() => openSubscriptions(user)}>
        {t('actions.subscriptions')}
      </Button>
    </Space>
  );
}
