import { describe, expect, it } from 'vitest';
import { completionRatioOf } from './completion-ratio.js';
import {
  DEFAULT_AUDIO_COMPLETION_RATIO,
  DEFAULT_AUDIO_RATIO,
  DEFAULT_CACHE_RATIO,
  DEFAULT_COMPLETION_RATIO,
  DEFAULT_CREATE_CACHE_RATIO,
  DEFAULT_IMAGE_RATIO,
  DEFAULT_MODEL_PRICE,
  DEFAULT_MODEL_RATIO,
  PUBLISHED_COMPLETION_RATIO,
  defaultPricingOptions,
} from './default-ratios.js';
import { computeQuota, resolvePrice, type PriceTables, type RatioPrice } from './price-calculator.js';
import { vendorPricing, usd } from './defaults/price-rows.js';
import { DEFAULT_LONG_CONTEXT_PRICE } from './defaults/long-context.js';

const defaults: PriceTables = {
  ModelPrice: DEFAULT_MODEL_PRICE,
  ModelRatio: DEFAULT_MODEL_RATIO,
  CompletionRatio: DEFAULT_COMPLETION_RATIO,
  CacheRatio: DEFAULT_CACHE_RATIO,
  CreateCacheRatio: DEFAULT_CREATE_CACHE_RATIO,
  AudioRatio: DEFAULT_AUDIO_RATIO,
  AudioCompletionRatio: DEFAULT_AUDIO_COMPLETION_RATIO,
  ImageRatio: DEFAULT_IMAGE_RATIO,
  GroupRatio: { default: 1 },
};

const ratioOf = (model: string) => {
  const price = resolvePrice(model, 'default', defaults);
  if (price.mode !== 'ratio') throw new Error(`${model} is not ratio-priced by default (${price.mode})`);
  return price;
};

