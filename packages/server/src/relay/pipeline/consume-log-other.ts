import type { BillablePrice } from '../../billing/price-calculator.js';
import { totalPromptTokens, type Usage } from '../formats/usage.js';
import { flattened } from '../../platform/flat-string.js';

/** What a consume log's `other` JSON records besides the price. */
export interface ConsumeLogDetails {
  usage: Usage;
  firstTokenMs: number;
  isMapped: boolean;
  upstreamModel: string;
  reasoningEffort: string | undefined;
  requestPath: string;
  streamStatus: string | undefined;
  triedChannels: readonly number[];
  routeTrace: readonly string[];
  localCount: boolean;
  /** The tokenised prompt estimate, when one was computed. */
  promptEstimate: number | undefined;
  /** admin_info.channel_affinity as JSON, when channel affinity chose or recorded the channel. */
  channelAffinity?: string;
  /** Which key of a channel holding several served the request. */
  multiKeyIndex?: number;
  /** The model the client asked for, when a fallback model served the request. */
  fallbackFrom?: string;
  /** Set for an answer from the response cache: the share of the cost charged, and when it was cached. */
  responseCache?: { billingRatio: number; cachedAt: number };
}

/** JSON's rendering of a number: non-finite values become null, as JSON.stringify writes them. */
const num = (n: number): string => (Number.isFinite(n) ? String(n) : 'null');
const str = (s: string): string => JSON.stringify(s);

/** The price's part of `other`; prices are remembered objects, so each is rendered once. */
const pricePrefixes = new WeakMap<BillablePrice, string>();

function pricePrefix(price: BillablePrice): string {
  let prefix = pricePrefixes.get(price);
  if (prefix === undefined) {
    const ratio = price.mode === 'ratio' ? price : undefined;
    prefix =
      `{"model_ratio":${num(ratio?.modelRatio ?? 0)},"group_ratio":${num(price.groupRatio)},` +
      `"completion_ratio":${num(ratio?.completionRatio ?? 0)},"model_price":${num(price.mode === 'price' ? price.modelPrice : -1)},` +
      `"cache_ratio":${num(ratio?.cacheRatio ?? 0)},"cache_creation_ratio":${num(ratio?.cacheCreationRatio ?? 0)}` +
      (ratio?.audioRatio === undefined ? '' : `,"audio_ratio":${num(ratio.audioRatio)},"audio_completion_ratio":${num(ratio.audioCompletionRatio ?? 0)}`) +
      (ratio?.imageRatio === undefined ? '' : `,"image_ratio":${num(ratio.imageRatio)}`) +
      (price.mode === 'price' && price.perCall ? `,"image_count":${num(price.perCall.count)},"image_size_ratio":${num(price.perCall.ratio)}` : '');
    pricePrefixes.set(price, prefix);
  }
  return prefix;
}

/**
 * The `other` JSON of a consume log (ratios, cache and reasoning tokens, first-token time, the upstream
 * model, and the route trace under admin_info). Written on every relayed request, so it is rendered by
 * hand rather than by building an object for JSON.stringify: this took about half the time. It waits in
 * the settlement queue for the next group commit, so it is returned flat.
 */
export function consumeLogOther(price: BillablePrice, d: ConsumeLogDetails): string {
  const u = d.usage;
  return flattened(
    `${pricePrefix(price)},"cache_tokens":${num(u.cachedTokens)},"cache_creation_tokens":${num(u.cacheCreationTokens)},` +
    `"reasoning_tokens":${num(u.reasoningTokens)},"audio_input_tokens":${num(u.audioInputTokens ?? 0)},"audio_output_tokens":${num(u.audioOutputTokens ?? 0)},` +
    (u.imageInputTokens ? `"image_input_tokens":${num(u.imageInputTokens)},` : '') +
    (u.audioSeconds ? `"audio_seconds":${num(u.audioSeconds)},` : '') +
    (u.cacheCreation1hTokens ? `"cache_creation_1h_tokens":${num(u.cacheCreation1hTokens)},` : '') +
    (price.mode === 'ratio' && price.longContext && totalPromptTokens(u) > price.longContext.threshold ? `"long_context_tier":{"threshold":${num(price.longContext.threshold)},"input":${num(price.longContext.input)},"output":${num(price.longContext.output)}},` : '') +
    (u.webSearchCalls ? `"web_search_calls":${num(u.webSearchCalls)},"web_search_price":${num(price.toolCallPrices?.web_search ?? 0)},` : '') +
    (u.fileSearchCalls ? `"file_search_calls":${num(u.fileSearchCalls)},"file_search_price":${num(price.toolCallPrices?.file_search ?? 0)},` : '') +
    (u.googleSearchCalls ? `"google_search_calls":${num(u.googleSearchCalls)},"google_search_price":${num(price.toolCallPrices?.google_search ?? 0)},` : '') +
    `"frt":${num(d.firstTokenMs)},"is_model_mapped":${d.isMapped},"upstream_model_name":${str(d.upstreamModel)},` +
    (d.reasoningEffort === undefined ? '' : `"reasoning_effort":${str(d.reasoningEffort)},`) +
    (d.fallbackFrom === undefined ? '' : `"fallback_from":${str(d.fallbackFrom)},`) +
    (d.responseCache === undefined ? '' : `"response_cache":{"hit":true,"billing_ratio":${num(d.responseCache.billingRatio)},"cached_at":${num(d.responseCache.cachedAt)}},`) +
    `"request_path":${str(d.requestPath)},` +
    (d.streamStatus === undefined ? '' : `"stream_status":${str(d.streamStatus)},`) +
    `"usage_semantic":${str(u.semantic)},` +
    `"admin_info":{"use_channel":[${d.triedChannels.map(num).join(',')}],"route_trace":[${d.routeTrace.map(str).join(',')}],` +
    `"local_count_tokens":${d.localCount}${d.promptEstimate === undefined ? '' : `,"prompt_estimate":${num(d.promptEstimate)}`}` +
    `${d.channelAffinity === undefined ? '' : `,"channel_affinity":${d.channelAffinity}`}` +
    `${d.multiKeyIndex === undefined ? '' : `,"is_multi_key":true,"multi_key_index":${num(d.multiKeyIndex)}`}}}`,
  );
}
