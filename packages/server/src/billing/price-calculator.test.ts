import { describe, expect, it } from 'vitest';
import type { BillingUsage } from './billing-usage.js';
import { billsCacheWrites, computeQuota, estimatePreConsume, groupRatioOf, resolvePrice, type FixedPrice, type PriceTables, type RatioPrice } from './price-calculator.js';

const QUOTA_PER_UNIT = 500_000;

const usage = (u: Partial<BillingUsage>): BillingUsage => ({
  promptTokens: 0,
  completionTokens: 0,
  cachedTokens: 0,
  cacheCreationTokens: 0,
  reasoningTokens: 0,
  semantic: 'openai',
  ...u,
});

const ratio = (r: Partial<RatioPrice>): RatioPrice => ({
  mode: 'ratio',
  modelRatio: 1,
  completionRatio: 1,
  cacheRatio: 1,
  cacheCreationRatio: 1.25,
  groupRatio: 1,
  unsetModel: false,
  ...r,
});

const fixed = (modelPrice: number, groupRatio = 1): FixedPrice => ({ mode: 'price', modelPrice, groupRatio });

const tables = (t: Partial<PriceTables> = {}): PriceTables => ({
  ModelPrice: {},
  ModelRatio: {},
  CompletionRatio: {},
  CacheRatio: {},
  GroupRatio: { default: 1 },
  ...t,
});

