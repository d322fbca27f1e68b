import { Button, Result } from 'antd';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isAdmin } from '@gw/contracts';
import { expiredRedirectUrl, useStoredUser } from '../../lib/session';
import { isPageHiddenFromUsers } from '../../features/status/navigation-modules';
import { useNavigationModules } from '../../features/status/use-navigation-modules';

/**
 * Pages the administrator switched off (SidebarModulesAdmin, HeaderNavModules): ordinary users and
 * visitors get a "turned off" page; administrators still open them by address. A model hub that needs
 * sign-in (pricing.requireAuth) sends visitors to /login first.
 */
export function RequireVisiblePage() {
  const { t } = useTranslation('layout');
  const user = useStoredUser();
  const { pathname, search } = useLocation();
  const { header, sidebar } = useNavigationModules();
  if (isAdmin(user?.role ?? 0)) return <Outlet />;
  if (isPageHiddenFromUsers(pathname, sidebar, header)) {
    return (
      <Result
        status="404"
        title={t('hidden.title')}
        subTitle={t('hidden.description')}
        extra={
          <Link to="/">
            <Button type="primary">{t('hidden.home')}</Button>
          </Link>
        }
      />
    );
  }
  const modelHub = pathname === '/model-hub' || pathname.startsWith('/model-hub/');
  if (modelHub && header.pricing.requireAuth && !user) {
    return <Navigate to={expiredRedirectUrl() ?? `/login?next=${encodeURIComponent(pathname + search)}`} replace />;
  }
  return <Outlet />;
}
