import { useMemo } from 'react';
import { useSiteStatus } from './api/status.queries';
import { headerNavConfigOf, sidebarModulesOf } from './navigation-modules';

/** The site's top-bar and sidebar switches, read from the status. */
export function useNavigationModules() {
  const { status } = useSiteStatus();
  const header = useMemo(() => headerNavConfigOf(status.HeaderNavModules), [status.HeaderNavModules]);
  const sidebar = useMemo(() => sidebarModulesOf(status.SidebarModulesAdmin), [status.SidebarModulesAdmin]);
  return { header, sidebar };
}
