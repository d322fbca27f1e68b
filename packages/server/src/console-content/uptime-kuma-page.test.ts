import { describe, expect, it } from 'vitest';
import { MonitorStatus } from '@gw/contracts';
import { monitorsOf } from './uptime-kuma-page.js';

const page = {
  publicGroupList: [
    { id: 1, name: 'APIs', monitorList: [{ id: 1, name: 'chat' }, { id: 2, name: 'images' }] },
    { id: 2, name: 'Web', monitorList: [{ id: 3, name: 'console' }] },
    { id: 3, name: 'Empty', monitorList: [] },
  ],
};

describe('Uptime Kuma status page answers', () => {
  it('takes each monitor\'s newest beat and its 24-hour uptime (Kuma 1.x keys)', () => {
    const heartbeats = {
      heartbeatList: { 1: [{ status: 0 }, { status: 1 }], 2: [{ status: 1 }, { status: 0 }], 3: [{ status: 3 }] },
      uptimeList: { '1_24': 0.995, '2_24': 0.5, '3_24': 1 },
    };
    expect(monitorsOf(page, heartbeats)).toEqual([
      { name: 'chat', status: MonitorStatus.Up, uptime: 0.995, group: 'APIs' },
      { name: 'images', status: MonitorStatus.Down, uptime: 0.5, group: 'APIs' },
      { name: 'console', status: MonitorStatus.Maintenance, uptime: 1, group: 'Web' },
    ]);
  });

  it('reads Kuma 2.x answers: uptime keyed by id, empty time buckets as 0, monitors without beats pending', () => {
    const heartbeats = { heartbeatList: { 1: [{ status: 1 }, 0, 0], 2: [] }, uptimeList: { 1: 0.9, 2: 'n/a' } };
    expect(monitorsOf(page, heartbeats)).toEqual([
      { name: 'chat', status: MonitorStatus.Up, uptime: 0.9, group: 'APIs' },
      { name: 'images', status: MonitorStatus.Pending, uptime: 0, group: 'APIs' },
      { name: 'console', status: MonitorStatus.Pending, uptime: 0, group: 'Web' },
    ]);
  });

  it('refuses answers that are not a status page', () => {
    expect(() => monitorsOf({ publicGroupList: 'x' }, {})).toThrow('the answer is not an Uptime Kuma status page');
    expect(() => monitorsOf(page, [])).toThrow('the answer is not an Uptime Kuma status page');
  });
});