describe('default model ratios', () => {
  it.each([
    ['gpt-3.5-turbo', 0.25],
    ['gpt-3.5-turbo-16k', 1.5],
    ['gpt-4', 15],
    ['gpt-4-32k', 30],
    ['gpt-4-turbo', 5],
    ['gpt-4-vision-preview', 5],
    ['gpt-4o', 1.25],
    ['gpt-4o-2024-11-20', 1.25],
    ['chatgpt-4o-latest', 2.5],
    ['gpt-4o-mini', 0.075],
    ['gpt-4.1', 1],
    ['gpt-4.1-mini', 0.2],
    ['gpt-4.1-nano', 0.05],
    ['gpt-5', 0.625],
    ['gpt-5-mini', 0.125],
    ['gpt-5-nano', 0.025],
    ['gpt-5.3-codex', 0.875],
    ['gpt-5.4', 1.25],
    ['gpt-5.5', 2.5],
    ['o1', 7.5],
    ['o1-mini', 0.55],
    ['o3', 1],
    ['o3-mini', 0.55],
    ['o4-mini', 0.55],
    ['gpt-image-1', 2.5],
    ['text-embedding-3-small', 0.01],
    ['text-embedding-3-large', 0.065],
    ['text-embedding-ada-002', 0.05],
    ['whisper-1', 15],
    ['tts-1', 7.5],
    ['tts-1-hd', 15],
    ['text-moderation-stable', 0.1],
    ['claude-3-haiku-20240307', 0.125],
    ['claude-3-5-haiku-20241022', 0.5],
    ['claude-haiku-4-5', 0.5],
    ['claude-3-5-sonnet-20241022', 1.5],
    ['claude-3-7-sonnet-20250219', 1.5],
    ['claude-sonnet-4-20250514', 1.5],
    ['claude-sonnet-4-5', 1.5],
    ['claude-3-opus-20240229', 7.5],
    ['claude-opus-4-20250514', 7.5],
    ['claude-opus-4-1', 7.5],
    ['gemini-1.5-pro-latest', 1.25],
    ['gemini-1.5-flash-latest', 0.075],
    ['gemini-2.0-flash', 0.05],
    ['gemini-2.5-pro', 0.625],
    ['gemini-2.5-flash', 0.15],
    ['text-embedding-004', 0.001],
    ['chat-bison-001', 1],
    ['deepseek-chat', 0.135],
    ['deepseek-reasoner', 0.275],
    ['command-r', 0.25],
    ['command-r-plus', 1.5],
    ['glm-4', 7.143],
    ['gpt-4-all', 15],
    ['gpt-4o-gizmo-*', 2.5],
  ])('%s has the reference ratio %d', (model, expected) => {
    expect(DEFAULT_MODEL_RATIO[model]).toBe(expected);
  });

  it('converts yuan prices at 7.3 per dollar (ERNIE-4.0-8K: ¥120 per 1M = 0.12 × 500 / 7.3)', () => {
    expect(DEFAULT_MODEL_RATIO['ERNIE-4.0-8K']).toBeCloseTo((0.12 * 500) / 7.3, 4);
  });

  it('covers every major family', () => {
    const families = [
      'gpt-3.5-turbo', 'gpt-4o', 'gpt-4.1', 'gpt-5', 'o1', 'o3', 'o4-mini', 'text-embedding-3-small', 'whisper-1', 'tts-1', 'gpt-image-1',
      'claude-3-haiku-20240307', 'claude-3-5-sonnet-20241022', 'claude-3-7-sonnet-20250219', 'claude-sonnet-4-20250514',
      'claude-opus-4-1', 'claude-sonnet-4-5', 'claude-haiku-4-5', 'claude-opus-4-5',
      'gemini-1.5-pro', 'gemini-2.0-flash', 'gemini-2.5-pro', 'gemini-2.5-flash', 'gemini-2.5-flash-lite', 'gemini-3-pro-preview', 'text-embedding-004',
      'deepseek-chat', 'deepseek-reasoner', 'qwen-turbo', 'qwen-plus', 'qwen-max', 'qwen3-max', 'glm-4', 'glm-4-plus', 'glm-4.5',
      'moonshot-v1-8k', 'kimi-k2-0905-preview', 'mistral-large-latest', 'command-r-plus', 'llama-3.3-70b-versatile',
      'doubao-seed-1-6-250615', 'hunyuan-turbos-latest', 'ERNIE-4.0-8K', 'grok-4',
    ];
    expect(families.filter((m) => !Object.hasOwn(DEFAULT_MODEL_RATIO, m))).toEqual([]);
  });

  it('has only finite, non-negative values in every table', () => {
    for (const table of [DEFAULT_MODEL_RATIO, DEFAULT_MODEL_PRICE, DEFAULT_COMPLETION_RATIO, DEFAULT_CACHE_RATIO, DEFAULT_CREATE_CACHE_RATIO, DEFAULT_AUDIO_RATIO, DEFAULT_AUDIO_COMPLETION_RATIO, DEFAULT_IMAGE_RATIO]) {
      for (const [name, value] of Object.entries(table)) {
        expect(Number.isFinite(value) && value >= 0, `${name} = ${value}`).toBe(true);
      }
    }
  });
});

describe('default completion ratios', () => {
  it('bill every model at the output price its vendor publishes', () => {
    const wrong = Object.entries(PUBLISHED_COMPLETION_RATIO)
      .map(([name, published]) => ({ name, published, billed: completionRatioOf(name, DEFAULT_COMPLETION_RATIO) }))
      .filter(({ published, billed }) => Math.abs(published - billed) > 1e-4 * Math.max(1, published));
    expect(wrong).toEqual([]);
    expect(Object.keys(PUBLISHED_COMPLETION_RATIO).length).toBeGreaterThan(150);
  });

  it.each([
    ['gpt-4o', 4],
    ['gpt-4.1', 4],
    ['gpt-5', 8],
    ['gpt-5.1', 8],
    ['gpt-5.4', 6],
    ['gpt-5.5', 6],
    ['o4-mini', 4],
    ['claude-opus-4-5', 5],
    ['gemini-2.5-pro', 8],
    ['gemini-3-flash-preview', 6],
    ['gpt-image-1', 8],
    ['gpt-4o-gizmo-*', 3],
  ])('%s completes at %d× its input price', (model, expected) => {
    expect(ratioOf(model).completionRatio).toBe(expected);
  });

  it('lists in the explicit table only models whose price the rules do not already give', () => {
    expect(DEFAULT_COMPLETION_RATIO['gpt-4o']).toBeUndefined();
    expect(DEFAULT_COMPLETION_RATIO['claude-sonnet-4-5']).toBeUndefined();
    expect(DEFAULT_COMPLETION_RATIO['gpt-4.1']).toBe(4);
  });
});

