import { Layout } from 'antd';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH, HEADER_HEIGHT } from '../../theme/tokens';
import { SidebarMenu } from './sidebar-menu';

interface SidebarProps {
  collapsed: boolean;
  onCollapse: (collapsed: boolean) => void;
}

/** The desktop sidebar: 200 px wide, 60 px collapsed, under the 56 px header. */
export function Sidebar({ collapsed, onCollapse }: SidebarProps) {
  return (
    <Layout.Sider
      data-testid="sidebar"
      theme="light"
      width={SIDEBAR_WIDTH}
      collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
      collapsible
      collapsed={collapsed}
      onCollapse={onCollapse}
      style={{ position: 'sticky', top: HEADER_HEIGHT, height: `calc(100vh - ${HEADER_HEIGHT}px)`, overflow: 'auto' }}
    >
      <SidebarMenu collapsed={collapsed} />
    </Layout.Sider>
  );
}
