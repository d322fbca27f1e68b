import { ChannelStatus } from '../../channels/channel-types.js';
import { channelsRepository, type ChannelRow } from '../../channels/channels.repository.js';
import { mapModel } from '../../channels/model-mapping.js';
import { splitCommaList } from '../../channels/comma-list.js';
import { channelProxyOf } from '../../channels/channel-setting.js';
import { computeQuota, resolvePrice } from '../../billing/price-calculator.js';
import { logsRepository } from '../../logs/logs.repository.js';
import { LogType } from '../../logs/log-types.js';
import { nowSeconds } from '../../platform/clock.js';
import { AppError, NotFoundError } from '../../http/errors.js';
import { ErrorCode } from '@gw/contracts';
import type { AdapterContext, ProviderAdapter, RelayBody } from '../providers/provider-adapter.js';
import { anyChannelInfo, maskHosts } from '../pipeline/attempt-channel.js';
import { resolveModelSettings } from '../pipeline/model-settings.js';
import { readBounded } from '../pipeline/relay-non-stream.js';
import { classifyUpstreamError, upstreamErrorPolicy } from '../pipeline/retry-policy.js';
import { priceTablesOf } from '../pipeline/pricing.js';
import { modelKindOf } from '../../pricing/endpoint-types.js';
import type { RelayDeps } from '../pipeline/relay-deps.js';
import { UpstreamRefusal } from '../providers/upstream-refusal.js';
import { chatToResponsesRequest } from '../formats/openai/chat-request-to-responses.js';

export interface ChannelTestResult {
  success: boolean;
  message: string;
  /** Seconds the test took. */
  time: number;
  model: string;
}

const FALLBACK_TEST_MODEL = 'gpt-4o-mini';

/**
 * Channel health checks (GET /api/channel/test…): a tiny real request through the channel's adapter.
 * The result is saved (response_time, test_time) and written as a consume log named "model test" with
 * the computed quota, but nobody's balance changes. A failure may disable the channel automatically,
 * and a success may re-enable an automatically disabled one, as the options say; a test slower than
 * ChannelDisableThreshold seconds counts as a failure.
 */
export class ChannelTester {
  constructor(private readonly deps: RelayDeps) {}

  async test(channelId: number, requestedModel: string | undefined, actorId: number): Promise<ChannelTestResult> {
    const channel = await channelsRepository.findWithKey(this.deps.db, channelId);
    if (!channel) throw new NotFoundError('channel');
    const model = requestedModel?.trim() || channel.test_model || splitCommaList(channel.models ?? '')[0] || FALLBACK_TEST_MODEL;
    const started = Date.now();
    const outcome = await this.run(channel, model);
    const ms = Date.now() - started;
    const seconds = ms / 1000;
    await channelsRepository.setTestResult(this.deps.db, channel.id, ms, nowSeconds());

    const threshold = this.deps.options.get('ChannelDisableThreshold');
    let failure = outcome.error;
    if (!failure && threshold > 0 && seconds > threshold) failure = { message: `the response took ${seconds.toFixed(2)} s, over the ${threshold} s limit`, disable: true };
    if (failure) {
      if (failure.disable && channel.auto_ban === 1 && this.deps.options.get('AutomaticDisableChannelEnabled')) {
        await this.deps.routing.disableChannelAutomatically(channel.id, `channel test failed: ${failure.message}`);
      }
      return { success: false, message: failure.message, time: seconds, model };
    }
    if (channel.status === ChannelStatus.AutoDisabled && this.deps.options.get('AutomaticEnableChannelEnabled')) {
      const keyBack = outcome.keyIndex !== undefined && (await this.deps.routing.reenableAutoDisabledKey(channel.id, outcome.keyIndex));
      if (!keyBack) await this.deps.routing.reenableAutoDisabledChannel(channel.id);
    }
    await logsRepository.insert(this.deps.db, {
      user_id: actorId,
      type: LogType.Consume,
      token_name: 'model test',
      model_name: model,
      quota: outcome.quota,
      prompt_tokens: outcome.promptTokens,
      completion_tokens: outcome.completionTokens,
      use_time: Math.round(seconds),
      channel_id: channel.id,
      channel_name: channel.name,
      content: 'channel test (not charged)',
    });
    return { success: true, message: '', time: seconds, model };
  }

  /** Tests every channel that an administrator did not disable by hand; returns how many passed and failed. */
  async testAll(actorId: number): Promise<{ tested: number; failed: number }> {
    const channels = await this.deps.db.selectFrom('channels').select('id').where('status', '!=', ChannelStatus.ManuallyDisabled).execute();
    let failed = 0;
    for (const { id } of channels) {
      const result = await this.test(id, undefined, actorId).catch(() => ({ success: false }));
      if (!result.success) failed++;
    }
    return { tested: channels.length, failed };
  }

  /** Asks the provider for the account balance, for adapters that can; saves and returns it. */
  async updateBalance(channelId: number): Promise<number> {
    const channel = await channelsRepository.findWithKey(this.deps.db, channelId);
    if (!channel) throw new NotFoundError('channel');
    const adapter = this.deps.getAdapter(channel.type);
    if (!adapter?.balance) throw new UnsupportedBalanceError();
    const res = await this.deps.http.request({ ...adapter.balance.request(anyChannelInfo(channel, adapter)), proxy: channelProxyOf(channel) });
    const raw = new TextDecoder().decode(await readBounded(res.body, 1024 * 1024));
    if (res.statusCode >= 400) throw new BalanceQueryError(maskHosts(adapter.parseError(res.statusCode, raw, this.testContext(channel, adapter, '')).message));
    const balance = adapter.balance.parse(raw);
    await channelsRepository.setBalance(this.deps.db, channel.id, balance, nowSeconds());
    return balance;
  }

