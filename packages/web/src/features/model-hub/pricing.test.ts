import { describe, expect, it } from 'vitest';
import type { ModelHubEntry, PricingEntry } from '@gw/contracts';
import { callPrice, endpointLabel, formatPrice, matchesSearch, mergeModels, otherTokenPrices, tokenPrices } from './pricing';

const price = (model_name: string, extra: Partial<PricingEntry> = {}): PricingEntry => ({
  model_name, quota_type: 0, model_ratio: 0.075, completion_ratio: 4, model_price: 0, enable_groups: ['default'], supported_endpoint_types: ['openai'], ...extra,
});
const hub = (name: string, extra: Partial<ModelHubEntry> = {}) => ({ name, desc: '', tags: '', icon: '', max_token: 0, hide: false, ...extra }) as ModelHubEntry;

describe('model prices (spec 3 §9)', () => {
  const [mini] = mergeModels([price('gpt-4o-mini')], []);

  it('prices a million prompt tokens at model ratio × 2 USD × group ratio, completion × completion ratio', () => {
    expect(tokenPrices(mini, 1).input).toBeCloseTo(0.15, 12);
    expect(tokenPrices(mini, 1).output).toBeCloseTo(0.6, 12);
    expect(tokenPrices(mini, 2).input).toBeCloseTo(0.3, 12);
  });

  it('prices a per-call model at model price × group ratio', () => {
    const [mj] = mergeModels([price('mj', { quota_type: 1, model_ratio: 0, completion_ratio: 0, model_price: 0.1 })], []);
    expect(mj.perCall).toBe(true);
    expect(callPrice(mj, 1.5)).toBeCloseTo(0.15, 12);
  });

  it('prices what a model bills apart from text from the input price: cache, audio, image input and the long-context tier', () => {
    const [audio] = mergeModels(
      [price('gpt-audio', { model_ratio: 1.25, completion_ratio: 4, cache_ratio: 0.5, cache_creation_ratio: 1.25, audio_ratio: 16, audio_completion_ratio: 2, image_ratio: 2, long_context: { threshold: 200_000, input: 2, output: 1.5 } })],
      [],
    );
    const other = otherTokenPrices(audio, 2);
    // Input at ratio 1.25 and group ratio 2: 1.25 × 2 × 2 = $5 per 1M; output × 4 = $20.
    expect(other.prices.map((p) => [p.kind, p.usd])).toEqual([['cachedInput', 2.5], ['cacheWrite', 6.25], ['audioInput', 80], ['audioOutput', 160], ['imageInput', 10]]);
    expect(other.longContext).toEqual({ threshold: 200_000, input: 10, output: 30 });
    expect(otherTokenPrices(mini, 1)).toEqual({ prices: [], longContext: undefined });
  });

  it('formats with 2 to 4 decimals in the shown currency', () => {
    expect(formatPrice(0.15, 1, '$')).toBe('$0.15');
    expect(formatPrice(0.15, 7.3, '¥')).toBe('¥1.095');
    expect(formatPrice(0.000123, 1, '$')).toBe('$0.0001');
  });
});

describe('mergeModels', () => {
  it('joins hub descriptions and tags, leaves hidden models out and sorts by name', () => {
    const rows = mergeModels([price('b'), price('a'), price('secret')], [hub('a', { desc: 'fast', tags: 'Hot, New,Hot' }), hub('secret', { hide: true })]);
    expect(rows.map((r) => r.name)).toEqual(['a', 'b']);
    expect(rows[0]).toMatchObject({ description: 'fast', tags: ['Hot', 'New'] });
  });

  it('takes description, icon, tags, vendor and endpoint types from the model’s metadata', () => {
    const [row] = mergeModels([price('gpt-4o', { description: 'Omni', icon: 'https://x.example/i.png', tags: 'Vision,Fast', vendor_id: 3, supported_endpoint_types: ['openai', 'openai-response'] })], []);
    expect(row).toMatchObject({ description: 'Omni', icon: 'https://x.example/i.png', tags: ['Vision', 'Fast'], vendorId: 3, endpointTypes: ['openai', 'openai-response'] });
  });

  it('takes the context, output, modalities and dates from the metadata; a hub entry’s context wins', () => {
    const facts = { context_length: 200_000, max_output_tokens: 8192, input_modalities: 'text, image', output_modalities: 'text', knowledge_cutoff: '2025-01', release_date: '2025-05-22', parameter_count: '70B' };
    const [described, hubbed, bare] = mergeModels([price('a', facts), price('b', facts), price('c')], [hub('b', { max_token: 32_000 })]);
    expect(described.contextLength).toBe(200_000);
    expect(described.facts).toEqual({ maxOutput: 8192, inputModalities: ['text', 'image'], outputModalities: ['text'], knowledgeCutoff: '2025-01', releaseDate: '2025-05-22', parameterCount: '70B' });
    expect(hubbed.contextLength).toBe(32_000);
    expect(bare.contextLength).toBe(0);
    expect(bare.facts).toEqual({ maxOutput: 0, inputModalities: [], outputModalities: [], knowledgeCutoff: '', releaseDate: '', parameterCount: '' });
  });

  it('prefers the hub entry’s description and icon, joins both tag sets, and falls back to the vendor’s icon', () => {
    const vendors = [{ id: 3, name: 'Acme', icon: 'https://acme.example/v.png' }];
    const [a, b] = mergeModels(
      [price('a', { description: 'meta', tags: 'Fast,Vision', vendor_id: 3 }), price('b', { vendor_id: 3 })],
      [hub('a', { desc: 'hub', tags: 'Hot,Fast', icon: 'data:image/png;base64,AA' })],
      vendors,
    );
    expect(a).toMatchObject({ description: 'hub', icon: 'data:image/png;base64,AA', tags: ['Hot', 'Fast', 'Vision'] });
    expect(b).toMatchObject({ description: '', icon: 'https://acme.example/v.png', tags: [], vendorId: 3 });
    expect(mergeModels([price('c')], [])[0]).toMatchObject({ icon: '', vendorId: 0 });
  });

  it('matches a search on the name, a tag or the description, ignoring case', () => {
    const [a] = mergeModels([price('gpt-4o')], [hub('gpt-4o', { desc: 'Omni model', tags: 'Vision' })]);
    expect(['4O', 'vision', 'omni', ''].map((q) => matchesSearch(a, q))).toEqual([true, true, true, true]);
    expect(matchesSearch(a, 'claude')).toBe(false);
  });

  it('labels an endpoint with its method and path, the model named where the path takes it', () => {
    expect(endpointLabel({ path: '/v1/chat/completions', method: 'POST' }, 'gpt-4o')).toBe('POST /v1/chat/completions');
    expect(endpointLabel({ path: '/v1beta/models/{model}:generateContent', method: 'POST' }, 'gemini-2.5-pro')).toBe('POST /v1beta/models/gemini-2.5-pro:generateContent');
    expect(endpointLabel(undefined, 'x')).toBeUndefined();
  });
});
