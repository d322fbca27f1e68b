import { Navigate, Outlet, useLocation } from 'react-router';
import { useSiteStatus } from '../../features/status/api/status.queries';

/** Until the first-run setup is done, every console route leads to /setup (issue 2 item 7). */
export function SetupGate() {
  const { status, isConfirmed } = useSiteStatus();
  const { pathname } = useLocation();
  if (isConfirmed && status.setup === false && pathname !== '/setup') {
    return <Navigate to="/setup" replace />;
  }
  return <Outlet />;
}
