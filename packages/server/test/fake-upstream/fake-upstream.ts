/**
 * A real local HTTP server that plays an upstream provider for tests and the relay benchmark:
 * each route replays a reply (JSON, SSE with delays, errors, resets, hangs) and every request is
 * recorded for assertions.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { MultipartField } from '../../src/relay/providers/provider-adapter.js';
import { parseMultipart } from './multipart.js';
import type { JsonReply, Reply, SseReply } from './replies.js';

export interface RecordedRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  raw: Buffer;
  /** Parsed JSON, multipart fields, or the text body. */
  body: unknown;
  /** The client's port: tells which connection (a proxy's tunnel, say) the request came over. */
  remotePort: number | undefined;
}

/** A fixed reply, a sequence (the last one repeats once the others are used), or a function of the request. */
export type Route = Reply | readonly Reply[] | ((request: RecordedRequest) => Reply);

export interface FakeUpstreamOptions {
  /** Keyed `METHOD /path` (e.g. `POST /v1/chat/completions`); `*` answers anything unmatched. */
  routes: Record<string, Route>;
  /** Keep received requests (default true); the benchmark turns it off to keep memory flat. */
  record?: boolean;
}

export interface FakeUpstream {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  url: string;
  requests: RecordedRequest[];
  /** Replaces or adds a route while running. */
  setRoute(key: string, route: Route): void;
  close(): Promise<void>;
}

function parseBody(raw: Buffer, contentType: string): unknown {
  if (!raw.length) return undefined;
  if (/multipart\/form-data/i.test(contentType)) return parseMultipart(raw, contentType) satisfies MultipartField[];
  const text = raw.toString('utf8');
  if (/json/i.test(contentType)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** Serialised once per reply object: the benchmark replays the same reply many thousand times. */
const serialised = new WeakMap<JsonReply, Buffer>();
function jsonBytes(reply: JsonReply): Buffer {
  let bytes = serialised.get(reply);
  if (!bytes) {
    bytes = Buffer.from(JSON.stringify(reply.body));
    serialised.set(reply, bytes);
  }
  return bytes;
}

/** Reads the request; the body is parsed only when someone will look at it (recording, function routes). */
async function readRequest(req: IncomingMessage, parse: boolean): Promise<RecordedRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const url = new URL(req.url ?? '/', 'http://fake');
  return {
    method: req.method ?? 'GET',
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: req.headers,
    raw,
    body: parse ? parseBody(raw, String(req.headers['content-type'] ?? '')) : undefined,
    remotePort: req.socket.remotePort,
  };
}

export async function startFakeUpstream(options: FakeUpstreamOptions): Promise<FakeUpstream> {
  const routes = new Map<string, Route>(Object.entries(options.routes));
  const served = new Map<string, number>();
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const sockets = new Set<Socket>();

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  function pickReply(key: string, request: RecordedRequest): Reply | undefined {
    const routeKey = routes.has(key) ? key : routes.has('*') ? '*' : undefined;
    if (!routeKey) return undefined;
    const route = routes.get(routeKey)!;
    if (typeof route === 'function') return route(request);
    if (!Array.isArray(route)) return route as Reply;
    const count = served.get(routeKey) ?? 0;
    served.set(routeKey, count + 1);
    return route[Math.min(count, route.length - 1)];
  }

  async function writeSse(res: ServerResponse, reply: SseReply) {
    res.writeHead(reply.status ?? 200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', ...reply.headers });
    res.flushHeaders();
    for (let i = 0; i < reply.events.length; i++) {
      if (reply.resetAfter !== undefined && i >= reply.resetAfter) {
        res.socket?.destroy();
        return;
      }
      const delay = typeof reply.delayMs === 'number' ? reply.delayMs : (reply.delayMs?.[i] ?? 0);
      if (delay > 0) await wait(delay);
      if (res.destroyed || res.writableEnded) return;
      const frame = `${reply.events[i]}\n\n`;
      // Before a planned reset, wait until the event left, so the client really receives it.
      if (reply.resetAfter === undefined) res.write(frame);
      else await new Promise<void>((resolve) => res.write(frame, () => resolve()));
    }
    if (reply.endDelayMs) await wait(reply.endDelayMs);
    if (reply.resetAfter !== undefined && reply.resetAfter >= reply.events.length) {
      res.socket?.destroy();
      return;
    }
    if (!res.destroyed) res.end();
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const key = `${req.method ?? 'GET'} ${new URL(req.url ?? '/', 'http://fake').pathname}`;
    const route = routes.get(key) ?? routes.get('*');
    const request = await readRequest(req, options.record !== false || typeof route === 'function');
    if (options.record !== false) requests.push(request);
    const reply = pickReply(key, request);
    if (!reply) {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `no fake route for ${request.method} ${request.path}`, type: 'not_found' } }));
      return;
    }
    switch (reply.kind) {
      case 'json': {
        const body = jsonBytes(reply);
        res.writeHead(reply.status ?? 200, { 'Content-Type': 'application/json', 'Content-Length': body.length, ...reply.headers });
        res.end(body);
        return;
      }
      case 'raw': {
        const body = typeof reply.body === 'string' ? Buffer.from(reply.body, 'utf8') : Buffer.from(reply.body);
        res.writeHead(reply.status ?? 200, { 'Content-Type': reply.contentType, 'Content-Length': body.length, ...reply.headers });
        res.end(body);
        return;
      }
      case 'sse':
        await writeSse(res, reply);
        return;
      case 'reset':
        req.socket.destroy();
        return;
      case 'hang':
        return;
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(`fake upstream failed: ${String(error)}`);
    });
  });
  server.keepAliveTimeout = 30_000;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setRoute(key, route) {
      routes.set(key, route);
      served.delete(key);
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