describe('default cache ratios and per-call prices', () => {
  it.each([
    ['gpt-4o', 0.5],
    ['gpt-4o-mini', 0.5],
    ['o1', 0.5],
    ['o3-mini', 0.5],
    ['gpt-4.1', 0.25],
    ['gpt-5', 0.1],
    ['deepseek-chat', 0.25],
    ['claude-3-5-sonnet-20241022', 0.1],
    ['claude-sonnet-4-5', 0.1],
  ])('%s reads cache at %d', (model, expected) => {
    expect(ratioOf(model).cacheRatio).toBe(expected);
  });

  it('writes Claude cache at 1.25 and reads uncached-listed models at 1', () => {
    expect(DEFAULT_CREATE_CACHE_RATIO['claude-opus-4-1']).toBe(1.25);
    expect(ratioOf('gpt-4').cacheRatio).toBe(1);
  });

  it.each([
    ['dall-e-3', 0.04],
    ['mj_imagine', 0.1],
    ['mj_video', 0.8],
    ['mj_describe', 0.05],
    ['mj_inpaint', 0],
    ['suno_music', 0.1],
    ['suno_lyrics', 0.01],
    ['sora-2', 0.3],
    ['sora-2-pro', 0.5],
    ['kling-v1', 0.14],
    ['kling-v2-master', 1.4],
    ['kling-v2-5-turbo', 0.21],
    ['veo-3.0-generate-001', 0.4],
    ['veo-3.1-fast-generate-preview', 0.15],
    ['imagen-3.0-generate-002', 0.03],
    ['gpt-4-gizmo-*', 0.1],
  ])('%s costs $%d per call', (model, expected) => {
    expect(DEFAULT_MODEL_PRICE[model]).toBe(expected);
  });
});

describe('default pricing end to end', () => {
  it('prices the Claude thinking adapter name like the base model', () => {
    const thinking = ratioOf('claude-sonnet-4-5-thinking');
    expect(thinking).toEqual(ratioOf('claude-sonnet-4-5'));
    const u = { promptTokens: 1000, completionTokens: 1000, cachedTokens: 0, cacheCreationTokens: 0, reasoningTokens: 800, semantic: 'anthropic' as const };
    expect(computeQuota(thinking, u, 500_000)).toBe(9000); // (1000 + 1000×5) × 1.5
  });

  it('charges a custom GPT its per-call price', () => {
    expect(resolvePrice('gpt-4-gizmo-g-xyz', 'default', defaults)).toEqual({ mode: 'price', modelPrice: 0.1, groupRatio: 1 });
  });

  it('prices Gemini thinking-budget names through their wildcard', () => {
    const price = ratioOf('gemini-2.5-flash-thinking-2048') as RatioPrice;
    expect([price.modelRatio, price.cacheRatio]).toEqual([0.15, 0.25]);
  });
});

