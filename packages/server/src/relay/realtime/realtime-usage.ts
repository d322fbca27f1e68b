import { emptyUsage, type Usage } from '../formats/usage.js';
import { isJsonObject } from '../formats/json-object.js';

/** `response.usage` of a Realtime API `response.done` event. */
export interface RealtimeResponseUsage {
  total_tokens?: number;
  input_tokens?: number;
  output_tokens?: number;
  input_token_details?: {
    cached_tokens?: number;
    text_tokens?: number;
    audio_tokens?: number;
    image_tokens?: number;
    cached_tokens_details?: { text_tokens?: number; audio_tokens?: number; image_tokens?: number };
  };
  output_token_details?: { text_tokens?: number; audio_tokens?: number };
}

const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.floor(v) : 0);

/**
 * The usage of one realtime response for billing. Input tokens include the cached ones (OpenAI
 * semantic); audio and image input count only what was not read from the cache, which is billed at
 * the cache ratio already.
 */
export function fromRealtimeUsage(u: RealtimeResponseUsage): Usage {
  const usage = emptyUsage('openai');
  const input = u.input_token_details;
  usage.promptTokens = count(u.input_tokens);
  usage.completionTokens = count(u.output_tokens);
  usage.cachedTokens = count(input?.cached_tokens);
  usage.audioInputTokens = Math.max(0, count(input?.audio_tokens) - count(input?.cached_tokens_details?.audio_tokens));
  usage.audioOutputTokens = count(u.output_token_details?.audio_tokens);
  const imageIn = Math.max(0, count(input?.image_tokens) - count(input?.cached_tokens_details?.image_tokens));
  if (imageIn) usage.imageInputTokens = imageIn;
  return usage;
}

/** A server event the gateway acts on; every other event only passes through. */
export type WatchedEvent =
  | { type: 'response.created' }
  | { type: 'response.done'; status: string | undefined; usage: RealtimeResponseUsage | undefined }
  /** session.created / session.updated: the model transcribing the input audio, if transcription is on. */
  | { type: 'session'; transcriptionModel: string | undefined }
  /** A transcription of input audio finished; OpenAI charges it apart, at the transcription model's price. */
  | { type: 'transcription.done'; usage: Record<string, unknown> | undefined };

const TRANSCRIPTION_DONE = 'conversation.item.input_audio_transcription.completed';

/** The input transcription model of a session object (the GA shape, or the beta one). */
function transcriptionModelOf(session: unknown): string | undefined {
  if (!isJsonObject(session)) return undefined;
  const model = session.audio?.input?.transcription?.model ?? session.input_audio_transcription?.model;
  return typeof model === 'string' && model !== '' ? model : undefined;
}

/**
 * Picks response.created, response.done, the session's settings and finished input transcriptions out of
 * the upstream's text frames. Frames are searched as
 * bytes first: most of a session's frames are audio deltas, and parsing them all would cost more than
 * the relay itself.
 */
export function watchedEventOf(frame: Buffer): WatchedEvent | undefined {
  if (!frame.includes('"response.created"') && !frame.includes('"response.done"') && !frame.includes('"session.') && !frame.includes(TRANSCRIPTION_DONE)) return undefined;
  let event: { type?: unknown; response?: { status?: unknown; usage?: unknown }; session?: unknown; usage?: unknown };
  try {
    event = JSON.parse(frame.toString('utf8')) as typeof event;
  } catch {
    return undefined;
  }
  if (event?.type === 'response.created') return { type: 'response.created' };
  if (event?.type === 'session.created' || event?.type === 'session.updated') return { type: 'session', transcriptionModel: transcriptionModelOf(event.session) };
  if (event?.type === TRANSCRIPTION_DONE) return { type: 'transcription.done', usage: isJsonObject(event.usage) ? event.usage : undefined };
  if (event?.type !== 'response.done') return undefined;
  const usage = event.response?.usage;
  return {
    type: 'response.done',
    status: typeof event.response?.status === 'string' ? event.response.status : undefined,
    usage: usage && typeof usage === 'object' ? (usage as RealtimeResponseUsage) : undefined,
  };
}