  /** Refreshes the balance of every enabled channel whose provider reports one. */
  async updateAllBalances(): Promise<{ updated: number; failed: number }> {
    const channels = await this.deps.db.selectFrom('channels').select(['id', 'type']).where('status', '=', ChannelStatus.Enabled).execute();
    let updated = 0;
    let failed = 0;
    for (const { id, type } of channels) {
      if (!this.deps.getAdapter(type)?.balance) continue;
      try {
        await this.updateBalance(id);
        updated++;
      } catch {
        failed++;
      }
    }
    return { updated, failed };
  }

  private async run(
    channel: ChannelRow,
    model: string,
  ): Promise<{ error?: { message: string; disable: boolean }; quota: number; promptTokens: number; completionTokens: number; keyIndex?: number }> {
    const none = { quota: 0, promptTokens: 0, completionTokens: 0 };
    const adapter = this.deps.getAdapter(channel.type);
    if (!adapter) return { ...none, error: { message: `channel type ${channel.type} is not supported`, disable: false } };
    let upstreamModel: string;
    try {
      upstreamModel = mapModel(channel.model_mapping, model).upstreamModel;
    } catch (err) {
      return { ...none, error: { message: (err as Error).message, disable: false } };
    }
    const endpoint = testEndpointOf(adapter, model);
    let ctx = this.testContext(channel, adapter, upstreamModel, endpoint);
    let body: RelayBody = { kind: 'json', json: TEST_BODIES[endpoint](model) };
    // A model the channel serves only through the Responses API is tested there, as the relay would send it.
    if (endpoint === 'chat' && adapter.servesOnlyByResponses?.(ctx.upstreamModel) && adapter.supports('responses')) {
      ctx = { ...ctx, endpoint: 'responses' };
      body = { kind: 'json', json: chatToResponsesRequest(body.json) };
    }
    try {
      const res = await this.deps.http.request({ ...(await adapter.buildRequest(body, ctx)), proxy: channelProxyOf(channel) });
      const raw = await readBounded(res.body, 8 * 1024 * 1024);
      if (res.statusCode >= 400) {
        const info = adapter.parseError(res.statusCode, new TextDecoder().decode(raw), ctx);
        const verdict = classifyUpstreamError(res.statusCode, info, upstreamErrorPolicy(this.deps.options));
        return { ...none, error: { message: maskHosts(info.message || `HTTP ${res.statusCode}`), disable: verdict.disableReason !== null } };
      }
      const usage = adapter.parseResponse(raw, String(res.headers['content-type'] ?? ''), ctx).usage;
      const price = resolvePrice(model, 'default', priceTablesOf(this.deps.options), { acceptUnsetModel: true });
      const quota = usage && price.mode !== 'unpriced' ? computeQuota(price, usage, this.deps.options.get('QuotaPerUnit')) : 0;
      return { quota, promptTokens: usage?.promptTokens ?? 0, completionTokens: usage?.completionTokens ?? 0, keyIndex: ctx.channel.keyIndex };
    } catch (err) {
      // Credentials refused before the upstream was called (a dead refresh token) fail the test as a refusal by the upstream would.
      if (err instanceof UpstreamRefusal) {
        const verdict = classifyUpstreamError(err.status, err.info, upstreamErrorPolicy(this.deps.options));
        return { ...none, error: { message: maskHosts(err.info.message), disable: verdict.disableReason !== null } };
      }
      return { ...none, error: { message: maskHosts(err instanceof Error ? err.message : 'the request failed'), disable: false } };
    }
  }

  private testContext(channel: ChannelRow, adapter: ProviderAdapter, upstreamModel: string, endpoint: AdapterContext['endpoint'] = 'chat'): AdapterContext {
    const { settings, model } = resolveModelSettings(this.deps.options, upstreamModel, 16);
    return { endpoint, channel: anyChannelInfo(channel, adapter), upstreamModel: model, stream: false, settings, auth: this.deps.auth };
  }
}

/** The smallest request of each endpoint a test may use. */
const TEST_BODIES = {
  chat: (model: string) => ({ model, messages: [{ role: 'user', content: 'hi' }], max_tokens: 16 }),
  embeddings: (model: string) => ({ model, input: 'hi' }),
  rerank: (model: string) => ({ model, query: 'hi', documents: ['hi', 'hello'], top_n: 1 }),
  moderations: (model: string) => ({ model, input: 'hi' }),
} as const;

/**
 * What a test asks of the channel: an embedding, rerank or moderation model (told by its name) is tested
 * on its own endpoint when the channel type has it, as is any model of a channel type without chat; the
 * rest chat.
 */
function testEndpointOf(adapter: ProviderAdapter, model: string): keyof typeof TEST_BODIES {
  if (model.toLowerCase().includes('moderation') && adapter.supports('moderations')) return 'moderations';
  const kind = modelKindOf(model);
  if (kind === 'embeddings' && adapter.supports('embeddings')) return 'embeddings';
  if (kind === 'jina-rerank' && adapter.supports('rerank')) return 'rerank';
  if (!adapter.supports('chat') && adapter.supports('embeddings')) return 'embeddings';
  return 'chat';
}

export class UnsupportedBalanceError extends AppError {
  constructor() {
    super(ErrorCode.BadRequest, 'this channel type does not report a balance');
  }
}

export class BalanceQueryError extends AppError {
  constructor(message: string) {
    super(ErrorCode.BadRequest, `the provider refused the balance query: ${message}`);
  }
}
