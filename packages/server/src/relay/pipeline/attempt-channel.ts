import { readChannelSettings, type ChannelSettings } from '@gw/contracts';
import { channelSettingOf } from '../../channels/channel-setting.js';
import type { ChannelChoice } from '../../channels/select-channel.js';
import type { RoutableChannel } from '../../channels/routing-table.js';
import { mapModel } from '../../channels/model-mapping.js';
import { mapStatusCode } from '../../channels/status-code-mapping.js';
import { ChannelConfigError } from '../../channels/channel-config-error.js';
import type { UpstreamResponse } from '../../platform/upstream-body.js';
import { UpstreamProxyError } from '../../platform/upstream-proxy.js';
import type { Usage } from '../formats/usage.js';
import type { AdapterContext, ChannelInfo, ProviderAdapter, UpstreamRequest } from '../providers/provider-adapter.js';
import { RelayError } from '../relay-error.js';
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
}

export interface AttemptFailure {
  kind: 'failed';
  channel: RoutableChannel;
  error: RelayError;
  retry: boolean;
}

export type AttemptResult = AttemptSuccess | AttemptFailure;

/**
 * One try of one channel: build the request, send it, and either relay the answer or report why not.
 * A choice whose failure is final (channel affinity's skip_retry_on_failure) is never retried elsewhere.
 */
export async function attemptChannel(
  deps: RelayDeps,
  input: RelayInput,
  choice: ChannelChoice,
  ctx: { promptEstimate: PromptEstimate; io: ClientIO },
): Promise<AttemptResult> {
  const result = await tryChannel(deps, input, choice, ctx);
  return choice.skipRetryOnFailure && result.kind === 'failed' && result.retry ? { ...result, retry: false } : result;
}

async function tryChannel(
  deps: RelayDeps,
  input: RelayInput,
  choice: ChannelChoice,
  ctx: { promptEstimate: PromptEstimate; io: ClientIO },
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
  const actx: AdapterContext = { endpoint: plan.endpoint, channel: channelInfoOf(channel, parsedChannel), upstreamModel, stream: input.stream, settings, auth: deps.auth };

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
    if (isConversionCrash(err)) return unconvertibleRequest(channel, err);
    throw err;
  }

  let response: UpstreamResponse;
  try {
    response = await deps.http.open(request);
  } catch (err) {
    return upstreamFailure(deps, channel, networkFailure(), 502, `upstream connection failed: ${describeNetworkError(err)}`, 'do_request_failed');
  }

  const status = mapStatusCodeSafe(channel.status_code_mapping, response.statusCode);
  if (status >= 400 || response.statusCode >= 400) {
    const raw = new TextDecoder().decode(await readBounded(response.body, MAX_ERROR_BODY).catch(() => new Uint8Array()));
    const info = adapter.parseError(response.statusCode, raw, actx);
    const verdict = classifyUpstreamError(status, info, upstreamErrorPolicy(deps.options));
    const wait = retryAfterSeconds(response.header('retry-after'));
    if (wait !== undefined && verdict.channelFault) deps.health.coolFor(channel.id, wait * 1000);
    const code = info.code ?? (verdict.kind === 'client' ? 'invalid_request' : 'upstream_error');
    return upstreamFailure(deps, channel, verdict, status, info.message || `upstream answered HTTP ${status}`, code);
  }

  const contentType = response.header('content-type') ?? '';
  const base = { channel, upstreamModel, isMapped: mapped.isMapped || upstreamModel !== input.model };
  const rewrite = input.surface.name === 'openai' && plan.endpoint === 'chat' ? openAIAnswerRewrite(channelSettings) : undefined;
  const relayed = { adapter, actx, plan, response, io: ctx.io, promptEstimate: ctx.promptEstimate, contentType, rewrite };
  const outcome = input.stream && adapter.isStream(contentType, actx) ? await relayStream(deps, input, relayed) : await relayNonStream(deps, input, relayed);
  if (outcome.kind === 'failed') {
    if (outcome.channelFault) deps.health.recordFailure(channel.id);
    return { kind: 'failed', channel, error: outcome.error, retry: outcome.retry };
  }
  deps.health.recordSuccess(channel.id);
  return { kind: 'done', ...base, ...outcome.result };
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
  if (!parsed || parsed.rawKey !== channel.key || parsed.rawSetting !== channel.setting || parsed.rawBaseUrl !== channel.base_url || parsed.adapter !== adapter) {
    const setting = channelSettingOf(channel.setting);
    parsed = {
      rawKey: channel.key,
      rawSetting: channel.setting,
      rawBaseUrl: channel.base_url,
      adapter,
      keys: channelKeys(channel.key ?? ''),
      setting,
      settings: readChannelSettings(setting),
      baseUrl: (channel.base_url || adapter.defaultBaseUrl).replace(/\/+$/, ''),
    };
    parsedChannels.set(channel, parsed);
  }
  return parsed;
}

/** The adapter's view of a channel; a channel holding several keys (one per line) uses one at random. */
export function channelInfo(channel: RoutableChannel, adapter: ProviderAdapter): ChannelInfo {
  return channelInfoOf(channel, parsedChannelOf(channel, adapter));
}

function channelInfoOf(channel: RoutableChannel, parsed: ParsedChannel): ChannelInfo {
  const keys = parsed.keys;
  const key = keys.length > 1 ? keys[Math.floor(Math.random() * keys.length)] : (keys[0] ?? '');
  return {
    id: channel.id,
    type: channel.type,
    name: channel.name,
    key,
    baseUrl: parsed.baseUrl,
    other: channel.other ?? '',
    openaiOrganization: channel.openai_organization ?? '',
    setting: { ...parsed.setting },
  };
}

/**
 * The credentials a channel holds: one per line, or — for JSON credentials such as service accounts,
 * which may span lines — one JSON object, or a JSON array of them.
 */
export function channelKeys(raw: string): string[] {
  const text = raw.trim();
  if (text.startsWith('{')) return [text];
  if (text.startsWith('[')) {
    try {
      const list = JSON.parse(text) as unknown;
      if (Array.isArray(list)) return list.map((k) => (typeof k === 'string' ? k : JSON.stringify(k))).filter(Boolean);
    } catch {
      return [text];
    }
  }
  return text.split('\n').map((k) => k.trim()).filter(Boolean);
}

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
export function upstreamFailure(deps: RelayDeps, channel: RoutableChannel, verdict: FailureVerdict, status: number, message: string, code: string): AttemptFailure {
  if (verdict.channelFault) deps.health.recordFailure(channel.id);
  if (verdict.disableReason && channel.auto_ban === 1 && deps.options.get('AutomaticDisableChannelEnabled')) {
    deps.routing.disableChannelAutomatically(channel.id, verdict.disableReason).catch((err) => deps.log.error({ err, channelId: channel.id }, 'automatic channel disable failed'));
  }
  const clientStatus = verdict.kind === 'upstream' && status < 400 ? 502 : status;
  const kind = verdict.kind === 'client' ? 'client' : verdict.kind === 'policy' ? 'policy' : 'upstream';
  const type = kind === 'client' ? 'invalid_request_error' : kind === 'policy' ? 'content_policy_error' : 'upstream_error';
  return { kind: 'failed', channel, retry: verdict.retry, error: new RelayError(clientStatus, code, maskHosts(message), kind, type) };
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
