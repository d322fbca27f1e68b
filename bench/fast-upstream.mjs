// A fast fake OpenAI-compatible upstream for the benchmark: a fixed answer, no delays.
import http from 'node:http';
import { setImmediate } from 'node:timers';

const completion = JSON.stringify({
  id: 'chatcmpl-bench', object: 'chat.completion', created: 1, model: 'gpt-4o-mini',
  choices: [{ index: 0, message: { role: 'assistant', content: 'Hello from the benchmark upstream.' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 9, completion_tokens: 8, total_tokens: 17 },
});
const chunk = (delta, finish = null) => `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
const stream = [
  chunk({ role: 'assistant', content: '' }),
  ...['Hello', ' from', ' the', ' benchmark', ' upstream', '.', ' One', ' two', ' three'].map((t) => chunk({ content: t })),
  chunk({}, 'stop'),
  `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [], usage: { prompt_tokens: 9, completion_tokens: 9, total_tokens: 18 } })}\n\n`,
  'data: [DONE]\n\n',
].join('');

/**
 * A stream of `n` one-word content events, each written on its own turn of the event loop (so each leaves
 * as its own TCP segment and reaches the proxy as its own chunk, as a model's tokens do), for requests
 * whose body asks for `"bench_chunks": n`.
 */
function writeChunked(res, n) {
  const events = [chunk({ role: 'assistant', content: '' }), ...Array.from({ length: n }, (_, i) => chunk({ content: ` word${i}` })), chunk({}, 'stop'),
    `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [], usage: { prompt_tokens: 9, completion_tokens: n, total_tokens: 9 + n } })}\n\n`];
  let i = 0;
  const next = () => {
    if (i === events.length) return res.end('data: [DONE]\n\n');
    res.write(events[i++]);
    setImmediate(next);
  };
  next();
}

export function startFastUpstream() {
  const server = http.createServer((req, res) => {
    let size = 0;
    let wantsStream = false;
    const head = [];
    req.on('data', (c) => {
      if (size < 4096) head.push(c);
      size += c.length;
    });
    req.on('end', () => {
      const text = Buffer.concat(head).toString();
      wantsStream = /"stream"\s*:\s*true/.test(text);
      const chunks = Number(/"bench_chunks"\s*:\s*(\d+)/.exec(text)?.[1] ?? 0);
      if (wantsStream) {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        if (chunks > 0) writeChunked(res, chunks);
        else res.end(stream);
      } else {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(completion) });
        res.end(completion);
      }
    });
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startFastUpstream();
  console.log(server.address().port);
}
