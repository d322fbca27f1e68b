import type { UsageCost } from './usage-cost.js';
import { MultiKeyStatus, readChannelSettings, type ChannelSettings } from '@gw/contracts';
import { channelSettingOf } from '../../channels/channel-setting.js';
import type { ChannelChoice } from '../../channels/select-channel.js';
import type { RoutableChannel } from '../../channels/routing-table.js';
import { mapModel } from '../../channels/model-mapping.js';
import { mapStatusCode } from '../../channels/status-code-mapping.js';
import { ChannelConfigError } from '../../channels/channel-config-error.js';
import { channelKeys } from '../../channels/multi-key/channel-keys.js';
import { enabledKeyIndices, keysInfoOf, keyStatusOf } from '../../channels/multi-key/keys-info.js';
import type { UpstreamResponse } from '../../platform/upstream-body.js';
import { UpstreamProxyError } from '../../platform/upstream-proxy.js';
import type { Usage } from '../formats/usage.js';
import type { AdapterContext, ChannelInfo, ProviderAdapter, UpstreamRequest } from '../providers/provider-adapter.js';
import { RelayError } from '../relay-error.js';
import { UpstreamRefusal } from '../providers/upstream-refusal.js';
import { classifyUpstreamError, upstreamErrorPolicy, networkFailure, retryAfterSeconds, type FailureVerdict } from './retry-policy.js';
import { resolveModelSettings, withClientClaudeHeaders } from './model-settings.js';
import { applyParamOverride } from './param-override.js';
import { withChannelSystemPrompt } from './channel-system-prompt.js';
import { withChannelFieldPolicy } from './channel-request-fields.js';
import { openAIAnswerRewrite } from './openai-answer-rewrite.js';
import { readBounded, relayNonStream } from './relay-non-stream.js';
import { relayStream } from './relay-stream.js';
import type { ClientIO } from './client-io.js';
import type { RelayDeps } from './relay-deps.js';
import type { RelayInput } from './run-relay.js';
import type { PromptEstimate } from './estimate-prompt-tokens.js';
import type { SurfacePlan } from '../surfaces/surface.js';
import { viaResponses } from '../surfaces/responses-bridge.js';

const MAX_ERROR_BODY = 1024 * 1024;

export interface AttemptSuccess {
  kind: 'done';
  channel: RoutableChannel;
  usage: Usage;
  upstreamModel: string;
  isMapped: boolean;
  /** Milliseconds from the start of the request to the first byte of the answer. */
  firstTokenMs: number;
  /** Completion tokens were counted here because the upstream reported no usage. */
  localCount: boolean;
  /** How a stream ended: normally, because the client left, or by an upstream failure mid-way. */
  streamStatus?: 'complete' | 'client_gone' | 'upstream_error';
  /** Which key of a channel holding several served it. */
  keyIndex?: number;
}

export interface AttemptFailure {
  kind: 'failed';
  channel: RoutableChannel;
  error: RelayError;
  retry: boolean;
}

export type AttemptResult = AttemptSuccess | AttemptFailure;

/** What an attempt needs besides the request: the prompt's estimate, the client, and how to price the usage when the client asked for its cost. */
export interface AttemptContext {
  promptEstimate: PromptEstimate;
  io: ClientIO;
  costOf?: UsageCost;
}

/**
 * One try of one channel: build the request, send it, and either relay the answer or report why not.
 * A choice whose failure is final (channel affinity's skip_retry_on_failure) is never retried elsewhere.
 */
export async function attemptChannel(
  deps: RelayDeps,
  input: RelayInput,
  choice: ChannelChoice,
  ctx: AttemptContext,
): Promise<AttemptResult> {
  const startedAt = Date.now();
  // Requests in flight are counted only while the least-busy strategy reads them.
  const ended = deps.options.get('ChannelSelectionStrategy') === 'least_busy' ? deps.health.load.begin(choice.channel.id) : undefined;
  let result: AttemptResult;
  try {
    result = await tryChannel(deps, input, choice, ctx);
  } finally {
    ended?.();
  }
  if (result.kind === 'done' && result.firstTokenMs > 0) deps.health.load.recordLatency(choice.channel.id, input.model, input.startedAt + result.firstTokenMs - startedAt);
  return choice.skipRetryOnFailure && result.kind === 'failed' && result.retry ? { ...result, retry: false } : result;
}

