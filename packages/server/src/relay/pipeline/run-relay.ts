import { usageCostAt } from './usage-cost.js';
import { estimatePreConsume, type BillablePrice } from '../../billing/price-calculator.js';
import type { BillingPreference } from '@gw/contracts';
import { subscriptionFunding } from '../../subscriptions/subscription-funding.js';
import { imageCallOf } from '../../billing/image-call-ratio.js';
import { RelayError, invalidRequest } from '../relay-error.js';
import type { RelayBody, RelayEndpoint } from '../providers/provider-adapter.js';
import type { Surface } from '../surfaces/surface.js';
import { assertModelAllowed, userQuotaUsedUp, type ApiKeyPrincipal } from './authenticate-api-key.js';
import { assertNoSensitiveWords, maskSensitiveWords } from './sensitive-words.js';
import { PromptEstimate } from './estimate-prompt-tokens.js';
import { attemptChannel, type AttemptResult } from './attempt-channel.js';
import { chooseChannel } from './choose-channel.js';
import { runOwnKeyRelay } from './run-own-key-relay.js';
import { recordFailure, recordSuccess, type RouteTrace } from './record-usage.js';
import type { ClientIO } from './client-io.js';
import { acceptsUnpricedModels, currentPrice } from './pricing.js';
import type { RelayDeps } from './relay-deps.js';
import type { ResponseStorage } from '../formats/openai/responses-from-chat.js';
import { withStoredConversation } from '../responses-store/previous-response.js';
import { nextAutoGroup, withRoutingGroup } from './auto-group.js';
import { forModel, withFallbacks } from './model-fallbacks.js';
import { holdQuota } from './hold-quota.js';
import { answerFromCache } from './answer-from-cache.js';
import { RecordingClientIO } from '../response-cache/recording-client-io.js';
import { admitRateLimits } from '../limits/admit-rate-limits.js';

/** Balances above max(10 currency units, 100 × the estimate) skip the pre-consume hold. */
const TRUST_MIN_UNITS = 10;
const TRUST_MULTIPLE = 100;

/** One relay request after its route parsed it. */
export interface RelayInput {
  requestId: string;
  surface: Surface;
  endpoint: RelayEndpoint;
  principal: ApiKeyPrincipal;
  /** The parsed body; a JSON one also carries the client's bytes (`raw`, forwarded in pass-through mode). */
  body: RelayBody;
  model: string;
  stream: boolean;
  includeUsage: boolean;
  maxTokens: number;
  clientIp: string;
  path: string;
  startedAt: number;
  /** A Claude client's `anthropic-version` and `anthropic-beta` headers, passed on to Claude upstreams. */
  claudeHeaders?: Record<string, string>;
  /** The client's User-Agent (channel affinity rules may look at it). */
  userAgent?: string;
  /** A Responses request: how the answer is stored when the gateway builds it (set by runRelay). */
  responsesStorage?: ResponseStorage;
  /** Set when a fallback model serves: the model the client asked for (the log's `fallback_from`). */
  requestedModel?: string;
  /** Set when the response cache takes part (response_cache.mode and the client's headers): how long the answer is kept. */
  cache?: { ttlSeconds: number };
  /** The client asked for the cost in the answer's usage (OpenRouter's usage accounting; chat only). */
  reportCost?: boolean;
}

/**
 * The relay, step by step (architecture.md B3): check the model and limits, price and hold quota,
 * then try channels — highest priority first, never the same channel twice, retrying only failures
 * that are not the caller's fault and only before any byte reached the client — and settle the exact
 * cost (or refund everything) once the answer is complete.
 */
export async function runRelay(deps: RelayDeps, received: RelayInput, io: ClientIO): Promise<void> {
  // The key's in-flight slot (TokenConcurrencyPolicy) is held until the request ends, however it ends.
  const slot = deps.tokenConcurrency?.enter(received.principal.tokenId, received.principal.group);
  if (!slot) return relayAdmitted(deps, received, io);
  const lease = await slot;
  try {
    return await relayAdmitted(deps, received, io);
  } finally {
    lease.release();
  }
}

