import { Navigate, Outlet, useLocation } from 'react-router';
import { expiredRedirectUrl, useStoredUser } from '../../lib/session';

/** Signed-in routes: with no stored user, go to /login?next=<current path> (spec 1 §2.2). */
export function RequireAuth() {
  const user = useStoredUser();
  const location = useLocation();
  if (!user) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={expiredRedirectUrl() ?? `/login?next=${encodeURIComponent(next)}`} replace />;
  }
  return <Outlet />;
}
