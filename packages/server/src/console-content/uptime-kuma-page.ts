import { z } from 'zod';
import { MonitorStatus, type UptimeMonitor } from '@gw/contracts';

/** The parts of Uptime Kuma's GET /api/status-page/<slug> we read. */
const StatusPage = z.object({
  publicGroupList: z
    .array(
      z.object({
        name: z.string().catch(''),
        monitorList: z.array(z.object({ id: z.union([z.number(), z.string()]), name: z.string().catch('') })).nullish(),
      }),
    )
    .nullish(),
});

/**
 * The parts of GET /api/status-page/heartbeat/<slug>: beats per monitor id, oldest first (an empty time
 * bucket is 0), and uptime per id (`<id>_24` in Kuma 1.x, `<id>` in 2.x).
 */
const Heartbeats = z.object({
  heartbeatList: z.record(z.string(), z.array(z.unknown()).nullish()).nullish(),
  uptimeList: z.record(z.string(), z.unknown()).nullish(),
});

function latestStatus(beats: readonly unknown[] | null | undefined): number {
  for (let i = (beats?.length ?? 0) - 1; i >= 0; i--) {
    const status = (beats![i] as { status?: unknown } | null)?.status;
    if (typeof status === 'number') return status;
  }
  return MonitorStatus.Pending;
}

function uptimeOf(list: Record<string, unknown> | null | undefined, id: string): number {
  const raw = list?.[`${id}_24`] ?? list?.[id];
  const n = typeof raw === 'number' ? raw : Number(raw);
  return Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0;
}

/**
 * The monitors of a status page, in the page's order, with their latest state (a monitor without a
 * heartbeat yet is pending) and 24-hour uptime. Throws when either answer is not Uptime Kuma's.
 */
export function monitorsOf(page: unknown, heartbeats: unknown): UptimeMonitor[] {
  const p = StatusPage.safeParse(page);
  const h = Heartbeats.safeParse(heartbeats);
  if (!p.success || !h.success) throw new Error('the answer is not an Uptime Kuma status page');
  const monitors: UptimeMonitor[] = [];
  for (const group of p.data.publicGroupList ?? []) {
    for (const m of group.monitorList ?? []) {
      const id = String(m.id);
      monitors.push({ name: m.name, status: latestStatus(h.data.heartbeatList?.[id]), uptime: uptimeOf(h.data.uptimeList, id), group: group.name });
    }
  }
  return monitors;
}
