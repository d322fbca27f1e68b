import type { ReactNode } from 'react';
import {
  AppstoreOutlined, AreaChartOutlined, BarsOutlined, CalendarOutlined, ControlOutlined, CreditCardOutlined,
  CrownOutlined, DatabaseOutlined, DeploymentUnitOutlined, ExperimentOutlined, FileTextOutlined, KeyOutlined, PictureOutlined,
  RobotOutlined, SettingOutlined, TagsOutlined, TeamOutlined, TrophyOutlined, UserOutlined,
} from '@ant-design/icons';
import { isAdmin, isRoot, type SidebarModule, type SidebarSection } from '@gw/contracts';
import type { SiteStatus } from '../../features/status/api/site-status';
import type layout from '../../i18n/locales/en/layout.json';
import { isSidebarModuleShown, sidebarModulesOf } from '../../features/status/navigation-modules';

type SidebarItemKey = keyof (typeof layout)['sidebar']['items'];

export interface SidebarItem {
  path: string;
  labelKey: `sidebar.items.${SidebarItemKey}`;
  icon: ReactNode;
  /** Its switch in SidebarModulesAdmin. */
  module: SidebarModule;
}

export interface SidebarGroup {
  key: SidebarSection;
  items: SidebarItem[];
}

/**
 * The sidebar groups and visibility rules of spec 1 §2.5 for a given role and site status, less the
 * sections and entries the administrator switched off (SidebarModulesAdmin); an emptied group is left out.
 */
export function sidebarGroupsFor(role: number, status: SiteStatus): SidebarGroup[] {
  const chatItems: SidebarItem[] = [{ path: '/playground', labelKey: 'sidebar.items.playground', icon: <ExperimentOutlined />, module: 'playground' }];
  const consoleItems: (SidebarItem | false)[] = [
    Boolean(status.enable_data_export) && { path: '/detail', labelKey: 'sidebar.items.dashboard', icon: <AreaChartOutlined />, module: 'detail' },
    { path: '/token', labelKey: 'sidebar.items.tokens', icon: <KeyOutlined />, module: 'token' },
    { path: '/log', labelKey: 'sidebar.items.logs', icon: <FileTextOutlined />, module: 'log' },
    Boolean(status.enable_drawing) && { path: '/midjourney', labelKey: 'sidebar.items.drawingLogs', icon: <PictureOutlined />, module: 'midjourney' },
    Boolean(status.enable_task) && { path: '/task', labelKey: 'sidebar.items.taskLogs', icon: <BarsOutlined />, module: 'task' },
  ];
  const adminItems: (SidebarItem | false)[] = [
    isRoot(role) && { path: '/channel', labelKey: 'sidebar.items.channels', icon: <DeploymentUnitOutlined />, module: 'channel' },
    isRoot(role) && { path: '/redemption', labelKey: 'sidebar.items.redemptions', icon: <TagsOutlined />, module: 'redemption' },
    { path: '/user', labelKey: 'sidebar.items.users', icon: <TeamOutlined />, module: 'user' },
    { path: '/setting', labelKey: 'sidebar.items.settings', icon: <SettingOutlined />, module: 'setting' },
    { path: '/aipy-conf', labelKey: 'sidebar.items.aipyConf', icon: <RobotOutlined />, module: 'aipyConf' },
    { path: '/activity-config', labelKey: 'sidebar.items.activityConfig', icon: <CalendarOutlined />, module: 'activityConfig' },
    { path: '/prefill-group', labelKey: 'sidebar.items.prefillGroups', icon: <AppstoreOutlined />, module: 'prefillGroup' },
    { path: '/models', labelKey: 'sidebar.items.models', icon: <DatabaseOutlined />, module: 'models' },
    { path: '/subscription', labelKey: 'sidebar.items.subscriptions', icon: <CrownOutlined />, module: 'subscription' },
  ];
  const personalItems: SidebarItem[] = [
    { path: '/topup', labelKey: 'sidebar.items.topup', icon: <CreditCardOutlined />, module: 'topup' },
    { path: '/personal', labelKey: 'sidebar.items.personal', icon: <UserOutlined />, module: 'personal' },
    { path: '/custom-models', labelKey: 'sidebar.items.customModels', icon: <ControlOutlined />, module: 'customModels' },
    { path: '/activity-center', labelKey: 'sidebar.items.activityCenter', icon: <TrophyOutlined />, module: 'activityCenter' },
  ];
  const modules = sidebarModulesOf(status.SidebarModulesAdmin);
  const group = (key: SidebarSection, items: (SidebarItem | false)[]): SidebarGroup => ({
    key,
    items: items.filter((i): i is SidebarItem => Boolean(i) && isSidebarModuleShown(modules, key, (i as SidebarItem).module)),
  });
  const groups = [group('chat', chatItems), group('console', consoleItems)];
  if (isAdmin(role)) groups.push(group('admin', adminItems));
  groups.push(group('personal', personalItems));
  return groups.filter((g) => g.items.length > 0);
}

/** The item whose path is the longest prefix of the current path (so /user/edit/3 selects /user). */
export function selectedPathOf(groups: SidebarGroup[], pathname: string): string | undefined {
  const paths = groups.flatMap((g) => g.items.map((i) => i.path));
  return paths
    .filter((p) => pathname === p || pathname.startsWith(`${p}/`))
    .sort((a, b) => b.length - a.length)[0];
}