async function tryChannel(
  deps: RelayDeps,
  input: RelayInput,
  choice: ChannelChoice,
  ctx: AttemptContext,
): Promise<AttemptResult> {
  const channel = choice.channel;
  const resolved = adapterAndModel(deps, channel, input.model);
  if (resolved.kind === 'failed') return resolved;
  const { adapter, mapped } = resolved;
  const resolvedSettings = resolveModelSettings(deps.options, mapped.upstreamModel, input.maxTokens || undefined);
  const upstreamModel = resolvedSettings.model;
  const settings = input.claudeHeaders ? withClientClaudeHeaders(resolvedSettings.settings, input.claudeHeaders) : resolvedSettings.settings;
  const parsedChannel = parsedChannelOf(channel, adapter);
  const channelSettings = parsedChannel.settings;
  let plan: SurfacePlan;
  try {
    plan = input.surface.plan(adapter, {
      endpoint: input.endpoint,
      body: withChannelSystemPrompt(withChannelFieldPolicy(input.body, input.endpoint, channelSettings), input.endpoint, channelSettings),
      model: input.model,
      stream: input.stream,
      includeUsage: input.includeUsage,
      promptEstimate: ctx.promptEstimate,
      responsesStorage: input.responsesStorage,
    });
    if (plan.endpoint === 'chat' && adapter.servesOnlyByResponses?.(upstreamModel) && adapter.supports('responses')) plan = viaResponses(plan, input);
  } catch (err) {
    if (isConversionCrash(err)) return unconvertibleRequest(channel, err);
    throw err;
  }
  if (!adapter.supports(plan.endpoint)) {
    return { kind: 'failed', channel, retry: true, error: new RelayError(400, 'unsupported_endpoint', `channel #${channel.id} cannot serve ${input.path}`, 'gateway') };
  }
  const info = channelInfoOf(channel, parsedChannel);
  if (!info) return configFailure(channel, 'every key of the channel is disabled');
  const actx: AdapterContext = { endpoint: plan.endpoint, channel: info, upstreamModel, stream: input.stream, settings, auth: deps.auth };

  let request: UpstreamRequest;
  try {
    const built = adapter.buildRequest(plan.body, actx);
    request = built instanceof Promise ? await built : built;
    const clientBytes = input.body.kind === 'json' ? input.body.raw : undefined;
    // Pass-through (global, or this channel's pass_through_body_enabled) sends the client's bytes untouched:
    // no system prompt and no param_override either, as in new-api.
    const passThrough = deps.options.get('global.pass_through_request_enabled') || channelSettings.pass_through_body_enabled === true;
    if (passThrough && plan.endpoint === input.endpoint && clientBytes && !mapped.isMapped && !adapter.rewritesNativeBody) {
      request = { ...request, body: clientBytes };
    } else if (channel.param_override && (typeof request.body === 'string' || isJsonBytes(request))) {
      const body = typeof request.body === 'string' ? request.body : Buffer.from(request.body!).toString('utf8');
      request = { ...request, body: applyParamOverride(body, channel.param_override) };
    }
    if (channelSettings.proxy) request = { ...request, proxy: channelSettings.proxy };
  } catch (err) {
    if (err instanceof RelayError) return { kind: 'failed', channel, error: err, retry: err.kind !== 'client' };
    if (err instanceof ChannelConfigError) return configFailure(channel, err.message);
    // The credentials were refused before the upstream was called (a dead refresh token): as if it answered so.
    if (err instanceof UpstreamRefusal) return refusalFailure(deps, channel, err, info.keyIndex);
    if (isConversionCrash(err)) return unconvertibleRequest(channel, err);
    throw err;
  }

  let response: UpstreamResponse;
  try {
    response = await deps.http.open(request);
  } catch (err) {
    return upstreamFailure(deps, channel, networkFailure(), 502, `upstream connection failed: ${describeNetworkError(err)}`, 'do_request_failed', info.keyIndex);
  }

  const status = mapStatusCodeSafe(channel.status_code_mapping, response.statusCode);
  if (status >= 400 || response.statusCode >= 400) {
    const raw = new TextDecoder().decode(await readBounded(response.body, MAX_ERROR_BODY).catch(() => new Uint8Array()));
    const errorInfo = adapter.parseError(response.statusCode, raw, actx);
    const verdict = classifyUpstreamError(status, errorInfo, upstreamErrorPolicy(deps.options));
    const wait = retryAfterSeconds(response.header('retry-after')) ?? retryAfterSeconds(errorInfo.retryAfterSeconds?.toString());
    if (wait !== undefined && verdict.channelFault) deps.health.coolFor(channel.id, wait * 1000);
    const code = errorInfo.code ?? (verdict.kind === 'client' ? 'invalid_request' : 'upstream_error');
    return upstreamFailure(deps, channel, verdict, status, errorInfo.message || `upstream answered HTTP ${status}`, code, info.keyIndex);
  }

  const contentType = response.header('content-type') ?? '';
  const base = { channel, upstreamModel, isMapped: mapped.isMapped || upstreamModel !== input.model };
  const rewrite = input.surface.name === 'openai' && plan.endpoint === 'chat' ? openAIAnswerRewrite(channelSettings) : undefined;
  const relayed = { adapter, actx, plan, response, io: ctx.io, promptEstimate: ctx.promptEstimate, contentType, rewrite, costOf: ctx.costOf };
  const outcome = input.stream && adapter.isStream(contentType, actx) ? await relayStream(deps, input, relayed) : await relayNonStream(deps, input, relayed);
  if (outcome.kind === 'refused') return refusalFailure(deps, channel, outcome.refusal, info.keyIndex);
  if (outcome.kind === 'failed') {
    if (outcome.channelFault) deps.health.recordFailure(channel.id);
    return { kind: 'failed', channel, error: outcome.error, retry: outcome.retry };
  }
  deps.health.recordSuccess(channel.id);
  return { kind: 'done', ...base, ...outcome.result, keyIndex: info.keyIndex };
}

