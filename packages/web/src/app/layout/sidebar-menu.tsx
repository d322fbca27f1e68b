import { Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useStoredUser } from '../../lib/session';
import { useSiteStatus } from '../../features/status/api/status.queries';
import { selectedPathOf, sidebarGroupsFor } from './sidebar-items';

/** The navigation menu, shared by the desktop sidebar and the mobile drawer. */
export function SidebarMenu({ collapsed = false, onNavigate }: { collapsed?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('layout');
  const user = useStoredUser();
  const { status } = useSiteStatus();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const groups = sidebarGroupsFor(user?.role ?? 0, status);
  const items: MenuProps['items'] = groups.map((group) => ({
    type: 'group',
    key: group.key,
    label: collapsed ? null : t(`sidebar.groups.${group.key}`),
    children: group.items.map((item) => ({ key: item.path, icon: item.icon, label: t(item.labelKey) })),
  }));
  const selected = selectedPathOf(groups, pathname);
  return (
    <Menu
      mode="inline"
      inlineCollapsed={collapsed}
      items={items}
      selectedKeys={selected ? [selected] : []}
      style={{ borderInlineEnd: 'none' }}
      onClick={({ key }) => {
        void navigate(key);
        onNavigate?.();
      }}
    />
  );
}
