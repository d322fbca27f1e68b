import { MonitorStatus, type AnnouncementType, type ApiInfoColor } from '@gw/contracts';

/** AntD's preset tag colours (they follow the light/dark theme) for new-api's route colour names. */
const TAG_COLORS: Record<ApiInfoColor, string> = {
  blue: 'blue', green: 'green', cyan: 'cyan', purple: 'purple', pink: 'magenta', red: 'red', orange: 'orange',
  amber: 'gold', yellow: 'gold', lime: 'lime', 'light-green': 'green', teal: 'cyan', 'light-blue': 'geekblue',
  indigo: 'geekblue', violet: 'purple', grey: 'default', slate: 'default',
};

export function tagColorOf(color: string): string {
  return TAG_COLORS[color as ApiInfoColor] ?? 'default';
}

/** A public latency test of an API address (the one new-api's console links to). */
export function speedTestUrl(url: string): string {
  return `https://www.tcptest.cn/http/${encodeURIComponent(url)}`;
}

/** AntD Badge states for Uptime Kuma's monitor states. */
export type MonitorBadge = { status: 'success' | 'error' | 'warning' | 'processing'; labelKey: 'up' | 'down' | 'pending' | 'maintenance' };

export function monitorBadgeOf(status: number): MonitorBadge {
  switch (status) {
    case MonitorStatus.Up:
      return { status: 'success', labelKey: 'up' };
    case MonitorStatus.Down:
      return { status: 'error', labelKey: 'down' };
    case MonitorStatus.Maintenance:
      return { status: 'processing', labelKey: 'maintenance' };
    default:
      return { status: 'warning', labelKey: 'pending' };
  }
}

/** 0.99876 → "99.88%". */
export function uptimePercent(uptime: number): string {
  return `${(Math.min(1, Math.max(0, uptime)) * 100).toFixed(2)}%`;
}

/** Timeline dot colours per announcement type ('warning' takes the theme's warning colour). */
export function announcementColorOf(type: AnnouncementType | undefined, warningColor: string): string {
  switch (type) {
    case 'ongoing':
      return 'blue';
    case 'success':
      return 'green';
    case 'warning':
      return warningColor;
    case 'error':
      return 'red';
    default:
      return 'gray';
  }
}