async function relayAdmitted(deps: RelayDeps, asked: RelayInput, io: ClientIO): Promise<void> {
  const { principal } = asked;
  // Fallback models (the request's `models`, else ModelFallbacks) serve when the requested one cannot.
  const { input: received, fallbacks } = withFallbacks(deps, asked);
  if (!received.model) throw invalidRequest('model is required', 'model_required');
  assertModelAllowed(principal, received.model);
  // The per-user limit and the key's own rpm_limit / tpm_limit (no promise at all when none applies).
  const limits = admitRateLimits(deps, principal);
  if (limits) for (const [k, v] of Object.entries(await limits)) io.setHeader(k, v);
  // A stored conversation continued by previous_response_id is expanded first: what is checked, priced and sent.
  let expanded = received.endpoint === 'responses' && deps.responsesStore ? await withStoredConversation(deps.responsesStore, received) : received;
  if (deps.options.get('CheckSensitiveEnabled') && deps.options.get('CheckSensitiveOnPromptEnabled') && expanded.body.kind === 'json') {
    const words = deps.options.get('SensitiveWords').map((w: string) => w.toLowerCase());
    if (deps.options.get('StopOnSensitiveEnabled')) assertNoSensitiveWords(expanded.body.json, words);
    else {
      const { body, masked } = maskSensitiveWords(expanded.body.json, words);
      if (masked > 0) expanded = { ...expanded, body: { kind: 'json', json: body } };
    }
  }
  // A model the user configured with their own supplier key skips pricing, holds and routing.
  const ownKeyLookup = principal.pinnedChannelId === null ? deps.ownKeyChannels?.channelFor(principal.userId, expanded.model) : null;
  const ownKey = ownKeyLookup instanceof Promise ? await ownKeyLookup : ownKeyLookup;
  if (ownKey) return runOwnKeyRelay(deps, expanded, io, ownKey);
  const requested = expanded;
  const models = [requested.model, ...fallbacks];
  // An `auto` key is routed, priced and logged in the first of its groups with a channel for the model.
  const routedFor = (model: string): RelayInput => {
    const routedBy = withRoutingGroup(deps, principal, model);
    return model === requested.model ? (routedBy === principal ? requested : { ...requested, principal: routedBy }) : forModel(requested, routedBy, model);
  };
  const servable = (i: RelayInput) => i.principal.pinnedChannelId !== null || deps.routing.table.candidates(i.principal.group, i.model) !== undefined;
  let input = routedFor(requested.model);
  let modelAt = 0;
  let canServe = servable(input);
  // A requested model no channel serves is answered by its first fallback that has one.
  while (!canServe && modelAt + 1 < models.length) canServe = servable((input = routedFor(models[++modelAt])));

  let price = priceOf(deps, input);
  // quota_setting.enable_free_model_pre_consume off: what costs nothing needs no balance and no hold.
  const free = isFree(price) && !deps.options.get('quota_setting.enable_free_model_pre_consume');
  const funding = subscriptionFunding(principal.subscriptionUntil, principal.userSetting);
  if (principal.userQuota <= 0 && !free && !funding) throw userQuotaUsedUp();
  // An identical earlier request of this user answered from the response cache: no routing, no upstream call.
  const cacheLookup = requested.cache && deps.responseCache?.lookupFor(requested, requested.cache.ttlSeconds);
  if (cacheLookup) {
    const cached = await deps.responseCache!.get(cacheLookup);
    if (cached) {
      const served = routedFor(cached.model);
      await answerFromCache(deps, served, priceOf(deps, served), cached, funding, io);
      if (deps.limiter.active) await deps.limiter.recordSuccess(principal.userId);
      return;
    }
    io.setHeader('x-gateway-cache', 'miss');
  }
  if (!canServe) throw noChannelError(routedFor(requested.model), false);
  const promptEstimate = new PromptEstimate(input.endpoint, input.body);
  const hold = free ? undefined : preConsume(deps, input, price, promptEstimate, funding);
  if (hold) await hold;

  const trace: RouteTrace = { tried: [], reasons: [] };
  let last: AttemptResult | undefined;
  if (input.stream) deps.metrics?.streamStarted();
  try {
    const attempts = principal.pinnedChannelId !== null ? 1 : deps.options.get('RetryTimes') + 1;
    for (; modelAt < models.length; modelAt++) {
      if (input.model !== models[modelAt]) {
        const next = routedFor(models[modelAt]);
        if (!servable(next)) continue;
        input = next;
        price = priceOf(deps, input);
      }
      const fellBack = input.model === requested.model ? '' : `fallback from ${requested.model} to ${input.model}; `;
      ({ input, price, last } = await tryChannels(deps, { input, price, last }, { principal, attempts, trace, fellBack, promptEstimate, io }));
      // Only a failure that is not the caller's fault, before any byte reached the client, falls back.
      if ((last && (last.kind === 'done' || !last.retry)) || io.started || io.closed) break;
    }
  } catch (err) {
    if (deps.billing.hasOpenHold(input.requestId)) await deps.billing.refund(input.requestId);
    throw err;
  } finally {
    if (input.stream) deps.metrics?.streamEnded();
  }
  if (last?.kind === 'done') {
    if (deps.limiter.active) await deps.limiter.recordSuccess(principal.userId);
    const quota = recordSuccess(deps, input, price, last, trace, promptEstimate);
    if (cacheLookup && io instanceof RecordingClientIO) deps.responseCache!.keep(cacheLookup, io, { ...last, model: input.model });
    deps.metrics?.relayServed(input.model, last.channel.id, (Date.now() - input.startedAt) / 1000, quota, { prompt: last.usage.promptTokens, completion: last.usage.completionTokens });
    return;
  }
  if (last) deps.metrics?.relayServed(input.model, last.channel.id, (Date.now() - input.startedAt) / 1000, 0);
  // A failure is logged under the model the client asked for; the route trace names any fallback tried.
  const failed = input.model === requested.model ? input : { ...input, model: requested.model };
  const error = last?.error ?? noChannelError(failed, trace.tried.length > 0);
  await recordFailure(deps, failed, error, trace, last?.channel);
  if (!io.started) io.sendJson(error.status, input.surface.errorBody(error), error.headers);
  else io.end();
}

