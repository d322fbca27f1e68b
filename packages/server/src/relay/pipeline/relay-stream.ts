import { emptyUsage, type Usage } from '../formats/usage.js';
import { nowSeconds, randomId } from '../formats/ids.js';
import { ChunkFactory } from '../formats/openai/chunks.js';
import type { ByteStreamTranslator, OutboundEvent, StreamTranslator } from '../providers/provider-adapter.js';
import { RelayError } from '../relay-error.js';
import { SseParser, type ParsedSseEvent } from '../streaming/sse-parser.js';
import { StreamingTokenCounter } from '../usage/token-counter.js';
import { forEachChunk } from './body-chunks.js';
import { frameSse } from './client-io.js';
import type { RelayDeps } from './relay-deps.js';
import type { RelayInput } from './run-relay.js';
import type { RelayOutcome, RelayedAnswer } from './relay-non-stream.js';
import { rewriteHubChunks } from './openai-answer-rewrite.js';
import { streamWithUsageCost, withUsageCost } from './usage-cost.js';

/**
 * Relays a streamed answer event by event, without buffering it: upstream bytes → SSE events →
 * adapter translator → the client's encoder → socket (with backpressure). Memory per stream is bounded
 * by one event. Once the first byte is out the status is fixed, so a later upstream failure ends the
 * stream with an error event and is billed for what was produced. If the client leaves, the upstream is
 * still read for up to `drainAfterDisconnectMs` to learn the real usage; otherwise the streamed text is
 * counted. Timeouts are idle timeouts (undici's bodyTimeout): a stream that keeps producing is never cut.
 */
export async function relayStream(
  deps: RelayDeps,
  input: RelayInput,
  a: RelayedAnswer,
): Promise<RelayOutcome> {
  const { io, response } = a;
  // Most upstreams stream SSE; a few (Bedrock's binary event stream) bring their own byte decoder.
  const upstream = a.adapter.createByteStreamTranslator?.(a.actx, a.contentType) ?? sseTranslator(a.adapter.createStreamTranslator(a.actx));
  const rewritten = a.rewrite ? rewriteHubChunks(upstream, a.rewrite.chunks()) : upstream;
  const translator = a.costOf && (a.plan.endpoint === 'chat' || a.plan.endpoint === 'completions') ? streamWithUsageCost(rewritten, a.costOf) : rewritten;
  const encoder = a.plan.createStreamEncoder();
  const counter = new StreamingTokenCounter();
  let firstTokenMs = 0;
  let streamStatus: 'complete' | 'client_gone' | 'upstream_error' = 'complete';

  let drainTimer: NodeJS.Timeout | undefined;
  io.onClose(() => {
    if (!io.closed) return;
    drainTimer = setTimeout(() => response.body.destroy(), deps.drainAfterDisconnectMs);
    drainTimer.unref();
  });

  const framesOf = (events: OutboundEvent[]) => {
    let frames = '';
    for (const out of events) for (const sse of encoder.push(out)) frames += frameSse(sse);
    return frames;
  };
  const countText = () => {
    const text = translator.drainText?.();
    if (text) counter.add(text);
  };
  // Everything one upstream chunk produced goes out in one socket write (one syscall, not one per event).
  // A promise back means the client is slow: reading the upstream waits for it.
  // `verbatim` is the upstream's own text for these events when they pass unchanged (see sseTranslator).
  const take = (events: OutboundEvent[], verbatim: string | undefined): Promise<void> | void => {
    countText();
    if (io.closed) return;
    const frames = verbatim ?? framesOf(events);
    if (frames) return io.write(frames);
  };
  // A chat stream whose upstream reported no usage (PaLM, knowledge bases, a server that ignores
  // include_usage) still ends with the usage chunk the client expects, counted here: the same numbers
  // the request is billed at. The client's surface encodes it (message_delta usage for Claude clients).
  const countedUsageFrames = (): string => {
    if (a.plan.endpoint !== 'chat' || !input.includeUsage || translator.usage()) return '';
    counter.add(translator.drainText?.(true) ?? '');
    const prompt = a.promptEstimate.tokens;
    const chunk = new ChunkFactory(randomId('chatcmpl-'), input.model, nowSeconds(), true).usage({ prompt_tokens: prompt, completion_tokens: counter.tokens, total_tokens: prompt + counter.tokens });
    const counted = { ...emptyUsage(), promptTokens: prompt, completionTokens: counter.tokens };
    return framesOf([{ data: a.costOf ? withUsageCost(chunk, a.costOf(counted)) : chunk }]);
  };
  // The last frames, the closing frames and the end of the answer leave in one write.
  let answered = false;
  const finish = (events: OutboundEvent[], verbatim?: string) => {
    countText();
    answered = true;
    if (!io.closed) io.end((verbatim ?? framesOf(events)) + countedUsageFrames() + encoder.finish().map(frameSse).join(''));
  };
  // Only an encoder that passes events on as they are may send the upstream's text instead of its frames.
  const verbatimOf = encoder.verbatim && translator.verbatim ? () => translator.verbatim!() : () => undefined;

  io.startStream();
  // Not for Gemini clients: Google's older JS SDK reads a stream only as `data:` lines from its start.
  const pings = deps.options.get('general_setting.ping_interval_enabled') && input.surface.name !== 'gemini';
  const stopPings = pings ? io.keepAlive(deps.options.get('general_setting.ping_interval_seconds') * 1000) : undefined;
  try {
    await forEachChunk(response.body, (chunk) => {
      // After the answer is complete the rest of the body is still read (so the connection is reused), and dropped.
      if (answered) return;
      if (!firstTokenMs) firstTokenMs = Date.now() - input.startedAt;
      const events = translator.push(chunk);
      if (!translator.complete?.()) return take(events, verbatimOf());
      const tail = translator.end();
      if (tail.length === 0) finish(events, verbatimOf());
      else finish([...events, ...tail]);
    });
    if (!answered) finish(translator.end());
    if (io.closed) streamStatus = 'client_gone';
  } catch (err) {
    // A failure after the upstream marked its answer complete changes nothing for the client.
    if (!answered) {
      streamStatus = io.closed ? 'client_gone' : 'upstream_error';
      if (!io.closed) {
        const reason = err instanceof RelayError ? err.message : 'the upstream stream broke off';
        await io.write(encoder.error(new RelayError(502, 'stream_interrupted', reason, 'upstream')).map(frameSse).join(''));
        deps.log.warn({ err, requestId: input.requestId }, 'upstream stream failed mid-way');
      }
    } else if (io.closed) {
      streamStatus = 'client_gone';
    }
  } finally {
    stopPings?.();
    if (drainTimer) clearTimeout(drainTimer);
    io.end();
  }

  const reported = translator.usage();
  const localCount = !reported || (reported.promptTokens === 0 && reported.completionTokens === 0);
  if (localCount || streamStatus !== 'complete') counter.add(translator.drainText?.(true) ?? '');
  let usage: Usage = localCount ? { ...emptyUsage(), promptTokens: a.promptEstimate.tokens, completionTokens: counter.tokens } : reported!;
  // A stream cut short may carry only an early usage report (Claude's message_start): bill at least what was produced.
  if (!localCount && streamStatus !== 'complete' && counter.tokens > usage.completionTokens) usage = { ...usage, completionTokens: counter.tokens };
  return { kind: 'done', result: { usage, firstTokenMs, localCount, streamStatus } };
}

