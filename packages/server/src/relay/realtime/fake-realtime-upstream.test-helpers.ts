import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { RealtimeResponseUsage } from './realtime-usage.js';

/** One connection the fake upstream accepted (or refused), with everything it received. */
export interface UpstreamConnection {
  url: string;
  headers: IncomingHttpHeaders;
  query: URLSearchParams;
  /** Frames received, in order; text frames as strings, binary ones as buffers. */
  frames: (string | Buffer)[];
  closed: Promise<{ code: number; reason: string }>;
  socket: WebSocket | undefined;
}

export interface FakeRealtimeOptions {
  /** Answer every upgrade with this HTTP status and an OpenAI error body instead of upgrading. */
  refuseWith?: number;
  /** Milliseconds to wait before sending response.done. */
  responseDelayMs?: number;
}

export interface FakeRealtimeUpstream {
  /** http://127.0.0.1:<port>, as a channel's base URL. */
  url: string;
  connections: UpstreamConnection[];
  /** Usage of the next response.done events, in order (a default one when empty). */
  usages: RealtimeResponseUsage[];
  /** Usage of the next input transcriptions (sent after input_audio_buffer.commit when transcription is on). */
  transcriptionUsages: Record<string, unknown>[];
  options: FakeRealtimeOptions;
  /** The index-th connection (0-based), once it came. */
  connection(index: number): Promise<UpstreamConnection>;
  close(): Promise<void>;
}

export const realtimeUsage = (input: { text: number; audio: number; cachedText?: number; cachedAudio?: number }, output: { text: number; audio: number }): RealtimeResponseUsage => {
  const cachedText = input.cachedText ?? 0;
  const cachedAudio = input.cachedAudio ?? 0;
  const inputTokens = input.text + input.audio;
  const outputTokens = output.text + output.audio;
  return {
    total_tokens: inputTokens + outputTokens,
    input_tokens: inputTokens,
    output_tokens: outputTokens,
    input_token_details: {
      cached_tokens: cachedText + cachedAudio,
      text_tokens: input.text,
      audio_tokens: input.audio,
      image_tokens: 0,
      cached_tokens_details: { text_tokens: cachedText, audio_tokens: cachedAudio, image_tokens: 0 },
    },
    output_token_details: { text_tokens: output.text, audio_tokens: output.audio },
  };
};

let eventCounter = 0;
const eventId = () => `event_${(++eventCounter).toString(36).padStart(8, '0')}`;

/**
 * A Realtime API upstream over a real socket. It opens with session.created; to a client's
 * response.create it answers with the GA event sequence (response.created, output item, audio and
 * transcript deltas, response.done with usage). A text frame `{"type":"test.echo",...}` and any binary
 * frame are sent back unchanged; `{"type":"test.close","code":…,"reason":…}` makes it close.
 */