/**
 * Request converters read the client's JSON as the format documents it; the entry check covers the
 * outline (relay/surfaces/request-shape.ts), and a value deeper down of a type a converter does not take
 * (an image_url that is a number, a functionResponse that is a string) surfaces as a TypeError or
 * RangeError. That is the caller's malformed request — a 400, not retried elsewhere, never a 500.
 */
const isConversionCrash = (err: unknown): err is Error => err instanceof TypeError || err instanceof RangeError;

function unconvertibleRequest(channel: RoutableChannel, err: Error): AttemptFailure {
  const error = new RelayError(400, 'invalid_request', `the request has a value of a type this model's API does not take (${err.message})`, 'client', 'invalid_request_error');
  return { kind: 'failed', channel, error, retry: false };
}

interface ParsedChannel {
  rawKey: RoutableChannel['key'];
  rawKeysInfo: RoutableChannel['channel_info'];
  /** The indices of the usable keys of a channel holding several (in key order); undefined for one key. */
  enabledKeys: number[] | undefined;
  polling: boolean;
  rawSetting: RoutableChannel['setting'];
  rawBaseUrl: RoutableChannel['base_url'];
  adapter: ProviderAdapter;
  keys: string[];
  setting: Record<string, unknown>;
  /** The setting keys the pipeline itself acts on (system prompt, proxy, pass-through, answer rewrites). */
  settings: ChannelSettings;
  baseUrl: string;
}

/** The key list, setting and base URL of each channel row, worked out once per row and text instead of per request. */
const parsedChannels = new WeakMap<RoutableChannel, ParsedChannel>();

