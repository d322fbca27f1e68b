import { describe, expect, it } from 'vitest';
import { API_INFO_COLORS, MonitorStatus } from '@gw/contracts';
import { announcementColorOf, monitorBadgeOf, speedTestUrl, tagColorOf, uptimePercent } from './console-content';

describe('dashboard console content', () => {
  it('shows each monitor state with its own badge, unknown states as pending', () => {
    expect(monitorBadgeOf(MonitorStatus.Up)).toEqual({ status: 'success', labelKey: 'up' });
    expect(monitorBadgeOf(MonitorStatus.Down)).toEqual({ status: 'error', labelKey: 'down' });
    expect(monitorBadgeOf(MonitorStatus.Maintenance)).toEqual({ status: 'processing', labelKey: 'maintenance' });
    expect(monitorBadgeOf(MonitorStatus.Pending)).toEqual({ status: 'warning', labelKey: 'pending' });
    expect(monitorBadgeOf(9)).toEqual({ status: 'warning', labelKey: 'pending' });
  });

  it('writes uptime as a percentage with two decimals', () => {
    expect(uptimePercent(0.99876)).toBe('99.88%');
    expect(uptimePercent(1)).toBe('100.00%');
    expect(uptimePercent(-1)).toBe('0.00%');
  });

  it('maps every route colour name to a theme tag colour', () => {
    for (const color of API_INFO_COLORS) expect(tagColorOf(color)).toMatch(/^[a-z]+$/);
    expect(tagColorOf('pink')).toBe('magenta');
    expect(tagColorOf('unknown')).toBe('default');
  });

  it('links an address to the speed test with the address encoded', () => {
    expect(speedTestUrl('https://api.example.com/v1?a=b')).toBe('https://www.tcptest.cn/http/https%3A%2F%2Fapi.example.com%2Fv1%3Fa%3Db');
  });

  it('colours announcements by type', () => {
    expect(announcementColorOf('default', '#f90')).toBe('gray');
    expect(announcementColorOf('ongoing', '#f90')).toBe('blue');
    expect(announcementColorOf('warning', '#f90')).toBe('#f90');
    expect(announcementColorOf('error', '#f90')).toBe('red');
  });
});
