import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Role, UserStatus } from '@gw/contracts';

/** Status tag (spec 1 §4); a row with DeletedAt set shows as logged out. */
export function UserStatusTag({ status, deleted }: { status: number; deleted: boolean }) {
  const { t } = useTranslation('users');
  if (deleted) return <Tag>{t('status.loggedOut')}</Tag>;
  if (status === UserStatus.Enabled) return <Tag color="green">{t('status.enabled')}</Tag>;
  if (status === UserStatus.Disabled) return <Tag color="red">{t('status.banned')}</Tag>;
  if (status === UserStatus.NotEnableable) return <Tag color="orange">{t('status.notEnableable')}</Tag>;
  return <Tag color="default">{t('status.unknown')}</Tag>;
}

export function UserRoleTag({ role }: { role: number }) {
  const { t } = useTranslation('users');
  if (role >= Role.Root) return <Tag color="gold">{t('role.root')}</Tag>;
  if (role >= Role.Admin) return <Tag color="blue">{t('role.admin')}</Tag>;
  if (role === Role.User) return <Tag>{t('role.user')}</Tag>;
  return <Tag color="default">{t('role.unknown')}</Tag>;
}
