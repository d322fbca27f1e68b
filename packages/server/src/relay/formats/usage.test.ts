import { describe, expect, it } from 'vitest';
import {
  fromAnthropicUsage,
  fromGeminiUsageMetadata,
  fromOpenAIUsage,
  toAnthropicUsage,
  toGeminiUsageMetadata,
  toOpenAIUsage,
  totalPromptTokens,
} from './usage.js';

describe('usage normalisation', () => {
  it('reads OpenAI usage with cached and reasoning tokens, keeping prompt tokens inclusive of the cache', () => {
    const usage = fromOpenAIUsage({
      prompt_tokens: 2000,
      completion_tokens: 300,
      total_tokens: 2300,
      prompt_tokens_details: { cached_tokens: 1500, audio_tokens: 40 },
      completion_tokens_details: { reasoning_tokens: 200, audio_tokens: 7 },
    });
    expect(usage).toEqual({
      promptTokens: 2000,
      completionTokens: 300,
      cachedTokens: 1500,
      cacheCreationTokens: 0,
      reasoningTokens: 200,
      audioInputTokens: 40,
      audioOutputTokens: 7,
      semantic: 'openai',
    });
  });

  it("reads DeepSeek's prompt_cache_hit_tokens as cached tokens", () => {
    const usage = fromOpenAIUsage({ prompt_tokens: 100, completion_tokens: 5, total_tokens: 105, prompt_cache_hit_tokens: 64 });
    expect(usage.cachedTokens).toBe(64);
  });

  it('treats missing OpenAI details as zero', () => {
    const usage = fromOpenAIUsage({ prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 });
    expect(usage).toMatchObject({ cachedTokens: 0, reasoningTokens: 0 });
    expect(usage.audioInputTokens).toBeUndefined();
  });

  it('reads Claude usage with Anthropic semantics: input tokens exclude cache reads and writes', () => {
    const usage = fromAnthropicUsage({
      input_tokens: 12,
      output_tokens: 10,
      cache_read_input_tokens: 1800,
      cache_creation_input_tokens: 200,
      cache_creation: { ephemeral_5m_input_tokens: 150, ephemeral_1h_input_tokens: 50 },
    });
    expect(usage).toMatchObject({ promptTokens: 12, cachedTokens: 1800, cacheCreationTokens: 200, cacheCreation5mTokens: 150, cacheCreation1hTokens: 50, semantic: 'anthropic' });
    expect(totalPromptTokens(usage)).toBe(2012);
  });

  it('writes Anthropic-semantics usage as OpenAI usage whose prompt includes the cache', () => {
    const openai = toOpenAIUsage(fromAnthropicUsage({ input_tokens: 12, output_tokens: 10, cache_read_input_tokens: 1800, cache_creation_input_tokens: 200 }));
    expect(openai).toEqual({
      prompt_tokens: 2012,
      completion_tokens: 10,
      total_tokens: 2022,
      prompt_tokens_details: { cached_tokens: 1800 },
      completion_tokens_details: { reasoning_tokens: 0 },
    });
  });

  it('writes OpenAI-semantics usage as Claude usage whose input excludes the cache', () => {
    const claude = toAnthropicUsage(fromOpenAIUsage({ prompt_tokens: 2000, completion_tokens: 30, total_tokens: 2030, prompt_tokens_details: { cached_tokens: 1500 } }));
    expect(claude).toEqual({ input_tokens: 500, output_tokens: 30, cache_read_input_tokens: 1500, cache_creation_input_tokens: 0 });
  });

  it('round-trips Claude usage through the normalised shape, 5m/1h split included', () => {
    const original = { input_tokens: 5, output_tokens: 9, cache_read_input_tokens: 7, cache_creation_input_tokens: 3, cache_creation: { ephemeral_5m_input_tokens: 1, ephemeral_1h_input_tokens: 2 } };
    expect(toAnthropicUsage(fromAnthropicUsage(original))).toEqual(original);
  });

  it('reads Gemini usage metadata: thoughts count as completion and reasoning, cached content stays inside the prompt', () => {
    const usage = fromGeminiUsageMetadata({
      promptTokenCount: 1210,
      candidatesTokenCount: 12,
      thoughtsTokenCount: 300,
      cachedContentTokenCount: 1024,
      toolUsePromptTokenCount: 5,
      totalTokenCount: 1527,
      promptTokensDetails: [{ modality: 'TEXT', tokenCount: 1100 }, { modality: 'AUDIO', tokenCount: 110 }],
    });
    expect(usage).toMatchObject({ promptTokens: 1215, completionTokens: 312, reasoningTokens: 300, cachedTokens: 1024, audioInputTokens: 110, semantic: 'openai' });
  });

  it('writes Gemini usage metadata with thoughts separated from candidates', () => {
    const meta = toGeminiUsageMetadata(fromOpenAIUsage({ prompt_tokens: 100, completion_tokens: 80, total_tokens: 180, prompt_tokens_details: { cached_tokens: 40 }, completion_tokens_details: { reasoning_tokens: 50 } }));
    expect(meta).toEqual({ promptTokenCount: 100, candidatesTokenCount: 30, thoughtsTokenCount: 50, cachedContentTokenCount: 40, totalTokenCount: 180 });
  });
});
