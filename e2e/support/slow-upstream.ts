import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An OpenAI-compatible upstream that streams `chunks` pieces `gapMs` apart, then its usage and [DONE]. */
export async function startSlowStreamingUpstream(chunks: number, gapMs: number): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', async () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = (delta: object, finish: string | null = null) =>
        `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      for (let i = 0; i < chunks; i++) {
        res.write(chunk({ content: `piece${i} ` }));
        await new Promise((r) => setTimeout(r, gapMs));
      }
      res.write(chunk({}, 'stop'));
      res.write(`data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [], usage: { prompt_tokens: 1000, completion_tokens: chunks, total_tokens: 1000 + chunks } })}\n\n`);
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** A streamed chat completion read to its end on a new connection (agent: false: a cluster may hand it to any worker). */
export function streamChat(baseUrl: string, key: string, model = 'gpt-4o-mini'): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(new URL('/v1/chat/completions', baseUrl), { method: 'POST', agent: false, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(JSON.stringify({ model, stream: true, messages: [{ role: 'user', content: 'count slowly' }] }));
  });
}