/**
 * An SSE stream as bytes: the SSE parser in front of the adapter's event translator. When a chunk held
 * whole events in canonical framing (SseParser.verbatim) and the translator passed each on unchanged
 * (same name, same data text), the chunk's text is already the client's frames: `verbatim` returns it,
 * which spares re-framing and re-joining every event. A last event the translator swallowed (OpenAI's
 * `[DONE]`, which the encoder writes itself) is cut off the end.
 */
export function sseTranslator(events: StreamTranslator): ByteStreamTranslator {
  const parser = new SseParser();
  let verbatim: string | undefined;
  return {
    push: (chunk) => {
      const out: OutboundEvent[] = [];
      const parsed = parser.push(chunk);
      let text = parser.verbatim;
      let kept = 0;
      let cut = 0;
      for (let i = 0; i < parsed.length; i++) {
        const e = parsed[i];
        const produced = events.push(e);
        for (const o of produced) out.push(o);
        if (text === undefined) continue;
        if (produced.length === 1 && produced[0].data === e.data && produced[0].event === e.event) kept += frameLength(e);
        else if (produced.length === 0 && i === parsed.length - 1) cut = frameLength(e);
        else text = undefined;
      }
      // The lengths must add up to the text: anything else means the framing was not what it seemed.
      verbatim = text !== undefined && kept + cut === text.length ? (cut ? text.slice(0, kept) : text) : undefined;
      return out;
    },
    end: () => [...parser.end().flatMap((e) => events.push(e)), ...events.end()],
    usage: () => events.usage(),
    drainText: events.drainText ? (all) => events.drainText!(all) : undefined,
    complete: events.complete ? () => events.complete!() : undefined,
    verbatim: () => verbatim,
  };
}

/** Length of `frameSse(e)` for an event with a one-line data field. */
const frameLength = (e: ParsedSseEvent) => (e.event ? 8 + e.event.length : 0) + 8 + e.data.length;
