import { afterEach, describe, expect, it, vi } from 'vitest';
import { SystemLoadMonitor, startSystemLoad, type LoadSource } from './system-load.js';

type Values = Record<string, boolean | number>;

const DEFAULTS: Values = {
  'performance_setting.monitor_enabled': true,
  'performance_setting.monitor_cpu_threshold': 90,
  'performance_setting.monitor_memory_threshold': 90,
  'performance_setting.monitor_disk_threshold': 95,
};

function fakeOptions(values: Values = {}) {
  const current = { ...DEFAULTS, ...values };
  const listeners = new Set<() => void>();
  const get = vi.fn((key: string) => current[key]);
  return {
    get: get as never,
    reads: get,
    set(next: Values) {
      Object.assign(current, next);
      for (const l of listeners) l();
    },
    onChange(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A machine whose CPU is `cpu` % busy between two readings, with the given memory and disk usage. */
function fakeMachine(state: { cpu: number; memory: number; disk: number }) {
  let busy = 0;
  let idle = 0;
  const source: LoadSource & { statfsCalls: string[] } = {
    statfsCalls: [],
    cpus: () => {
      busy += state.cpu;
      idle += 100 - state.cpu;
      return [{ model: 'fake', speed: 1, times: { user: busy, nice: 0, sys: 0, idle, irq: 0 } }];
    },
    totalmem: () => 1000,
    freemem: () => 1000 - state.memory * 10,
    statfs: async (path) => {
      source.statfsCalls.push(path);
      return { bsize: 1, blocks: 100, bfree: 100 - state.disk, bavail: 100 - state.disk };
    },
  };
  return source;
}

describe('system load monitor', () => {
  afterEach(() => vi.useRealTimers());

  it('measures CPU between samples, memory and the data disk, and judges them by the thresholds', async () => {
    const options = fakeOptions();
    const state = { cpu: 50, memory: 40, disk: 30 };
    const machine = fakeMachine(state);
    const monitor = new SystemLoadMonitor({ options, diskPath: '/data', source: machine });
    monitor.sync();
    await monitor.sample();
    // The first reading has no CPU interval yet.
    expect(monitor.view()).toMatchObject({ monitor_enabled: true, cpu_usage: null, memory_usage: 40, disk_usage: 30, overloaded: '' });
    expect(machine.statfsCalls).toContain('/data');
    await monitor.sample();
    expect(monitor.view()).toMatchObject({ cpu_usage: 50, cpu_threshold: 90, memory_threshold: 90, disk_threshold: 95, sampled_at: expect.any(Number) });
    expect(monitor.overload()).toBeUndefined();

    state.memory = 91;
    await monitor.sample();
    expect(monitor.overload()).toMatchObject({ status: 503, code: 'system_memory_overloaded', type: 'new_api_error' });
    expect(monitor.view().overloaded).toBe('system_memory_overloaded');

    // A raised threshold is applied at once, without waiting for the next sample.
    options.set({ 'performance_setting.monitor_memory_threshold': 95 });
    monitor.sync();
    expect(monitor.overload()).toBeUndefined();

    state.cpu = 99;
    await monitor.sample();
    expect(monitor.overload()?.code).toBe('system_cpu_overloaded');
    options.set({ 'performance_setting.monitor_cpu_threshold': 0 });
    monitor.sync();
    expect(monitor.overload()).toBeUndefined();
    monitor.stop();
  });

  it('keeps the disk check without a figure when the data folder cannot be read', async () => {
    const machine = fakeMachine({ cpu: 1, memory: 1, disk: 1 });
    machine.statfs = async () => {
      throw new Error('ENOENT');
    };
    const monitor = new SystemLoadMonitor({ options: fakeOptions({ 'performance_setting.monitor_disk_threshold': 1 }), diskPath: '/missing', source: machine });
    monitor.sync();
    await monitor.sample();
    expect(monitor.view()).toMatchObject({ memory_usage: 1, disk_usage: null, overloaded: '' });
    monitor.stop();
  });

  it('samples on an unref’d timer only while monitoring is on, and answers with one option read when it is off', async () => {
    vi.useFakeTimers();
    const options = fakeOptions({ 'performance_setting.monitor_enabled': false });
    const state = { cpu: 10, memory: 99, disk: 10 };
    const machine = fakeMachine(state);
    const cpus = vi.spyOn(machine, 'cpus');
    const monitor = startSystemLoad(options, { dataDir: '/data', sqlitePath: '/srv/db/one-api.db' }, machine);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(cpus).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
    options.reads.mockClear();
    expect(monitor.overload()).toBeUndefined();
    expect(options.reads).toHaveBeenCalledTimes(1);

    options.set({ 'performance_setting.monitor_enabled': true });
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(machine.statfsCalls).toEqual(['/srv/db']);
    expect(monitor.overload()?.code).toBe('system_memory_overloaded');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(cpus).toHaveBeenCalledTimes(3);

    // Off again: the timer goes, and so do the figures (nothing stale is served or shown).
    options.set({ 'performance_setting.monitor_enabled': false });
    expect(vi.getTimerCount()).toBe(0);
    expect(monitor.overload()).toBeUndefined();
    expect(monitor.view()).toMatchObject({ monitor_enabled: false, memory_usage: null, overloaded: '' });
    options.set({ 'performance_setting.monitor_enabled': true });
    expect(vi.getTimerCount()).toBe(1);
    monitor.close();
    expect(vi.getTimerCount()).toBe(0);
    options.set({ 'performance_setting.monitor_enabled': true });
    expect(vi.getTimerCount()).toBe(0);
  });
});