describe('default audio ratios', () => {
  /** USD per 1M tokens the defaults charge for text and audio, in and out. */
  const dollars = (model: string) => {
    const price = ratioOf(model);
    const perMillion = (u: Partial<Parameters<typeof computeQuota>[1]>) =>
      computeQuota(price, { promptTokens: 0, completionTokens: 0, cachedTokens: 0, cacheCreationTokens: 0, reasoningTokens: 0, semantic: 'openai', ...u }, 500_000) / 500_000;
    return {
      textIn: perMillion({ promptTokens: 1e6 }),
      textOut: perMillion({ completionTokens: 1e6 }),
      audioIn: perMillion({ promptTokens: 1e6, audioInputTokens: 1e6 }),
      audioOut: perMillion({ completionTokens: 1e6, audioOutputTokens: 1e6 }),
    };
  };

  it('bill the realtime and audio models at their published audio prices', () => {
    expect(dollars('gpt-4o-realtime-preview')).toEqual({ textIn: 5, textOut: 20, audioIn: 40, audioOut: 80 });
    expect(dollars('gpt-realtime')).toEqual({ textIn: 4, textOut: 16, audioIn: 32, audioOut: 64 });
    expect(dollars('gpt-4o-audio-preview')).toEqual({ textIn: 2.5, textOut: 10, audioIn: 40, audioOut: 80 });
    const mini = dollars('gpt-4o-mini-audio-preview');
    expect([mini.audioIn, mini.audioOut].map((d) => Math.round(d * 100) / 100)).toEqual([10, 20]);
    expect(dollars('gemini-2.5-flash').audioIn).toBe(1);
  });

  it('leave models without a separate audio price out, so their audio bills as text', () => {
    expect(Object.hasOwn(DEFAULT_AUDIO_RATIO, 'gpt-4o')).toBe(false);
    expect(dollars('gpt-4o').audioIn).toBe(dollars('gpt-4o').textIn);
  });

  it('bill gpt-image-1’s image input at $10 per 1M against $5 for text', () => {
    const price = ratioOf('gpt-image-1');
    const base = { completionTokens: 0, cachedTokens: 0, cacheCreationTokens: 0, reasoningTokens: 0, semantic: 'openai' as const };
    expect(computeQuota(price, { ...base, promptTokens: 1e6 }, 500_000) / 500_000).toBe(5);
    expect(computeQuota(price, { ...base, promptTokens: 1e6, imageInputTokens: 1e6 }, 500_000) / 500_000).toBe(10);
  });

  it('list an audio completion ratio only for models with an audio ratio', () => {
    expect(Object.keys(DEFAULT_AUDIO_COMPLETION_RATIO).filter((m) => !Object.hasOwn(DEFAULT_AUDIO_RATIO, m))).toEqual([]);
  });
});

describe('default long-context tiers', () => {
  it('bill Gemini 2.5 Pro and Claude Sonnet 4.5 past 200K prompt tokens at their published long-context prices', () => {
    const tables = { ...defaults, LongContextPrice: DEFAULT_LONG_CONTEXT_PRICE };
    const dollars = (model: string, promptTokens: number, completionTokens: number) => {
      const price = resolvePrice(model, 'default', tables) as RatioPrice;
      return computeQuota(price, { promptTokens, completionTokens, cachedTokens: 0, cacheCreationTokens: 0, reasoningTokens: 0, semantic: 'openai' }, 500_000) / 500_000;
    };
    expect(dollars('gemini-2.5-pro', 1e6, 0)).toBe(2.5);
    expect(dollars('gemini-2.5-pro', 200_000, 0)).toBe(0.25);
    expect(dollars('gemini-2.5-pro', 300_000, 1e6)).toBeCloseTo(0.75 + 15, 6);
    expect(dollars('claude-sonnet-4-5-20250929', 1e6, 0)).toBe(6);
    expect(dollars('claude-sonnet-4-5-thinking', 1e6, 0)).toBe(6);
    expect(dollars('claude-opus-4-5', 1e6, 0)).toBe(5);
  });

  it('name only priced models', () => {
    expect(Object.keys(DEFAULT_LONG_CONTEXT_PRICE).filter((m) => !Object.hasOwn(DEFAULT_MODEL_RATIO, m))).toEqual([]);
  });
});

describe('defaultPricingOptions', () => {
  it('returns fresh mutable copies', () => {
    const a = defaultPricingOptions();
    a.ModelRatio['gpt-4o'] = 99;
    expect(defaultPricingOptions().ModelRatio['gpt-4o']).toBe(1.25);
    expect(DEFAULT_MODEL_RATIO['gpt-4o']).toBe(1.25);
  });
});

describe('vendorPricing', () => {
  it('refuses a model listed twice', () => {
    expect(() => vendorPricing([usd('x', 1, 1), usd(['y', 'x'], 2, 2)])).toThrow('default price listed twice: x');
  });
});
