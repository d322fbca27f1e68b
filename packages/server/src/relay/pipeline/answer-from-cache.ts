import type { BillingPreference } from '@gw/contracts';
import { computeQuota, type BillablePrice } from '../../billing/price-calculator.js';
import type { CachedAnswer } from '../response-cache/cached-answer.js';
import type { ClientIO } from './client-io.js';
import { holdQuota } from './hold-quota.js';
import { chargeAnswer, cachedQuota } from './record-usage.js';
import type { RelayDeps } from './relay-deps.js';
import type { RelayInput } from './run-relay.js';

/** What a consume log names as the channel of an answer that came from the response cache. */
const NO_CHANNEL = { id: 0, name: '' };

/**
 * Answers with a cached answer's bytes and charges response_cache.billing_ratio of what it cost (held first,
 * so a balance that cannot pay is refused as for any request), logging it as served from the cache.
 */
export async function answerFromCache(deps: RelayDeps, input: RelayInput, price: BillablePrice, answer: CachedAnswer, funding: BillingPreference | undefined, io: ClientIO): Promise<void> {
  const ratio = deps.options.get('response_cache.billing_ratio');
  const quota = cachedQuota(computeQuota(price, answer.usage, deps.options.get('QuotaPerUnit')), ratio);
  if (quota > 0) await holdQuota(deps, input, quota, funding);
  io.sendBytes(200, answer.body, answer.contentType, { 'x-gateway-cache': 'hit' });
  chargeAnswer(deps, {
    principal: input.principal,
    requestId: input.requestId,
    model: answer.model,
    price,
    channel: NO_CHANNEL,
    stream: input.stream,
    startedAt: input.startedAt,
    clientIp: input.clientIp,
    cacheRatio: ratio,
    details: {
      usage: answer.usage,
      firstTokenMs: Date.now() - input.startedAt,
      isMapped: answer.upstreamModel !== answer.model,
      upstreamModel: answer.upstreamModel,
      reasoningEffort: undefined,
      requestPath: input.path,
      streamStatus: input.stream ? 'complete' : undefined,
      triedChannels: [],
      routeTrace: [`answered from the response cache (cached at ${answer.cachedAt})`],
      localCount: false,
      promptEstimate: undefined,
      fallbackFrom: input.requestedModel,
      responseCache: { billingRatio: ratio, cachedAt: answer.cachedAt },
    },
  });
}
