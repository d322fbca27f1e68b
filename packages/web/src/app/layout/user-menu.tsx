import { Avatar, Button, Dropdown, Space, theme } from 'antd';
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { clearStoredUser, useStoredUser } from '../../lib/session';
import { notifySuccess } from '../../lib/notify';
import { isAdmin } from '@gw/contracts';
import { isSidebarModuleShown } from '../../features/status/navigation-modules';
import { useNavigationModules } from '../../features/status/use-navigation-modules';

/** Signed in: a menu with personal settings and logout; signed out: login and register links. */
export function UserMenu({ registerHidden, compact = false }: { registerHidden: boolean; compact?: boolean }) {
  const { t } = useTranslation('layout');
  const user = useStoredUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { token } = theme.useToken();
  const { sidebar } = useNavigationModules();

  if (!user) {
    return (
      <Space size={4}>
        <Link to="/login">
          <Button type="text">{t('user.login')}</Button>
        </Link>
        {!registerHidden && !compact && (
          <Link to="/register">
            <Button type="primary">{t('user.register')}</Button>
          </Link>
        )}
      </Space>
    );
  }

  const logout = async () => {
    await api.get('/api/user/logout').catch(() => undefined);
    clearStoredUser();
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'status' });
    notifySuccess(t('user.logoutSuccess'));
    void navigate('/login');
  };

  // Personal settings switched off in the sidebar are not offered here either (administrators keep them).
  const personalShown = isAdmin(user.role) || isSidebarModuleShown(sidebar, 'personal', 'personal');
  const items = [
    ...(personalShown ? [{ key: 'personal', icon: <UserOutlined />, label: t('user.personal') }] : []),
    { key: 'logout', icon: <LogoutOutlined />, label: t('user.logout') },
  ];
  return (
    <Dropdown
      trigger={['click']}
      menu={{ items, onClick: ({ key }) => (key === 'logout' ? void logout() : void navigate('/personal')) }}
    >
      <Button type="text" data-testid="user-menu" aria-label={t('user.menu')}>
        <Space size={6}>
          <Avatar size="small" style={{ background: token.colorPrimary }}>
            {(user.display_name || user.username).slice(0, 1).toUpperCase()}
          </Avatar>
          {!compact && <span>{user.display_name || user.username}</span>}
        </Space>
      </Button>
    </Dropdown>
  );
}