function parsedChannelOf(channel: RoutableChannel, adapter: ProviderAdapter): ParsedChannel {
  let parsed = parsedChannels.get(channel);
  if (!parsed || parsed.rawKey !== channel.key || parsed.rawKeysInfo !== channel.channel_info || parsed.rawSetting !== channel.setting || parsed.rawBaseUrl !== channel.base_url || parsed.adapter !== adapter) {
    const setting = channelSettingOf(channel.setting);
    const keys = channelKeys(channel.key ?? '');
    const keysInfo = keys.length > 1 ? keysInfoOf(keys.length, channel.channel_info) : undefined;
    parsed = {
      rawKey: channel.key,
      rawKeysInfo: channel.channel_info,
      enabledKeys: keysInfo && enabledKeyIndices(keysInfo),
      polling: keysInfo?.multi_key_mode === 'polling',
      rawSetting: channel.setting,
      rawBaseUrl: channel.base_url,
      adapter,
      keys,
      setting,
      settings: readChannelSettings(setting),
      baseUrl: (channel.base_url || adapter.defaultBaseUrl).replace(/\/+$/, ''),
    };
    parsedChannels.set(channel, parsed);
  }
  return parsed;
}

/** The adapter's view of a channel (one of its enabled keys); undefined when every key is disabled. */
export function channelInfo(channel: RoutableChannel, adapter: ProviderAdapter): ChannelInfo | undefined {
  return channelInfoOf(channel, parsedChannelOf(channel, adapter));
}

/**
 * For channel tests and balance queries: an enabled key; when every key is disabled, the first one disabled
 * automatically (so that a passing test can bring it back), else the first key.
 */
export function anyChannelInfo(channel: RoutableChannel, adapter: ProviderAdapter): ChannelInfo {
  const parsed = parsedChannelOf(channel, adapter);
  const enabled = channelInfoOf(channel, parsed);
  if (enabled) return enabled;
  const info = keysInfoOf(parsed.keys.length, channel.channel_info);
  const auto = parsed.keys.findIndex((_, i) => keyStatusOf(info, i) === MultiKeyStatus.AutoDisabled);
  return channelInfoOf(channel, { ...parsed, enabledKeys: [Math.max(auto, 0)], polling: false })!;
}

/** Where each polling channel's turn is, per process (new-api keeps it in memory too). */
const pollingTurns = new Map<number, number>();

/** A channel holding several keys uses one of its enabled ones, at random or in turn; undefined when none is enabled. */
function channelInfoOf(channel: RoutableChannel, parsed: ParsedChannel): ChannelInfo | undefined {
  const keys = parsed.keys;
  let keyIndex: number | undefined;
  if (parsed.enabledKeys) {
    const enabled = parsed.enabledKeys;
    if (enabled.length === 0) return undefined;
    let pick = Math.floor(Math.random() * enabled.length);
    if (parsed.polling) {
      const turn = pollingTurns.get(channel.id) ?? 0;
      pollingTurns.set(channel.id, turn + 1);
      pick = turn % enabled.length;
    }
    keyIndex = enabled[pick];
  }
  return {
    id: channel.id,
    type: channel.type,
    name: channel.name,
    key: keyIndex !== undefined ? keys[keyIndex] : (keys[0] ?? ''),
    keyIndex,
    baseUrl: parsed.baseUrl,
    other: channel.other ?? '',
    openaiOrganization: channel.openai_organization ?? '',
    setting: { ...parsed.setting },
  };
}

export { channelKeys };

/** A JSON body given as bytes (an adapter forwarding the client's own JSON), not a multipart or binary one. */
function isJsonBytes(request: UpstreamRequest): boolean {
  if (!(request.body instanceof Uint8Array)) return false;
  for (const name in request.headers) if (name.toLowerCase() === 'content-type') return request.headers[name].startsWith('application/json');
  return false;
}

function mapStatusCodeSafe(mapping: string | null, status: number): number {
  try {
    return mapStatusCode(mapping, status);
  } catch {
    return status;
  }
}

