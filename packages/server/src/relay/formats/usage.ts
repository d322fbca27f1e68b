import type { BillingUsage } from '../../billing/billing-usage.js';
import type { ClaudeDeltaUsage, ClaudeUsage } from './anthropic/types.js';
import type { GeminiModalityTokenCount, GeminiUsageMetadata } from './gemini/types.js';
import type { OpenAIUsage } from './openai/types.js';

/**
 * Token usage in one shape for billing, whatever format it came from: billing's own usage (the fields and
 * their meaning are documented there), plus what the relay reports back to clients but billing does not
 * price apart.
 */
export interface Usage extends BillingUsage {
  /** Claude's 5-minute share of cache writes, when the upstream reports the split. */
  cacheCreation5mTokens?: number;
}

/** A response translated to another format, with its usage normalised for billing. */
export interface ConvertedResponse<T> {
  response: T;
  usage: Usage;
}

export const emptyUsage = (semantic: Usage['semantic'] = 'openai'): Usage => ({
  promptTokens: 0,
  completionTokens: 0,
  cachedTokens: 0,
  cacheCreationTokens: 0,
  reasoningTokens: 0,
  semantic,
});

/** Every prompt token counted once, cache reads and writes included. */
export const totalPromptTokens = (u: Usage): number =>
  u.semantic === 'anthropic' ? u.promptTokens + u.cachedTokens + u.cacheCreationTokens : u.promptTokens;

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

export function fromOpenAIUsage(u: OpenAIUsage): Usage {
  const usage = emptyUsage('openai');
  usage.promptTokens = num(u.prompt_tokens);
  usage.completionTokens = num(u.completion_tokens);
  // DeepSeek reports cache hits as prompt_cache_hit_tokens instead of prompt_tokens_details.
  usage.cachedTokens = num(u.prompt_tokens_details?.cached_tokens ?? u.prompt_cache_hit_tokens);
  usage.reasoningTokens = num(u.completion_tokens_details?.reasoning_tokens);
  if (u.prompt_tokens_details?.audio_tokens) usage.audioInputTokens = u.prompt_tokens_details.audio_tokens;
  if (u.completion_tokens_details?.audio_tokens) usage.audioOutputTokens = u.completion_tokens_details.audio_tokens;
  return usage;
}

export function toOpenAIUsage(u: Usage): OpenAIUsage {
  const prompt = totalPromptTokens(u);
  const out: OpenAIUsage = {
    prompt_tokens: prompt,
    completion_tokens: u.completionTokens,
    total_tokens: prompt + u.completionTokens,
    prompt_tokens_details: { cached_tokens: u.cachedTokens },
    completion_tokens_details: { reasoning_tokens: u.reasoningTokens },
  };
  if (u.audioInputTokens) out.prompt_tokens_details!.audio_tokens = u.audioInputTokens;
  if (u.audioOutputTokens) out.completion_tokens_details!.audio_tokens = u.audioOutputTokens;
  return out;
}

export function fromAnthropicUsage(u: ClaudeUsage | ClaudeDeltaUsage): Usage {
  const usage = emptyUsage('anthropic');
  usage.promptTokens = num(u.input_tokens);
  usage.completionTokens = num(u.output_tokens);
  usage.cachedTokens = num(u.cache_read_input_tokens);
  usage.cacheCreationTokens = num(u.cache_creation_input_tokens);
  const searches = num((u as ClaudeUsage).server_tool_use?.web_search_requests);
  if (searches) usage.webSearchCalls = searches;
  const split = (u as ClaudeUsage).cache_creation;
  if (split) {
    usage.cacheCreation5mTokens = num(split.ephemeral_5m_input_tokens);
    usage.cacheCreation1hTokens = num(split.ephemeral_1h_input_tokens);
  }
  return usage;
}

/**
 * Folds a stream's usage report into the running one: message_start gives the input, message_delta's
 * counts are cumulative, so a later value replaces an earlier one.
 */
export function mergeAnthropicUsage(into: ClaudeUsage, u: ClaudeUsage | ClaudeDeltaUsage): void {
  if (typeof u.input_tokens === 'number') into.input_tokens = u.input_tokens;
  if (typeof u.output_tokens === 'number') into.output_tokens = u.output_tokens;
  if (typeof u.cache_read_input_tokens === 'number') into.cache_read_input_tokens = u.cache_read_input_tokens;
  if (typeof u.cache_creation_input_tokens === 'number') into.cache_creation_input_tokens = u.cache_creation_input_tokens;
  const split = (u as ClaudeUsage).cache_creation;
  if (split && typeof split === 'object') into.cache_creation = split;
  if (u.server_tool_use && typeof u.server_tool_use === 'object') into.server_tool_use = u.server_tool_use;
}

export function toAnthropicUsage(u: Usage): ClaudeUsage {
  const input = u.semantic === 'anthropic' ? u.promptTokens : Math.max(0, u.promptTokens - u.cachedTokens - u.cacheCreationTokens);
  const out: ClaudeUsage = {
    input_tokens: input,
    output_tokens: u.completionTokens,
    cache_creation_input_tokens: u.cacheCreationTokens,
    cache_read_input_tokens: u.cachedTokens,
  };
  if (u.cacheCreation5mTokens !== undefined || u.cacheCreation1hTokens !== undefined) {
    out.cache_creation = { ephemeral_5m_input_tokens: u.cacheCreation5mTokens ?? 0, ephemeral_1h_input_tokens: u.cacheCreation1hTokens ?? 0 };
  }
  return out;
}

const audioTokens = (details: GeminiModalityTokenCount[] | undefined): number =>
  (details ?? []).filter((d) => d.modality === 'AUDIO').reduce((sum, d) => sum + num(d.tokenCount), 0);

/** Whether a Gemini answer was grounded with Google Search (Google charges such prompts apart). */
export function isGroundedAnswer(resp: { candidates?: unknown }): boolean {
  if (!Array.isArray(resp.candidates)) return false;
  return resp.candidates.some((c: any) => {
    const g = c?.groundingMetadata;
    return typeof g === 'object' && g !== null && ((Array.isArray(g.webSearchQueries) && g.webSearchQueries.length > 0) || (Array.isArray(g.groundingChunks) && g.groundingChunks.length > 0));
  });
}

/** Gemini's promptTokenCount includes cached content; thoughts are billed as completion. */
export function fromGeminiUsageMetadata(m: GeminiUsageMetadata): Usage {
  const usage = emptyUsage('openai');
  usage.promptTokens = num(m.promptTokenCount) + num(m.toolUsePromptTokenCount);
  usage.reasoningTokens = num(m.thoughtsTokenCount);
  usage.completionTokens = num(m.candidatesTokenCount) + usage.reasoningTokens;
  usage.cachedTokens = num(m.cachedContentTokenCount);
  const audioIn = audioTokens(m.promptTokensDetails);
  const audioOut = audioTokens(m.candidatesTokensDetails);
  if (audioIn) usage.audioInputTokens = audioIn;
  if (audioOut) usage.audioOutputTokens = audioOut;
  return usage;
}

export function toGeminiUsageMetadata(u: Usage): GeminiUsageMetadata {
  const prompt = totalPromptTokens(u);
  const out: GeminiUsageMetadata = {
    promptTokenCount: prompt,
    candidatesTokenCount: Math.max(0, u.completionTokens - u.reasoningTokens),
    totalTokenCount: prompt + u.completionTokens,
  };
  if (u.reasoningTokens) out.thoughtsTokenCount = u.reasoningTokens;
  if (u.cachedTokens) out.cachedContentTokenCount = u.cachedTokens;
  return out;
}
