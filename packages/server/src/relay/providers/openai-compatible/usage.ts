/** Reads the usage objects OpenAI-style APIs put in their answers into the billing Usage. */
import { emptyUsage, fromOpenAIUsage, type Usage } from '../../formats/usage.js';
import type { OpenAIUsage } from '../../formats/openai/types.js';
import { isJsonObject } from '../../formats/json-object.js';

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/**
 * What a minute of transcribed audio counts as, for models that report seconds instead of tokens
 * (whisper-1): 200 prompt tokens, so that whisper-1's ratio (15, as new-api ships it) bills OpenAI's
 * $0.006 per minute.
 */
export const AUDIO_TOKENS_PER_MINUTE = 200;

/** The usage of a transcription of `seconds` of audio; undefined when there is no positive duration. */
export function fromAudioSeconds(seconds: unknown): Usage | undefined {
  const s = num(seconds);
  if (s <= 0) return undefined;
  const usage = emptyUsage('openai');
  usage.promptTokens = Math.max(1, Math.ceil((s * AUDIO_TOKENS_PER_MINUTE) / 60));
  usage.audioSeconds = s;
  return usage;
}

/**
 * Usage in the `input_tokens`/`output_tokens` shape of the Responses API, gpt-image-1 images and
 * token-billed transcriptions (cached and reasoning details included).
 */
export function fromInputOutputUsage(u: Record<string, any>): Usage {
  const usage = emptyUsage('openai');
  usage.promptTokens = num(u.input_tokens);
  usage.completionTokens = num(u.output_tokens);
  usage.cachedTokens = num(u.input_tokens_details?.cached_tokens);
  usage.reasoningTokens = num(u.output_tokens_details?.reasoning_tokens);
  // transcriptions name it input_token_details
  const audioIn = num((u.input_tokens_details ?? u.input_token_details)?.audio_tokens);
  if (audioIn) usage.audioInputTokens = audioIn;
  const imageIn = num(u.input_tokens_details?.image_tokens);
  if (imageIn) usage.imageInputTokens = imageIn;
  return usage;
}

/**
 * The usage of a Responses API answer: its `usage`, plus the web and file searches among its `output`
 * items, which OpenAI charges per call on top of the tokens.
 */
export function responsesUsage(response: Record<string, any>): Usage | undefined {
  const usage = usageFromAnswer(response.usage);
  if (!Array.isArray(response.output)) return usage;
  let web = 0;
  let file = 0;
  for (const item of response.output) {
    if (item?.type === 'web_search_call') web++;
    else if (item?.type === 'file_search_call') file++;
  }
  if (web === 0 && file === 0) return usage;
  const withCalls = usage ?? emptyUsage('openai');
  if (web) withCalls.webSearchCalls = web;
  if (file) withCalls.fileSearchCalls = file;
  return withCalls;
}

/**
 * Any usage object an OpenAI-compatible upstream sends: chat style (`prompt_tokens`), Responses
 * style (`input_tokens`), only `total_tokens` (Jina embeddings and rerank), or the seconds of a
 * transcription (`{type: "duration", seconds}`, whisper-1). Undefined when the value is not a usage object.
 */
export function usageFromAnswer(value: unknown): Usage | undefined {
  if (!isJsonObject(value)) return undefined;
  if (value.type === 'duration') return fromAudioSeconds(value.seconds);
  if ('prompt_tokens' in value || 'completion_tokens' in value) {
    const usage = fromOpenAIUsage(value as OpenAIUsage);
    if (!usage.promptTokens && !usage.completionTokens && num(value.total_tokens)) usage.promptTokens = num(value.total_tokens);
    return usage;
  }
  if ('input_tokens' in value || 'output_tokens' in value) return fromInputOutputUsage(value);
  if ('total_tokens' in value) return { ...emptyUsage('openai'), promptTokens: num(value.total_tokens) };
  return undefined;
}

/**
 * How an upstream's chat and completion usage objects differ from OpenAI's, for the few that count apart
 * what OpenAI counts within. `restate` gives the object in OpenAI's meaning: the answer passed on carries
 * it (return the object itself when nothing changes, so the upstream's bytes can go on as they came).
 * `read` turns the (restated) object into billing usage; default usageFromAnswer.
 */
export interface ChatUsageDialect {
  restate?(usage: Record<string, unknown>): Record<string, unknown>;
  read?(usage: Record<string, unknown>): Usage | undefined;
}

/** A chat usage object in OpenAI's meaning, and its billing usage, as the dialect (if any) says. */
export function readChatUsage(usage: Record<string, unknown>, dialect: ChatUsageDialect | undefined): { restated: Record<string, unknown>; usage: Usage | undefined } {
  const restated = dialect?.restate?.(usage) ?? usage;
  return { restated, usage: (dialect?.read ?? usageFromAnswer)(restated) };
}
