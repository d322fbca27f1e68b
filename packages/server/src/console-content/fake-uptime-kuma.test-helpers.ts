import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeMonitor {
  id: number;
  name: string;
  /** Heartbeat states, oldest first, as Kuma lists them (0 down, 1 up, 2 pending, 3 maintenance). */
  beats: number[];
  uptime: number;
}

export interface FakeUptimeKuma {
  url: string;
  /** Paths requested so far. */
  requests: string[];
  /** Sets a status page's groups of monitors. */
  setPage(slug: string, groups: { name: string; monitors: FakeMonitor[] }[]): void;
  /** Holds every answer back this long (to test timeouts). */
  delayMs: number;
  close(): Promise<void>;
}

/**
 * A local stand-in for Uptime Kuma's public status page API: GET /api/status-page/<slug> and
 * /api/status-page/heartbeat/<slug>, in Kuma 1.x's shape (uptime keyed `<id>_24`). Unknown slugs get
 * Kuma's 404 answer.
 */
export async function startFakeUptimeKuma(): Promise<FakeUptimeKuma> {
  const pages = new Map<string, { name: string; monitors: FakeMonitor[] }[]>();
  const requests: string[] = [];
  const fake = { delayMs: 0 } as FakeUptimeKuma;
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '';
    requests.push(path);
    const heartbeat = /^\/api\/status-page\/heartbeat\/([^/?]+)$/.exec(path);
    const page = /^\/api\/status-page\/([^/?]+)$/.exec(path);
    const groups = pages.get(decodeURIComponent((heartbeat ?? page)?.[1] ?? ''));
    let status = 200;
    let body: unknown;
    if (!groups) {
      status = 404;
      body = { ok: false, msg: 'Status Page Not Found' };
    } else if (heartbeat) {
      const monitors = groups.flatMap((g) => g.monitors);
      body = {
        heartbeatList: Object.fromEntries(monitors.map((m) => [String(m.id), m.beats.map((s, i) => ({ status: s, time: `2025-01-01 00:0${i}:00`, msg: '', ping: 20 }))])),
        uptimeList: Object.fromEntries(monitors.map((m) => [`${m.id}_24`, m.uptime])),
      };
    } else {
      body = {
        config: { slug: 'x', title: 'Status' },
        incident: null,
        publicGroupList: groups.map((g, i) => ({ id: i + 1, name: g.name, weight: i, monitorList: g.monitors.map((m) => ({ id: m.id, name: m.name, type: 'http' })) })),
        maintenanceList: [],
      };
    }
    setTimeout(() => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    }, fake.delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    requests,
    setPage: (slug: string, groups: { name: string; monitors: FakeMonitor[] }[]) => void pages.set(slug, groups),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
