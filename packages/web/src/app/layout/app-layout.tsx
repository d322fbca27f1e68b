import { useState } from 'react';
import { Drawer, Layout } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { useSiteStatus } from '../../features/status/api/status.queries';
import { useStoredUser } from '../../lib/session';
import { SIDEBAR_WIDTH } from '../../theme/tokens';
import { Header } from './header';
import { Sidebar } from './sidebar';
import { SidebarMenu } from './sidebar-menu';
import { SiteFooter } from './site-footer';
import { StatusAlert } from './status-alert';
import { useDocumentTitle } from './use-document-title';
import { useIsMobile } from './use-is-mobile';
import { useOutsideSession } from './use-outside-session';
import { useSidebarCollapsed } from './use-sidebar-collapsed';
import { useUnauthorizedRedirect } from './use-unauthorized-redirect';

/** Paths without the sidebar (spec 1 §2.3): home, chat and setup. */
function hasSidebar(pathname: string): boolean {
  return pathname !== '/' && pathname !== '/setup' && !pathname.startsWith('/chat');
}

/** The application shell: header, sidebar (desktop) or menu drawer (mobile), content, footer. */
export function AppLayout() {
  useUnauthorizedRedirect();
  useOutsideSession();
  const { status, query } = useSiteStatus();
  useDocumentTitle(status.system_name);
  const user = useStoredUser();
  const isMobile = useIsMobile();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useSidebarCollapsed(status.default_collapse_sidebar);
  const [menuOpen, setMenuOpen] = useState(false);
  const layoutShown = sessionStorage.getItem('layout') !== 'false';
  const navigable = layoutShown && Boolean(user) && hasSidebar(pathname);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {layoutShown && (
        <Header status={status} isMobile={isMobile} onOpenMenu={navigable && isMobile ? () => setMenuOpen(true) : undefined} />
      )}
      <StatusAlert error={query.error} />
      <Layout>
        {navigable && !isMobile && <Sidebar collapsed={collapsed} onCollapse={setCollapsed} />}
        <Layout>
          <Layout.Content style={{ padding: isMobile ? 12 : 24 }}>
            <Outlet />
          </Layout.Content>
          <SiteFooter status={status} />
        </Layout>
      </Layout>
      {isMobile && (
        <Drawer placement="left" open={menuOpen && navigable} onClose={() => setMenuOpen(false)} size={SIDEBAR_WIDTH + 40}>
          <SidebarMenu onNavigate={() => setMenuOpen(false)} />
        </Drawer>
      )}
    </Layout>
  );
}
