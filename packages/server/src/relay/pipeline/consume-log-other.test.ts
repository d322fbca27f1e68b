import { describe, expect, it } from 'vitest';
import type { BillablePrice } from '../../billing/price-calculator.js';
import { emptyUsage } from '../formats/usage.js';
import { consumeLogOther, type ConsumeLogDetails } from './consume-log-other.js';

const ratioPrice: BillablePrice = { mode: 'ratio', modelRatio: 0.075, completionRatio: 4, cacheRatio: 0.5, cacheCreationRatio: 1.25, groupRatio: 1.5, unsetModel: false };
const fixedPrice: BillablePrice = { mode: 'price', modelPrice: 0.04, groupRatio: 0.8 };

const details = (over: Partial<ConsumeLogDetails> = {}): ConsumeLogDetails => ({
  usage: { ...emptyUsage(), promptTokens: 120, completionTokens: 30, cachedTokens: 100, cacheCreationTokens: 7, reasoningTokens: 12 },
  firstTokenMs: 231,
  isMapped: true,
  upstreamModel: 'gpt-4o-mini-2024-07-18',
  reasoningEffort: undefined,
  requestPath: '/v1/chat/completions',
  streamStatus: undefined,
  triedChannels: [4, 9],
  routeTrace: ['#4: priority 10, weight 3 of 5', '#9: retry after 502'],
  localCount: false,
  promptEstimate: undefined,
  ...over,
});

/** What the log recorded when `other` was an object passed to JSON.stringify. */
function expected(price: BillablePrice, d: ConsumeLogDetails) {
  const u = d.usage;
  return JSON.parse(
    JSON.stringify({
      model_ratio: price.mode === 'ratio' ? price.modelRatio : 0,
      group_ratio: price.groupRatio,
      completion_ratio: price.mode === 'ratio' ? price.completionRatio : 0,
      model_price: price.mode === 'price' ? price.modelPrice : -1,
      cache_tokens: u.cachedTokens,
      cache_ratio: price.mode === 'ratio' ? price.cacheRatio : 0,
      cache_creation_tokens: u.cacheCreationTokens,
      cache_creation_ratio: price.mode === 'ratio' ? price.cacheCreationRatio : 0,
      reasoning_tokens: u.reasoningTokens,
      audio_input_tokens: u.audioInputTokens ?? 0,
      audio_output_tokens: u.audioOutputTokens ?? 0,
      frt: d.firstTokenMs,
      is_model_mapped: d.isMapped,
      upstream_model_name: d.upstreamModel,
      reasoning_effort: d.reasoningEffort,
      request_path: d.requestPath,
      stream_status: d.streamStatus,
      usage_semantic: u.semantic,
      admin_info: { use_channel: d.triedChannels, route_trace: d.routeTrace, local_count_tokens: d.localCount, ...(d.promptEstimate !== undefined ? { prompt_estimate: d.promptEstimate } : {}) },
    }),
  );
}

describe('consumeLogOther', () => {
  it('records the same fields and values as the object it replaces, for ratio and per-call prices', () => {
    for (const price of [ratioPrice, fixedPrice]) {
      for (const d of [
        details(),
        details({ reasoningEffort: 'high', streamStatus: 'client_gone', promptEstimate: 88, localCount: true, isMapped: false }),
        details({ usage: { ...emptyUsage('anthropic'), promptTokens: 5, completionTokens: 1, audioInputTokens: 3, audioOutputTokens: 2 }, triedChannels: [], routeTrace: [] }),
      ]) {
        expect(JSON.parse(consumeLogOther(price, d))).toEqual(expected(price, d));
      }
    }
  });

  it('escapes text from the request and the upstream, and writes non-finite numbers as null', () => {
    const d = details({ upstreamModel: 'we"ird\\model\n\u2028', reasoningEffort: '</script>"', requestPath: '/v1/chat/completions?x="1"', routeTrace: ['tab\there', 'ünïcødé 模型'], firstTokenMs: Number.NaN });
    const parsed = JSON.parse(consumeLogOther(ratioPrice, d));
    expect(parsed).toEqual({ ...expected(ratioPrice, d), frt: null });
    expect(parsed.upstream_model_name).toBe('we"ird\\model\n\u2028');
    expect(parsed.admin_info.route_trace).toEqual(['tab\there', 'ünïcødé 模型']);
  });

  it('renders each price by its own values when several are in use', () => {
    const a = JSON.parse(consumeLogOther(ratioPrice, details()));
    const b = JSON.parse(consumeLogOther({ ...ratioPrice, modelRatio: 2.5, groupRatio: 3 }, details()));
    const c = JSON.parse(consumeLogOther(ratioPrice, details()));
    expect([a.model_ratio, a.group_ratio]).toEqual([0.075, 1.5]);
    expect([b.model_ratio, b.group_ratio]).toEqual([2.5, 3]);
    expect(c).toEqual(a);
  });
});