/** The channel's adapter and the model name it is asked for (its model mapping applied), or why it cannot be used. */
export function adapterAndModel(deps: RelayDeps, channel: RoutableChannel, model: string): { kind: 'ready'; adapter: ProviderAdapter; mapped: ReturnType<typeof mapModel> } | AttemptFailure {
  const adapter = deps.getAdapter(channel.type);
  if (!adapter) return configFailure(channel, `channel type ${channel.type} has no adapter`);
  try {
    return { kind: 'ready', adapter, mapped: mapModel(channel.model_mapping, model) };
  } catch (err) {
    if (err instanceof ChannelConfigError) return configFailure(channel, err.message);
    throw err;
  }
}

/** A channel whose own settings make it unusable (no adapter, a broken model mapping): the next one is tried. */
export function configFailure(channel: RoutableChannel, message: string): AttemptFailure {
  return { kind: 'failed', channel, retry: true, error: new RelayError(500, 'channel_config_error', `channel #${channel.id} is misconfigured: ${message}`, 'gateway') };
}

/**
 * An upstream failure as the client and the channel's health see it: counted against the channel (and
 * possibly disabling it) when it is the channel's fault, with the upstream's hosts masked in the message.
 */
export function upstreamFailure(deps: RelayDeps, channel: RoutableChannel, verdict: FailureVerdict, status: number, message: string, code: string, keyIndex?: number): AttemptFailure {
  if (verdict.channelFault) deps.health.recordFailure(channel.id);
  if (verdict.disableReason && channel.auto_ban === 1 && deps.options.get('AutomaticDisableChannelEnabled')) {
    // Of a channel holding several keys only the failing key goes (the channel with its last one).
    const disabling = keyIndex !== undefined ? deps.routing.disableKeyAutomatically(channel.id, keyIndex, verdict.disableReason) : deps.routing.disableChannelAutomatically(channel.id, verdict.disableReason);
    disabling.catch((err) => deps.log.error({ err, channelId: channel.id }, 'automatic channel disable failed'));
  }
  const clientStatus = verdict.kind === 'upstream' && status < 400 ? 502 : status;
  const kind = verdict.kind === 'client' ? 'client' : verdict.kind === 'policy' ? 'policy' : 'upstream';
  const type = kind === 'client' ? 'invalid_request_error' : kind === 'policy' ? 'content_policy_error' : 'upstream_error';
  return { kind: 'failed', channel, retry: verdict.retry, error: new RelayError(clientStatus, code, maskHosts(message), kind, type) };
}

/** An upstream's refusal that came without an HTTP error status (see UpstreamRefusal), judged as that status. */
function refusalFailure(deps: RelayDeps, channel: RoutableChannel, refusal: UpstreamRefusal, keyIndex?: number): AttemptFailure {
  const verdict = classifyUpstreamError(refusal.status, refusal.info, upstreamErrorPolicy(deps.options));
  return upstreamFailure(deps, channel, verdict, refusal.status, refusal.info.message, refusal.info.code ?? 'upstream_error', keyIndex);
}

function describeNetworkError(err: unknown): string {
  // The proxy is named, never its address or credentials (the admin sees those on the channel).
  if (err instanceof UpstreamProxyError) return `the channel's proxy ${err.proxyStatus ? `refused it (HTTP ${err.proxyStatus})` : `failed: ${describeNetworkError(err.cause ?? { code: err.code })}`}`;
  const e = err as { code?: string; message?: string };
  if (e?.code === 'UND_ERR_HEADERS_TIMEOUT') return 'timed out waiting for the answer';
  if (e?.code === 'UND_ERR_CONNECT_TIMEOUT') return 'timed out connecting';
  if (e?.code === 'ECONNREFUSED') return 'connection refused';
  if (e?.code === 'ECONNRESET' || e?.code === 'UND_ERR_SOCKET') return 'connection reset';
  return e?.code ?? 'network error';
}

/** Upstream messages may name the upstream's host; clients never learn where a channel points. */
export function maskHosts(message: string): string {
  return message.replace(/https?:\/\/[^\s"'<>]+/g, (url) => {
    try {
      return `${new URL(url).protocol}//***`;
    } catch {
      return '***';
    }
  }).slice(0, 2000);
}