describe('computeQuota, per-token models', () => {
  it('bills prompt plus completion times the completion ratio, times model and group ratio (the gpt-4o example)', () => {
    const price = ratio({ modelRatio: 1.25, completionRatio: 4 });
    expect(computeQuota(price, usage({ promptTokens: 1000, completionTokens: 500 }), QUOTA_PER_UNIT)).toBe(3750);
  });

  it('multiplies by the group ratio', () => {
    const u = usage({ promptTokens: 1000, completionTokens: 500 });
    expect(computeQuota(ratio({ modelRatio: 1.25, completionRatio: 4, groupRatio: 2 }), u, QUOTA_PER_UNIT)).toBe(7500);
    expect(computeQuota(ratio({ modelRatio: 1.25, completionRatio: 4, groupRatio: 0.5 }), u, QUOTA_PER_UNIT)).toBe(1875);
  });

  it('subtracts cached and cache-write tokens from the prompt in OpenAI semantics and bills them at their ratios', () => {
    const price = ratio({ modelRatio: 1.25, completionRatio: 4, cacheRatio: 0.5, cacheCreationRatio: 1.25 });
    // base 1000 − 600 − 200 = 200; 200 + 600×0.5 + 200×1.25 + 100×4 = 1150; × 1.25 = 1437.5 → 1438
    const u = usage({ promptTokens: 1000, cachedTokens: 600, cacheCreationTokens: 200, completionTokens: 100 });
    expect(computeQuota(price, u, QUOTA_PER_UNIT)).toBe(1438);
  });

  it('prices one-hour cache writes at 1.6 × the cache-write ratio (Claude: 2× against 1.25× the input)', () => {
    const claude = ratio({ modelRatio: 1.5, completionRatio: 5, cacheRatio: 0.1, cacheCreationRatio: 1.25 });
    // input 10 + 5m writes 600 × 1.25 + 1h writes 400 × 2 + output 20 × 5 = 10 + 750 + 800 + 100 = 1660; × 1.5
    const u = usage({ promptTokens: 10, completionTokens: 20, cacheCreationTokens: 1000, cacheCreation1hTokens: 400, semantic: 'anthropic' });
    expect(computeQuota(claude, u, QUOTA_PER_UNIT)).toBe(2490);
    expect(computeQuota(claude, { ...u, cacheCreation1hTokens: 5000 }, QUOTA_PER_UNIT)).toBe(Math.round((10 + 1000 * 2 + 100) * 1.5));
  });

  it('adds cache reads and writes on top of the prompt in Anthropic semantics', () => {
    const price = ratio({ modelRatio: 1.5, completionRatio: 5, cacheRatio: 0.1, cacheCreationRatio: 1.25 });
    // 100 + 1000×0.1 + 2000×1.25 + 50×5 = 2950; × 1.5 = 4425
    const u = usage({ semantic: 'anthropic', promptTokens: 100, cachedTokens: 1000, cacheCreationTokens: 2000, completionTokens: 50 });
    expect(computeQuota(price, u, QUOTA_PER_UNIT)).toBe(4425);
  });

  it('bills the same request identically whichever semantics reported it', () => {
    const price = ratio({ modelRatio: 1.5, completionRatio: 5, cacheRatio: 0.1, cacheCreationRatio: 1.25 });
    const anthropic = usage({ semantic: 'anthropic', promptTokens: 100, cachedTokens: 1000, cacheCreationTokens: 2000, completionTokens: 50 });
    const openai = usage({ semantic: 'openai', promptTokens: 3100, cachedTokens: 1000, cacheCreationTokens: 2000, completionTokens: 50 });
    expect(computeQuota(price, openai, QUOTA_PER_UNIT)).toBe(computeQuota(price, anthropic, QUOTA_PER_UNIT));
  });

  it('clamps the uncached prompt at zero when an upstream reports more cached tokens than prompt tokens', () => {
    const price = ratio({ modelRatio: 1, cacheRatio: 0.5 });
    expect(computeQuota(price, usage({ promptTokens: 100, cachedTokens: 150 }), QUOTA_PER_UNIT)).toBe(75);
  });

  it('rounds half away from zero with exact decimals, where floating point would land just below the half', () => {
    // 0.145 × 100 is 14.499999999999998 in binary floating point; exactly 14.5 → 15
    expect(computeQuota(ratio({ modelRatio: 0.145 }), usage({ promptTokens: 100 }), QUOTA_PER_UNIT)).toBe(15);
    // 1000 × 1.005 × 0.5 = 502.5 exactly (502.49999999999994 in floating point) → 503
    expect(computeQuota(ratio({ modelRatio: 1.005, groupRatio: 0.5 }), usage({ promptTokens: 1000 }), QUOTA_PER_UNIT)).toBe(503);
    // below the half rounds down
    expect(computeQuota(ratio({ modelRatio: 0.144 }), usage({ promptTokens: 100 }), QUOTA_PER_UNIT)).toBe(14);
  });

  it('never bills 0 for a priced model that used tokens', () => {
    expect(computeQuota(ratio({ modelRatio: 0.0001 }), usage({ promptTokens: 1 }), QUOTA_PER_UNIT)).toBe(1);
    expect(computeQuota(ratio({ modelRatio: 1, completionRatio: 0 }), usage({ completionTokens: 10 }), QUOTA_PER_UNIT)).toBe(1);
    expect(computeQuota(ratio({ modelRatio: 0.01, cacheRatio: 0.1 }), usage({ semantic: 'anthropic', cachedTokens: 3 }), QUOTA_PER_UNIT)).toBe(1);
  });

  it('bills 0 when no tokens were used, whatever the price', () => {
    expect(computeQuota(ratio({ modelRatio: 30, groupRatio: 2 }), usage({}), QUOTA_PER_UNIT)).toBe(0);
  });

  it('bills 0 for a free model or a free group', () => {
    const u = usage({ promptTokens: 1000, completionTokens: 1000 });
    expect(computeQuota(ratio({ modelRatio: 0 }), u, QUOTA_PER_UNIT)).toBe(0);
    expect(computeQuota(ratio({ modelRatio: 2, groupRatio: 0 }), u, QUOTA_PER_UNIT)).toBe(0);
  });

  it('ignores negative or fractional token counts from a misbehaving upstream', () => {
    expect(computeQuota(ratio({ modelRatio: 1 }), usage({ promptTokens: -50, completionTokens: 10.7 }), QUOTA_PER_UNIT)).toBe(10);
  });

  it('takes absurd token counts at 2^31 − 1 and never answers an amount past 2^53', () => {
    expect(computeQuota(ratio({ modelRatio: 1 }), usage({ completionTokens: 1e300 }), QUOTA_PER_UNIT)).toBe(2 ** 31 - 1);
    const huge = computeQuota(ratio({ modelRatio: 1e12, completionRatio: 1e6 }), usage({ promptTokens: 1e20, completionTokens: 1e20 }), QUOTA_PER_UNIT);
    expect(huge).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe('computeQuota, audio tokens', () => {
  // gpt-4o-audio-preview: text $2.5 / $10, audio $40 / $80 per 1M tokens.
  const audioModel = ratio({ modelRatio: 1.25, completionRatio: 4, audioRatio: 16, audioCompletionRatio: 2 });

  it('prices audio input at the audio ratio and audio output at audio ratio × audio completion ratio', () => {
    // text in 100 + audio in 1000×16 + text out 50×4 + audio out 200×16×2 = 100 + 16000 + 200 + 6400 = 22700; × 1.25
    const u = usage({ promptTokens: 1100, completionTokens: 250, audioInputTokens: 1000, audioOutputTokens: 200 });
    expect(computeQuota(audioModel, u, QUOTA_PER_UNIT)).toBe(28_375);
  });

  it('comes to the published dollar prices: 1M audio tokens in and out cost $40 and $80', () => {
    expect(computeQuota(audioModel, usage({ promptTokens: 1e6, audioInputTokens: 1e6 }), QUOTA_PER_UNIT) / QUOTA_PER_UNIT).toBe(40);
    expect(computeQuota(audioModel, usage({ completionTokens: 1e6, audioOutputTokens: 1e6 }), QUOTA_PER_UNIT) / QUOTA_PER_UNIT).toBe(80);
  });

  it('bills audio tokens as text for a model without an audio ratio', () => {
    const u = usage({ promptTokens: 1100, completionTokens: 250, audioInputTokens: 1000, audioOutputTokens: 200 });
    expect(computeQuota(ratio({ modelRatio: 1.25, completionRatio: 4 }), u, QUOTA_PER_UNIT)).toBe(Math.round((1100 + 250 * 4) * 1.25));
  });

  it('bills cached tokens at the cache ratio and only the uncached rest of the audio at the audio ratio', () => {
    const price = ratio({ modelRatio: 2.5, completionRatio: 4, cacheRatio: 0.5, audioRatio: 8, audioCompletionRatio: 2 });
    // prompt 1000 of which 400 cached and 500 uncached audio → text 100 + cached 400×0.5 + audio 500×8 = 4300; × 2.5
    expect(computeQuota(price, usage({ promptTokens: 1000, cachedTokens: 400, audioInputTokens: 500 }), QUOTA_PER_UNIT)).toBe(10_750);
  });

  it('prices image input tokens at the image ratio (gpt-image-1: text $5, image $10 per 1M)', () => {
    const image = ratio({ modelRatio: 2.5, completionRatio: 8, imageRatio: 2 });
    // text 50 + image 1000 × 2 + output 4160 × 8 = 35330; × 2.5
    expect(computeQuota(image, usage({ promptTokens: 1050, completionTokens: 4160, imageInputTokens: 1000 }), QUOTA_PER_UNIT)).toBe(88_325);
    expect(computeQuota(ratio({ modelRatio: 2.5, completionRatio: 8 }), usage({ promptTokens: 1050, completionTokens: 4160, imageInputTokens: 1000 }), QUOTA_PER_UNIT)).toBe(85_825);
    expect(computeQuota(image, usage({ promptTokens: 10, imageInputTokens: 500 }), QUOTA_PER_UNIT)).toBe(50);
  });

  it('caps audio counts by the totals they are part of', () => {
    const u = usage({ promptTokens: 100, completionTokens: 10, audioInputTokens: 5000, audioOutputTokens: 900 });
    expect(computeQuota(audioModel, u, QUOTA_PER_UNIT)).toBe(Math.round((100 * 16 + 10 * 16 * 2) * 1.25));
  });
});

describe('computeQuota, long-context tiers', () => {
  // Claude Sonnet 4.5: $3 / $15, cache reads 0.1; past 200K prompt tokens $6 / $22.50.
  const sonnet = ratio({ modelRatio: 1.5, completionRatio: 5, cacheRatio: 0.1, longContext: { threshold: 200_000, input: 2, output: 1.5 } });

  it('keeps the normal prices up to the threshold', () => {
    const u = usage({ promptTokens: 150_000, cachedTokens: 50_000, completionTokens: 1000, semantic: 'anthropic' });
    expect(computeQuota(sonnet, u, QUOTA_PER_UNIT)).toBe(Math.round((150_000 + 5000 + 5000) * 1.5));
  });

  it('multiplies every input-side term and the output once the prompt, cache included, passes it', () => {
    const u = usage({ promptTokens: 160_000, cachedTokens: 50_000, completionTokens: 1000, semantic: 'anthropic' });
    // input (160000 + 50000 × 0.1) × 2 + output 1000 × 5 × 1.5 = 330000 + 7500; × 1.5
    expect(computeQuota(sonnet, u, QUOTA_PER_UNIT)).toBe(506_250);
    const openaiSemantic = usage({ promptTokens: 210_000, cachedTokens: 50_000, completionTokens: 1000 });
    expect(computeQuota(sonnet, openaiSemantic, QUOTA_PER_UNIT)).toBe(506_250);
  });

  it('comes to the published long-context dollars: 1M input tokens at $6, 1M output at $22.50', () => {
    expect(computeQuota(sonnet, usage({ promptTokens: 1e6 }), QUOTA_PER_UNIT) / QUOTA_PER_UNIT).toBe(6);
    expect(computeQuota(sonnet, usage({ promptTokens: 200_001, completionTokens: 1e6 }), QUOTA_PER_UNIT) / QUOTA_PER_UNIT).toBeCloseTo(1.200006 + 22.5, 6);
  });
});

describe('computeQuota, tools charged per call', () => {
  const prices = { web_search: 10, file_search: 2.5 };

  it('adds calls × USD per 1000 calls × QuotaPerUnit × group ratio to the tokens', () => {
    const price = ratio({ modelRatio: 1.5, completionRatio: 5, groupRatio: 0.5, toolCallPrices: prices });
    const tokensOnly = computeQuota(ratio({ modelRatio: 1.5, completionRatio: 5, groupRatio: 0.5 }), usage({ promptTokens: 100, completionTokens: 10 }), QUOTA_PER_UNIT);
    const u = usage({ promptTokens: 100, completionTokens: 10, webSearchCalls: 2, fileSearchCalls: 4 });
    // 2 × $10/1000 + 4 × $2.5/1000 = $0.03 → 15000 quota, × group ratio 0.5
    expect(computeQuota(price, u, QUOTA_PER_UNIT)).toBe(tokensOnly + 7500);
  });

  it('charges the searches of an answer that reports no tokens, and of a per-call model', () => {
    expect(computeQuota(ratio({ toolCallPrices: prices }), usage({ webSearchCalls: 1 }), QUOTA_PER_UNIT)).toBe(5000);
    expect(computeQuota({ ...fixed(0.02), toolCallPrices: prices }, usage({ webSearchCalls: 1 }), QUOTA_PER_UNIT)).toBe(10_000 + 5000);
  });

  it('charges Gemini’s grounded prompts under google_search', () => {
    expect(computeQuota(ratio({ toolCallPrices: { google_search: 35 } }), usage({ promptTokens: 10, googleSearchCalls: 1 }), QUOTA_PER_UNIT)).toBe(10 + 17_500);
  });

  it('charges nothing for a tool without a price, or when no price table applies', () => {
    expect(computeQuota(ratio({ toolCallPrices: { file_search: 2.5 } }), usage({ promptTokens: 10, webSearchCalls: 5 }), QUOTA_PER_UNIT)).toBe(10);
    expect(computeQuota(ratio({}), usage({ promptTokens: 10, webSearchCalls: 5 }), QUOTA_PER_UNIT)).toBe(10);
  });
});

describe('computeQuota, per-call models', () => {
  it('bills price × QuotaPerUnit × group ratio, whatever the usage', () => {
    expect(computeQuota(fixed(0.04), usage({}), QUOTA_PER_UNIT)).toBe(20_000);
    expect(computeQuota(fixed(0.04, 1.5), usage({ promptTokens: 99_999 }), QUOTA_PER_UNIT)).toBe(30_000);
    expect(computeQuota(fixed(0.1), usage({}), 1_000)).toBe(100);
  });

  it('rounds the per-call amount half away from zero', () => {
    expect(computeQuota(fixed(0.000003), usage({}), QUOTA_PER_UNIT)).toBe(2); // 1.5 → 2
    expect(computeQuota(fixed(0.0000029), usage({}), QUOTA_PER_UNIT)).toBe(1); // 1.45 → 1
  });

  it('multiplies by the calls a request counts for (images: count × size and quality ratio), pre-consume too', () => {
    const price = { ...fixed(0.04, 1.5), perCall: { count: 2, ratio: 3 } };
    expect(computeQuota(price, usage({}), QUOTA_PER_UNIT)).toBe(0.04 * 500_000 * 1.5 * 6);
    expect(estimatePreConsume(price, { promptTokens: 10 }, 500, QUOTA_PER_UNIT)).toBe(180_000);
  });

  it('bills at least 1 for a nonzero price in a paying group, and 0 for a zero price or a free group', () => {
    expect(computeQuota(fixed(0.0000001), usage({}), QUOTA_PER_UNIT)).toBe(1);
    expect(computeQuota(fixed(0), usage({}), QUOTA_PER_UNIT)).toBe(0);
    expect(computeQuota(fixed(0.04, 0), usage({}), QUOTA_PER_UNIT)).toBe(0);
  });
});

describe('estimatePreConsume', () => {
  const gpt4o = ratio({ modelRatio: 1.25, completionRatio: 4 });

  it('treats PreConsumedQuota as a minimum prompt token count and adds max_tokens', () => {
    expect(estimatePreConsume(gpt4o, { promptTokens: 100, maxTokens: 1000 }, 500, QUOTA_PER_UNIT)).toBe(1875);
    expect(estimatePreConsume(gpt4o, { promptTokens: 2000, maxTokens: 1000 }, 500, QUOTA_PER_UNIT)).toBe(3750);
    expect(estimatePreConsume(gpt4o, { promptTokens: 2000 }, 500, QUOTA_PER_UNIT)).toBe(2500);
  });

  it('multiplies by the group ratio and truncates', () => {
    expect(estimatePreConsume(ratio({ modelRatio: 0.075 }), { promptTokens: 10 }, 500, QUOTA_PER_UNIT)).toBe(37); // 37.5
    expect(estimatePreConsume(ratio({ modelRatio: 1, groupRatio: 0.5 }), { promptTokens: 3 }, 0, QUOTA_PER_UNIT)).toBe(1); // 1.5
  });

  it('is 0 for a free model or group', () => {
    expect(estimatePreConsume(ratio({ modelRatio: 0 }), { promptTokens: 1000, maxTokens: 1000 }, 500, QUOTA_PER_UNIT)).toBe(0);
    expect(estimatePreConsume(ratio({ groupRatio: 0 }), { promptTokens: 1000 }, 500, QUOTA_PER_UNIT)).toBe(0);
  });

  it('sizes a hold for max_tokens 1e308 as an exact integer a quota column can hold', () => {
    const hold = estimatePreConsume(gpt4o, { promptTokens: 10, maxTokens: 1e308 }, 500, QUOTA_PER_UNIT);
    expect(hold).toBe(Math.trunc((500 + 2 ** 31 - 1) * 1.25));
    expect(Number.isSafeInteger(estimatePreConsume(ratio({ modelRatio: 1e12, groupRatio: 1e6 }), { promptTokens: 1e20, maxTokens: 1e308 }, 500, QUOTA_PER_UNIT))).toBe(true);
  });

  it('holds the full price of a per-call model', () => {
    expect(estimatePreConsume(fixed(0.04, 2), { promptTokens: 10 }, 500, QUOTA_PER_UNIT)).toBe(40_000);
  });
});

describe('resolvePrice', () => {
  it('prefers a per-call price over a ratio for the same model', () => {
    const t = tables({ ModelPrice: { 'dall-e-3': 0.04 }, ModelRatio: { 'dall-e-3': 5 } });
    expect(resolvePrice('dall-e-3', 'default', t)).toEqual({ mode: 'price', modelPrice: 0.04, groupRatio: 1 });
  });

  it('returns every ratio of a per-token model', () => {
    const t = tables({
      ModelRatio: { 'claude-sonnet-4-5': 1.5 },
      CacheRatio: { 'claude-sonnet-4-5': 0.1 },
      CreateCacheRatio: { 'claude-sonnet-4-5': 1.25 },
      GroupRatio: { vip: 0.8 },
    });
    expect(resolvePrice('claude-sonnet-4-5', 'vip', t)).toEqual({
      mode: 'ratio',
      modelRatio: 1.5,
      completionRatio: 5,
      cacheRatio: 0.1,
      cacheCreationRatio: 1.25,
      groupRatio: 0.8,
      unsetModel: false,
    });
  });

  it('adds the audio ratios of a model that prices audio apart, audio completion ratio 1 when unlisted', () => {
    const t = tables({ ModelRatio: { 'voice-a': 2.5, 'voice-b': 1 }, AudioRatio: { 'voice-a': 8, 'voice-b': 4 }, AudioCompletionRatio: { 'voice-a': 2 } });
    expect(resolvePrice('voice-a', 'default', t)).toMatchObject({ audioRatio: 8, audioCompletionRatio: 2 });
    expect(resolvePrice('voice-b', 'default', t)).toMatchObject({ audioRatio: 4, audioCompletionRatio: 1 });
    expect(resolvePrice('voice-a', 'default', tables({ ModelRatio: { 'voice-a': 2.5 } }))).not.toHaveProperty('audioRatio');
    expect(resolvePrice('voice-a', 'default', tables({ ModelRatio: { 'voice-a': 2.5 }, ImageRatio: { 'voice-a': 2 } }))).toMatchObject({ imageRatio: 2 });
  });

  it('attaches a model’s long-context tier, found by its name or the name it is priced under', () => {
    const t = tables({ ModelRatio: { 'long-model': 1 }, LongContextPrice: { 'long-model': { threshold: 1000, input: 2, output: 1.5 } } });
    expect(resolvePrice('long-model', 'default', t)).toMatchObject({ longContext: { threshold: 1000, input: 2, output: 1.5 } });
    expect(resolvePrice('long-model-thinking', 'default', t)).toMatchObject({ longContext: { threshold: 1000 } });
    expect(resolvePrice('long-model', 'default', tables({ ModelRatio: { 'long-model': 1 } }))).not.toHaveProperty('longContext');
  });

  it('falls back to cache ratio 1 and cache-write ratio 1.25 for a model missing from those tables', () => {
    const t = tables({ ModelRatio: { 'my-model': 2 }, CreateCacheRatio: {} });
    const price = resolvePrice('my-model', 'default', t) as RatioPrice;
    expect([price.cacheRatio, price.cacheCreationRatio, price.completionRatio]).toEqual([1, 1.25, 1]);
  });

  it('uses the shipped cache-write defaults when no CreateCacheRatio table is given', () => {
    const t = tables({ ModelRatio: { 'claude-3-7-sonnet-20250219': 1.5 } });
    expect((resolvePrice('claude-3-7-sonnet-20250219', 'default', t) as RatioPrice).cacheCreationRatio).toBe(1.25);
  });

  it('prices a `-thinking` name like its base model unless the name itself is priced', () => {
    const t = tables({ ModelRatio: { 'claude-sonnet-4-5': 1.5, 'claude-opus-4-1': 7.5, 'claude-opus-4-1-thinking': 9 }, CacheRatio: { 'claude-sonnet-4-5': 0.1 } });
    const sonnet = resolvePrice('claude-sonnet-4-5-thinking', 'default', t) as RatioPrice;
    expect([sonnet.modelRatio, sonnet.cacheRatio, sonnet.completionRatio]).toEqual([1.5, 0.1, 5]);
    expect((resolvePrice('claude-opus-4-1-thinking', 'default', t) as RatioPrice).modelRatio).toBe(9);
  });

  it('prices every custom GPT through the gizmo wildcard', () => {
    const t = tables({ ModelRatio: { 'gpt-4-gizmo-*': 15 } });
    expect((resolvePrice('gpt-4-gizmo-g-abc123', 'default', t) as RatioPrice).modelRatio).toBe(15);
  });

  it('answers unpriced for a model in neither table, or a priced one at an unset ratio when asked to accept it', () => {
    const t = tables({ ModelRatio: { 'gpt-4o': 1.25 } });
    expect(resolvePrice('mystery-model', 'default', t)).toEqual({ mode: 'unpriced' });
    const accepted = resolvePrice('mystery-model', 'default', t, { acceptUnsetModel: true }) as RatioPrice;
    expect([accepted.mode, accepted.modelRatio, accepted.unsetModel]).toEqual(['ratio', 37.5, true]);
  });

  it('does not mistake inherited object properties for prices', () => {
    expect(resolvePrice('constructor', 'default', tables())).toEqual({ mode: 'unpriced' });
    expect(resolvePrice('toString', 'hasOwnProperty', tables({ ModelRatio: { toString: 1 } }))).toMatchObject({ mode: 'ratio', groupRatio: 1 });
  });
});

describe('groupRatioOf', () => {
  const t = { GroupRatio: { default: 1, vip: 0.8 }, GroupGroupRatio: { svip: { vip: 0.5 } } };

  it('reads GroupRatio and assumes 1 for an unknown group', () => {
    expect(groupRatioOf('vip', t)).toBe(0.8);
    expect(groupRatioOf('nobody', t)).toBe(1);
  });

  it('lets a user-group-specific ratio win over the group ratio', () => {
    expect(groupRatioOf('vip', t, 'svip')).toBe(0.5);
    expect(groupRatioOf('vip', t, 'default')).toBe(0.8);
  });
});

describe('billsCacheWrites', () => {
  it('is true for models with a cache-write ratio of their own (Claude), also by their dated names, and false for others', () => {
    expect(billsCacheWrites('claude-sonnet-4-5-20250929', tables())).toBe(true);
    expect(billsCacheWrites('gpt-4o', tables())).toBe(false);
    expect(billsCacheWrites('my-model', tables({ CreateCacheRatio: { 'my-model': 2 } }))).toBe(true);
  });
});
