import { describe, expect, it } from 'vitest';
import { cpuTimesOf, cpuUsagePercent, diskUsagePercent, memoryUsagePercent, overloadOf } from './system-figures.js';

const core = (user: number, sys: number, idle: number, nice = 0, irq = 0) => ({ times: { user, nice, sys, idle, irq } });

describe('system load arithmetic', () => {
  it('adds every core’s times and takes the busy share of the interval between two readings', () => {
    const before = cpuTimesOf([core(100, 50, 850), core(200, 0, 800)]);
    expect(before).toEqual({ idle: 1650, total: 2000 });
    // 1000 ms more per core: 400 busy on the first, 500 busy (nice and irq count) on the second: 900 of 2000.
    const after = cpuTimesOf([core(400, 150, 1450), core(200, 0, 1300, 400, 100)]);
    expect(cpuUsagePercent(before, after)).toBe(45);
    expect(cpuUsagePercent(before, cpuTimesOf([core(100, 50, 1850), core(200, 0, 1800)]))).toBe(0);
    expect(cpuUsagePercent(before, cpuTimesOf([core(1100, 50, 850), core(1200, 0, 800)]))).toBe(100);
  });

  it('has no CPU figure when no time passed or the counters went back', () => {
    const t = cpuTimesOf([core(10, 10, 80)]);
    expect(cpuUsagePercent(t, t)).toBeNull();
    expect(cpuUsagePercent(t, cpuTimesOf([core(5, 5, 40)]))).toBeNull();
  });

  it('rounds memory usage to two decimals and has none without a total', () => {
    expect(memoryUsagePercent(16 * 2 ** 30, 4 * 2 ** 30)).toBe(75);
    expect(memoryUsagePercent(3, 2)).toBe(33.33);
    expect(memoryUsagePercent(0, 0)).toBeNull();
  });

  it('counts disk usage as df does: root’s reserved blocks are neither used nor available', () => {
    // 1000 blocks, 300 free of which 50 reserved: used 700 of 700 + 250.
    expect(diskUsagePercent({ bsize: 4096, blocks: 1000, bfree: 300, bavail: 250 })).toBe(73.68);
    expect(diskUsagePercent({ bsize: 4096, blocks: 1000, bfree: 1000, bavail: 1000 })).toBe(0);
    expect(diskUsagePercent({ bsize: 4096, blocks: 0, bfree: 0, bavail: 0 })).toBeNull();
  });

  it('trips on the first resource whose whole-percent usage is above its threshold, 0 turning a check off', () => {
    const limits = { cpu: 90, memory: 90, disk: 95 };
    expect(overloadOf({ cpu: 90.99, memory: 90.5, disk: 95.9 }, limits)).toBeUndefined();
    expect(overloadOf({ cpu: 91, memory: 10, disk: 10 }, limits)?.code).toBe('system_cpu_overloaded');
    expect(overloadOf({ cpu: 99, memory: 99, disk: 99 }, limits)?.code).toBe('system_cpu_overloaded');
    expect(overloadOf({ cpu: 99, memory: 99, disk: 99 }, { ...limits, cpu: 0 })?.code).toBe('system_memory_overloaded');
    expect(overloadOf({ cpu: 1, memory: 1, disk: 96 }, limits)).toMatchObject({ code: 'system_disk_overloaded', message: expect.stringContaining('96%') });
    expect(overloadOf({ cpu: 100, memory: 100, disk: 100 }, { cpu: 0, memory: 0, disk: 0 })).toBeUndefined();
    expect(overloadOf({ cpu: null, memory: null, disk: null }, { cpu: 1, memory: 1, disk: 1 })).toBeUndefined();
  });
});
