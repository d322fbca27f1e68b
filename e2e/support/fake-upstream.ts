import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeUpstream {
  url: string;
  /** Bodies of the chat requests received, newest last. */
  requests: unknown[];
  close: () => Promise<void>;
}

/**
 * A tiny OpenAI-compatible upstream: `POST /v1/chat/completions` answers one assistant message with the
 * given usage, `GET /v1/models` lists `models`; anything else is a 404 in OpenAI's error shape.
 */
export async function startFakeUpstream(
  usage = { prompt_tokens: 1200, completion_tokens: 800 },
  models: string[] = ['gpt-4o-mini'],
): Promise<FakeUpstream> {
  const requests: unknown[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/chat/completions') {
        const body = JSON.parse(raw || '{}') as { model?: string };
        requests.push(body);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'chatcmpl-e2e',
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: body.model ?? 'unknown',
            choices: [{ index: 0, message: { role: 'assistant', content: 'Hello from the fake upstream' }, finish_reason: 'stop' }],
            usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
          }),
        );
        return;
      }
      if (req.method === 'GET' && req.url === '/v1/models') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ object: 'list', data: models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'fake' })) }));
        return;
      }
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'not found', type: 'invalid_request_error' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
