/**
 * A local stand-in for an Ollama server's native API, answering in Ollama's own wire format:
 * `GET /api/version`, `GET /api/tags`, `POST /api/pull` (NDJSON progress lines, `application/x-ndjson`,
 * written in pieces that split lines; one JSON object with `stream: false`), `DELETE /api/delete`
 * (an empty 200, or 404 with `{"error":"model '…' not found"}`).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface FakeOllamaRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface FakeOllama {
  url: string;
  requests: FakeOllamaRequest[];
  /** Models the server has, as /api/tags names them. */
  models: Set<string>;
  /** Models whose pull fails the way Ollama fails an unknown name (an error line after "pulling manifest"). */
  unknown: Set<string>;
  /** Pauses between progress pieces, in ms (default 5). */
  delayMs: number;
  /** Streamed pulls whose client hung up before the end. */
  pullsCut: number;
  /** When set, every answer is this status with Ollama's error body. */
  failWith: { status: number; error: string } | null;
  close(): Promise<void>;
}

export const FAKE_OLLAMA_VERSION = '0.6.2';
const LAYER = 'sha256:dde5aa3fc5ffc17176b5e8bdc82f587b24b2678c6c66101bf7da77af9f7ccdff';
const TOTAL = 2_019_377_376;

/** The lines Ollama streams for a successful pull of one layer. */
export function pullProgressLines(): object[] {
  const layer = { status: `pulling ${LAYER.slice(7, 19)}`, digest: LAYER, total: TOTAL };
  return [
    { status: 'pulling manifest' },
    layer,
    { ...layer, completed: 524_288_000 },
    { ...layer, completed: 1_572_864_000 },
    { ...layer, completed: TOTAL },
    { status: 'verifying sha256 digest' },
    { status: 'writing manifest' },
    { status: 'success' },
  ];
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  try {
    return raw ? (JSON.parse(raw) as unknown) : undefined;
  } catch {
    return raw;
  }
}

export async function startFakeOllama(models: string[] = ['llama3.2:latest']): Promise<FakeOllama> {
  const sockets = new Set<Socket>();
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const state: Omit<FakeOllama, 'url' | 'close'> = { requests: [], models: new Set(models), unknown: new Set(), delayMs: 5, pullsCut: 0, failWith: null };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };

  async function pull(res: ServerResponse, name: string, stream: boolean) {
    if (!stream) {
      if (state.unknown.has(name)) return json(res, 500, { error: 'pull model manifest: file does not exist' });
      state.models.add(name.includes(':') ? name : `${name}:latest`);
      return json(res, 200, { status: 'success' });
    }
    res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
    const lines = state.unknown.has(name) ? [{ status: 'pulling manifest' }, { error: 'pull model manifest: file does not exist' }] : pullProgressLines();
    const text = lines.map((l) => `${JSON.stringify(l)}\n`).join('');
    // The model is there once the success line goes out (a client may hang up right after reading it).
    const successAt = state.unknown.has(name) ? Infinity : text.lastIndexOf('{"status":"success"}');
    // Pieces of 37 bytes: lines arrive split, as they do over a real connection.
    for (let i = 0; i < text.length; i += 37) {
      if (res.destroyed) {
        state.pullsCut += 1;
        return;
      }
      if (i + 37 > successAt) state.models.add(name.includes(':') ? name : `${name}:latest`);
      res.write(text.slice(i, i + 37));
      await wait(state.delayMs);
    }
    res.end();
  }

  const server = createServer((req, res) => {
    void (async () => {
      const body = await readJson(req);
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      state.requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body });
      if (state.failWith) return json(res, state.failWith.status, { error: state.failWith.error });
      const named = (body as { model?: string; name?: string } | undefined) ?? {};
      const name = named.model ?? named.name ?? '';
      if (req.method === 'GET' && path === '/api/version') return json(res, 200, { version: FAKE_OLLAMA_VERSION });
      if (req.method === 'GET' && path === '/api/tags') {
        return json(res, 200, { models: [...state.models].map((m) => ({ name: m, model: m, modified_at: '2025-01-01T00:00:00Z', size: TOTAL, digest: LAYER.slice(7), details: { format: 'gguf' } })) });
      }
      if (req.method === 'POST' && path === '/api/pull') return pull(res, name, (body as { stream?: boolean } | undefined)?.stream !== false);
      if (req.method === 'DELETE' && path === '/api/delete') {
        const full = name.includes(':') ? name : `${name}:latest`;
        if (!state.models.delete(full)) return json(res, 404, { error: `model '${name}' not found` });
        res.writeHead(200).end();
        return;
      }
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('404 page not found');
    })();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake = Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  });
  return fake;
}