export async function startFakeRealtimeUpstream(options: FakeRealtimeOptions = {}): Promise<FakeRealtimeUpstream> {
  const server: Server = createServer((_req, res) => res.writeHead(404).end());
  const wss = new WebSocketServer({ noServer: true });
  const fake: FakeRealtimeUpstream = {
    url: '',
    connections: [],
    usages: [],
    transcriptionUsages: [],
    options,
    connection: (index) => waitFor(index),
    close: async () => {
      for (const c of fake.connections) c.socket?.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const waiters: { index: number; resolve: (c: UpstreamConnection) => void }[] = [];
  const waitFor = (index: number) =>
    new Promise<UpstreamConnection>((resolve) => {
      if (fake.connections[index]) resolve(fake.connections[index]);
      else waiters.push({ index, resolve });
    });
  const record = (c: UpstreamConnection) => {
    fake.connections.push(c);
    for (const w of waiters.filter((w) => w.index === fake.connections.length - 1)) w.resolve(c);
  };

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://upstream');
    const base = { url: req.url ?? '', headers: req.headers, query: url.searchParams, frames: [] };
    if (fake.options.refuseWith) {
      const body = JSON.stringify({ error: { message: 'upstream is overloaded', type: 'server_error', code: 'overloaded' } });
      socket.end(`HTTP/1.1 ${fake.options.refuseWith} Refused\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
      record({ ...base, socket: undefined, closed: Promise.resolve({ code: 1006, reason: '' }) });
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
      const conn: UpstreamConnection = { ...base, socket: ws, closed };
      record(conn);
      serve(fake, ws, conn);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

function serve(fake: FakeRealtimeUpstream, ws: WebSocket, conn: UpstreamConnection) {
  const model = conn.query.get('model') ?? conn.query.get('deployment') ?? '';
  const send = (event: Record<string, unknown>) => ws.send(JSON.stringify({ type: event.type, event_id: eventId(), ...event }));
  let session: Record<string, any> = { type: 'realtime', object: 'realtime.session', id: 'sess_fake', model, output_modalities: ['audio'], instructions: '', audio: { input: { transcription: null } } };
  send({ type: 'session.created', session });
  ws.on('message', (data: Buffer, isBinary) => {
    if (isBinary) {
      conn.frames.push(Buffer.from(data));
      ws.send(data, { binary: true });
      return;
    }
    const text = data.toString('utf8');
    conn.frames.push(text);
    const event = JSON.parse(text) as { type: string; code?: number; reason?: string };
    if (event.type === 'test.echo') ws.send(text);
    if (event.type === 'test.close') ws.close(event.code, event.reason);
    if (event.type === 'response.create') respond(fake, ws, send);
    if (event.type === 'session.update') {
      const update = (event as { session?: Record<string, any> }).session ?? {};
      session = { ...session, ...update, audio: { input: { ...session.audio.input, ...update.audio?.input } } };
      send({ type: 'session.updated', session });
    }
    if (event.type === 'input_audio_buffer.commit' && session.audio.input.transcription) {
      send({ type: 'input_audio_buffer.committed', item_id: 'item_in', previous_item_id: null });
      const usage = fake.transcriptionUsages.shift() ?? { type: 'tokens', total_tokens: 30, input_tokens: 25, input_token_details: { text_tokens: 0, audio_tokens: 25 }, output_tokens: 5 };
      send({ type: 'conversation.item.input_audio_transcription.completed', item_id: 'item_in', content_index: 0, transcript: 'hello', usage });
    }
  });
}

function respond(fake: FakeRealtimeUpstream, ws: WebSocket, send: (e: Record<string, unknown>) => void) {
  const usage = fake.usages.shift() ?? realtimeUsage({ text: 10, audio: 0 }, { text: 5, audio: 20 });
  const id = `resp_${eventId()}`;
  const response = { object: 'realtime.response', id, conversation_id: 'conv_fake', output_modalities: ['audio'], max_output_tokens: 'inf', metadata: null };
  send({ type: 'response.created', response: { ...response, status: 'in_progress', status_details: null, output: [], usage: null } });
  send({ type: 'response.output_item.added', response_id: id, output_index: 0, item: { id: 'item_1', type: 'message', role: 'assistant', status: 'in_progress', content: [] } });
  for (const chunk of ['AAAA', 'BBBB']) send({ type: 'response.output_audio.delta', response_id: id, item_id: 'item_1', output_index: 0, content_index: 0, delta: chunk });
  send({ type: 'response.output_audio_transcript.delta', response_id: id, item_id: 'item_1', output_index: 0, content_index: 0, delta: 'Hello there!' });
  const done = () => {
    if (ws.readyState !== ws.OPEN) return;
    const output = [{ id: 'item_1', object: 'realtime.item', type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'output_audio', transcript: 'Hello there!' }] }];
    send({ type: 'response.done', response: { ...response, status: 'completed', status_details: null, output, usage } });
  };
  if (fake.options.responseDelayMs) setTimeout(done, fake.options.responseDelayMs);
  else done();
}
