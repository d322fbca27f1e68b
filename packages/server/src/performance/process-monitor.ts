import { monitorEventLoopDelay, performance, PerformanceObserver, type EventLoopUtilization, type IntervalHistogram } from 'node:perf_hooks';
import { countByType, cpuPercent, delayFigures, utilizationOf } from './process-figures.js';
import type { PerformanceStats } from '@gw/contracts';

/** The delay timer's period: 50 wake-ups a second, too few to cost anything measurable. */
const RESOLUTION_MS = 20;

type Counters = Pick<PerformanceStats, 'event_loop' | 'cpu'> & { gc: { count: number; pause_ms: number }; since: number };

/**
 * Counters of this Node process that run from start-up or the last reset: event-loop delay (a perf_hooks
 * histogram) and utilisation, CPU time, and garbage collections observed (count and pause time). One per
 * process (see processMonitor), so every app built in it shares the counters.
 */
export class ProcessMonitor {
  private readonly delay: IntervalHistogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  private elu: EventLoopUtilization = performance.eventLoopUtilization();
  private cpu = process.cpuUsage();
  private wallStart = process.hrtime.bigint();
  private since = Date.now();
  private gcCount = 0;
  private gcPauseMs = 0;

  constructor() {
    this.delay.enable();
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        this.gcCount++;
        this.gcPauseMs += entry.duration;
      }
    });
    observer.observe({ entryTypes: ['gc'] });
  }

  reset(): void {
    this.delay.reset();
    this.elu = performance.eventLoopUtilization();
    this.cpu = process.cpuUsage();
    this.wallStart = process.hrtime.bigint();
    this.since = Date.now();
    this.gcCount = 0;
    this.gcPauseMs = 0;
  }

  read(cores: number): Counters {
    const cpu = process.cpuUsage(this.cpu);
    const wallMicros = Number(process.hrtime.bigint() - this.wallStart) / 1000;
    const { delay, samples } = delayFigures(this.delay, RESOLUTION_MS);
    return {
      event_loop: {
        delay_ms: delay,
        samples,
        utilization: utilizationOf(performance.eventLoopUtilization(this.elu).utilization),
        active_resources: countByType(process.getActiveResourcesInfo()),
      },
      cpu: {
        user_seconds: Math.round(cpu.user / 1000) / 1000,
        system_seconds: Math.round(cpu.system / 1000) / 1000,
        percent: cpuPercent(cpu.user + cpu.system, wallMicros),
        cores,
      },
      gc: { count: this.gcCount, pause_ms: Math.round(this.gcPauseMs * 1000) / 1000 },
      since: Math.floor(this.since / 1000),
    };
  }
}

let shared: ProcessMonitor | undefined;

/** The process's one monitor, started the first time it is asked for. */
export function processMonitor(): ProcessMonitor {
  return (shared ??= new ProcessMonitor());
}
