import type { ReactNode } from 'react';
import {
  AreaChartOutlined, BarsOutlined, CalendarOutlined, ControlOutlined, CreditCardOutlined,
  DeploymentUnitOutlined, FileTextOutlined, KeyOutlined, PictureOutlined, RobotOutlined,
  SettingOutlined, TagsOutlined, TeamOutlined, TrophyOutlined, UserOutlined,
} from '@ant-design/icons';
import { isAdmin, isRoot } from '@gw/contracts';
import type { SiteStatus } from '../../features/status/api/site-status';
import type layout from '../../i18n/locales/en/layout.json';

type SidebarItemKey = keyof (typeof layout)['sidebar']['items'];

export interface SidebarItem {
  path: string;
  labelKey: `sidebar.items.${SidebarItemKey}`;
  icon: ReactNode;
}

export interface SidebarGroup {
  key: 'console' | 'admin' | 'personal';
  items: SidebarItem[];
}

/** The sidebar groups and visibility rules of spec 1 §2.5, for a given role and site status. */
export function sidebarGroupsFor(role: number, status: SiteStatus): SidebarGroup[] {
  const consoleItems: (SidebarItem | false)[] = [
    Boolean(status.enable_data_export) && { path: '/detail', labelKey: 'sidebar.items.dashboard', icon: <AreaChartOutlined /> },
    { path: '/token', labelKey: 'sidebar.items.tokens', icon: <KeyOutlined /> },
    { path: '/log', labelKey: 'sidebar.items.logs', icon: <FileTextOutlined /> },
    Boolean(status.enable_drawing) && { path: '/midjourney', labelKey: 'sidebar.items.drawingLogs', icon: <PictureOutlined /> },
    Boolean(status.enable_task) && { path: '/task', labelKey: 'sidebar.items.taskLogs', icon: <BarsOutlined /> },
  ];
  const adminItems: (SidebarItem | false)[] = [
    isRoot(role) && { path: '/channel', labelKey: 'sidebar.items.channels', icon: <DeploymentUnitOutlined /> },
    isRoot(role) && { path: '/redemption', labelKey: 'sidebar.items.redemptions', icon: <TagsOutlined /> },
    { path: '/user', labelKey: 'sidebar.items.users', icon: <TeamOutlined /> },
    { path: '/setting', labelKey: 'sidebar.items.settings', icon: <SettingOutlined /> },
    { path: '/aipy-conf', labelKey: 'sidebar.items.aipyConf', icon: <RobotOutlined /> },
    { path: '/activity-config', labelKey: 'sidebar.items.activityConfig', icon: <CalendarOutlined /> },
  ];
  const personalItems: SidebarItem[] = [
    { path: '/topup', labelKey: 'sidebar.items.topup', icon: <CreditCardOutlined /> },
    { path: '/personal', labelKey: 'sidebar.items.personal', icon: <UserOutlined /> },
    { path: '/custom-models', labelKey: 'sidebar.items.customModels', icon: <ControlOutlined /> },
    { path: '/activity-center', labelKey: 'sidebar.items.activityCenter', icon: <TrophyOutlined /> },
  ];
  const groups: SidebarGroup[] = [{ key: 'console', items: consoleItems.filter((i): i is SidebarItem => Boolean(i)) }];
  if (isAdmin(role)) groups.push({ key: 'admin', items: adminItems.filter((i): i is SidebarItem => Boolean(i)) });
  groups.push({ key: 'personal', items: personalItems });
  return groups;
}

/** The item whose path is the longest prefix of the current path (so /user/edit/3 selects /user). */
export function selectedPathOf(groups: SidebarGroup[], pathname: string): string | undefined {
  const paths = groups.flatMap((g) => g.items.map((i) => i.path));
  return paths
    .filter((p) => pathname === p || pathname.startsWith(`${p}/`))
    .sort((a, b) => b.length - a.length)[0];
}
