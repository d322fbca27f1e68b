import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeAnswer {
  status?: number;
  /** Sent as JSON unless it is a string (sent as is). */
  body: unknown;
  delayMs?: number;
}

export interface FakeRatioUpstream {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Paths requested so far. */
  requests: string[];
  /** Sets the answer of a path (anything else is a 404). */
  answer(path: string, answer: FakeAnswer): void;
  close(): Promise<void>;
}

/** A local stand-in for another gateway's /api/ratio_config or /api/pricing (or any path a test needs). */
export async function startFakeRatioUpstream(): Promise<FakeRatioUpstream> {
  const answers = new Map<string, FakeAnswer>();
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '';
    requests.push(path);
    const found = answers.get(path);
    const send = () => {
      if (!found) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"success":false}');
      const text = typeof found.body === 'string' ? found.body : JSON.stringify(found.body);
      res.writeHead(found.status ?? 200, { 'content-type': typeof found.body === 'string' ? 'text/html' : 'application/json' }).end(text);
    };
    if (found?.delayMs) setTimeout(send, found.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    answer: (path, answer) => void answers.set(path, answer),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