/** Where a request stands while its channels are tried: the input and price (an auto group may move them) and the last attempt. */
interface Trying {
  input: RelayInput;
  price: BillablePrice;
  last: AttemptResult | undefined;
}

/**
 * Tries the channels of one model, highest priority first and never one twice, up to `attempts` times;
 * stops at an answer, at a failure that is the caller's fault, or once bytes reached the client. `principal`
 * is the caller as authenticated (an `auto` key's cross-group retry reads its groups).
 */
async function tryChannels(
  deps: RelayDeps,
  at: Trying,
  ctx: { principal: ApiKeyPrincipal; attempts: number; trace: RouteTrace; fellBack: string; promptEstimate: PromptEstimate; io: ClientIO },
): Promise<Trying> {
  let { input, price, last } = at;
  const tried = new Set<number>();
  for (let i = 0; i < ctx.attempts; i++) {
    let choice = chooseChannel(deps, input.principal, input.model, tried, input);
    // An `auto` key with cross-group retry whose group has no channel left moves to its next auto group,
    // which then serves, prices and is logged.
    let moved = '';
    while (!choice) {
      const group = nextAutoGroup(deps, ctx.principal, input);
      if (!group) break;
      moved = `cross-group retry from ${input.principal.group} to ${group}; `;
      input = { ...input, principal: { ...input.principal, group } };
      price = priceOf(deps, input);
      choice = chooseChannel(deps, input.principal, input.model, tried);
    }
    if (!choice) break;
    tried.add(choice.channel.id);
    ctx.trace.tried.push(choice.channel.id);
    ctx.trace.reasons.push(`#${choice.channel.id}: ${ctx.fellBack}${moved}${choice.reason}`);
    const costOf = input.reportCost ? usageCostAt(price, deps.options.get('QuotaPerUnit')) : undefined;
    last = await attemptChannel(deps, input, choice, { promptEstimate: ctx.promptEstimate, io: ctx.io, costOf });
    if (last.kind === 'failed') deps.metrics?.upstreamError(choice.channel.id, last.error.status);
    if (last.kind === 'done' || !last.retry || ctx.io.started || ctx.io.closed) break;
  }
  return { input, price, last };
}

function priceOf(deps: RelayDeps, input: RelayInput): BillablePrice {
  const price = currentPrice(deps.options, input.model, input.principal.group, acceptsUnpricedModels(deps.options, input.principal), input.principal.userGroup);
  if (price.mode === 'unpriced') {
    throw invalidRequest(`the model ${input.model} has no price set; ask the administrator to set one`, 'model_price_error');
  }
  // A per-call image model's price is for one standard image; a request may ask for more, or larger.
  if (price.mode === 'price' && (input.endpoint === 'images.generations' || input.endpoint === 'images.edits')) {
    return { ...price, perCall: imageCallOf(input.model, imageFields(input.body)) };
  }
  return price;
}

function isFree(price: BillablePrice): boolean {
  return price.groupRatio === 0 || (price.mode === 'price' ? price.modelPrice === 0 : price.modelRatio === 0);
}

function imageFields(body: RelayBody): { n?: unknown; size?: unknown; quality?: unknown } {
  if (body.kind === 'json') return body.json;
  const field = (name: string) => {
    const value = body.fields.find((f) => f.name === name)?.value;
    return typeof value === 'string' ? value : undefined;
  };
  return { n: field('n'), size: field('size'), quality: field('quality') };
}

/**
 * Holds the estimate before the call — except for a caller whose user balance and key both exceed a
 * generous multiple of it (new-api's trust rule): then the exact cost is simply charged afterwards, and
 * a busy customer's requests cost the database nothing before the answer.
 */
function preConsume(deps: RelayDeps, input: RelayInput, price: BillablePrice, prompt: PromptEstimate, funding: BillingPreference | undefined): Promise<void> | undefined {
  const p = input.principal;
  const holdFor = (promptTokens: number) =>
    estimatePreConsume(price, { promptTokens, maxTokens: input.maxTokens }, deps.options.get('PreConsumedQuota'), deps.options.get('QuotaPerUnit'));
  // Trust is judged on an upper bound of the estimate (no tokenising); the hold itself on the estimate.
  const trustAbove = Math.max(TRUST_MIN_UNITS * deps.options.get('QuotaPerUnit'), TRUST_MULTIPLE * holdFor(prompt.upperBound));
  // A subscriber always takes a hold: it records which source pays.
  if (!funding && p.userQuota > trustAbove && (p.tokenUnlimited || p.tokenRemainQuota > trustAbove)) return undefined;
  return holdQuota(deps, input, holdFor(prompt.tokens), funding);
}


function noChannelError(input: RelayInput, triedSome: boolean): RelayError {
  if (triedSome) return new RelayError(503, 'no_available_channel', `every channel for ${input.model} failed; please retry later`, 'gateway');
  return new RelayError(503, 'model_not_found', `no available channel for model ${input.model} under group ${input.principal.group}`, 'gateway');
}
