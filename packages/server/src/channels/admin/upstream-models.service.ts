import { ErrorCode, FETCH_MODELS_FAILED } from '@gw/contracts';
import { channelProxyOf, channelSettingOf } from '../channel-setting.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import type { UpstreamCall } from '../../platform/http-client.js';
import { maskProxyUrl } from '../../platform/upstream-proxy.js';
import { channelKeys } from '../../relay/pipeline/attempt-channel.js';
import { readBounded } from '../../relay/pipeline/relay-non-stream.js';
import type { ChannelInfo, ProviderAdapter } from '../../relay/providers/provider-adapter.js';
import { channelsRepository, type ChannelRow } from '../channels.repository.js';
import { ChannelNotFoundError } from './channel-admin.service.js';

/** The part of the upstream HTTP client this service uses (platform/http-client's UpstreamHttpClient). */
export interface ModelListHttp {
  request(call: UpstreamCall, signal?: AbortSignal): Promise<{ statusCode: number; body: Parameters<typeof readBounded>[0] }>;
}

export interface UpstreamModelsDeps {
  db: Db;
  http: ModelListHttp;
  getAdapter: (type: number) => ProviderAdapter | undefined;
  /** Whole-call limit (connect, headers and body); default 20 s. */
  timeoutMs?: number;
}

/** What fetching needs of a channel, saved or not yet saved. */
type ModelListSource = Pick<ChannelRow, 'type' | 'base_url' | 'key'> & Partial<Pick<ChannelRow, 'id' | 'name' | 'other' | 'openai_organization' | 'setting'>>;

const DEFAULT_TIMEOUT_MS = 20_000;
const MAX_BODY_BYTES = 8 * 1024 * 1024;

/** success=false with 'fetch model list failed: <reason>' (spec 2 §8). */
export class FetchModelsError extends AppError {
  constructor(reason: string) {
    super(ErrorCode.BadRequest, `${FETCH_MODELS_FAILED}: ${reason}`);
  }
}

/**
 * The editor's "fetch models": asks the upstream which models it serves, with the channel's key. The
 * adapter's own model-list call when it has one, otherwise GET {base}/v1/models in the OpenAI shape.
 * Every failure (network, timeout, upstream error, unreadable answer) is a FetchModelsError, never a 500.
 */
export class UpstreamModelsService {
  constructor(private readonly deps: UpstreamModelsDeps) {}

  async forChannel(id: number): Promise<string[]> {
    const channel = await channelsRepository.findWithKey(this.deps.db, id);
    if (!channel) throw new ChannelNotFoundError();
    return this.fetch(channel);
  }

  /**
   * For a channel as the editor has it: base URL (or the type's default), type, key and setting (its
   * proxy) from the form. An edit whose key field is blank names its channel (`id`): the stored key, and
   * the stored fields the form does not send (Azure's API version, the organization), fill in.
   */
  async forDraft(draft: { id?: number; base_url: string; type: number; key: string; setting?: string }): Promise<string[]> {
    if (draft.key !== '' || draft.id === undefined) return this.fetch(draft);
    const channel = await channelsRepository.findWithKey(this.deps.db, draft.id);
    if (!channel) throw new ChannelNotFoundError();
    return this.fetch({ ...channel, base_url: draft.base_url, type: draft.type, setting: draft.setting ?? '' });
  }

  /** Whether a model list can be asked for: the adapter has its own call, or there is a base URL for GET /v1/models. */
  canList(source: Pick<ChannelRow, 'type' | 'base_url'>): boolean {
    const adapter = this.deps.getAdapter(source.type);
    return Boolean(adapter?.modelList || source.base_url || adapter?.defaultBaseUrl);
  }

  private async fetch(source: ModelListSource): Promise<string[]> {
    const adapter = this.deps.getAdapter(source.type);
    const info = channelInfoOf(source, adapter);
    let call: UpstreamCall;
    try {
      call = { ...(adapter?.modelList ? adapter.modelList.request(info) : openAIModelsCall(info)), proxy: channelProxyOf(info) };
    } catch (err) {
      throw new FetchModelsError(reasonOf(err));
    }
    const timeoutMs = this.deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const signal = AbortSignal.timeout(timeoutMs);
    let status: number;
    let raw: string;
    try {
      const res = await this.deps.http.request(call, signal);
      status = res.statusCode;
      raw = new TextDecoder().decode(await readBounded(res.body, MAX_BODY_BYTES));
    } catch (err) {
      throw new FetchModelsError(signal.aborted ? `no answer within ${timeoutMs / 1000} s` : networkReason(err, call.proxy));
    }
    if (status >= 400) throw new FetchModelsError(upstreamErrorReason(status, raw));
    let models: string[];
    try {
      models = adapter?.modelList ? adapter.modelList.parse(raw) : parseOpenAIModelList(raw);
    } catch (err) {
      throw new FetchModelsError(reasonOf(err));
    }
    return [...new Set(models.filter((m) => typeof m === 'string' && m.trim() !== ''))];
  }
}

function channelInfoOf(source: ModelListSource, adapter: ProviderAdapter | undefined): ChannelInfo {
  return {
    id: source.id ?? 0,
    type: source.type,
    name: source.name ?? '',
    key: channelKeys(source.key ?? '')[0] ?? '',
    baseUrl: (source.base_url || adapter?.defaultBaseUrl || '').replace(/\/+$/, ''),
    other: source.other ?? '',
    openaiOrganization: source.openai_organization ?? '',
    setting: channelSettingOf(source.setting),
  };
}

/** GET {base}/v1/models with the key as a bearer token; a base that already ends in /v1 is not doubled. */
function openAIModelsCall(channel: ChannelInfo): UpstreamCall {
  if (!channel.baseUrl) throw new Error('this channel type has no base URL to ask');
  if (!/^https?:\/\//i.test(channel.baseUrl)) throw new Error('the base URL must start with http:// or https://');
  return {
    method: 'GET',
    url: `${channel.baseUrl.replace(/\/v1$/, '')}/v1/models`,
    headers: { Authorization: `Bearer ${channel.key}`, Accept: 'application/json' },
  };
}

/** `{data: [{id}]}`, the OpenAI model list. */
export function parseOpenAIModelList(raw: string): string[] {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new Error('the answer is not JSON');
  }
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) throw new Error('the answer has no model list');
  return data.map((m: unknown) => (m as { id?: unknown } | null)?.id).filter((id): id is string => typeof id === 'string');
}

/** The upstream's own error message when it sent one in a usual shape, else the status. */
export function upstreamErrorReason(status: number, raw: string): string {
  try {
    const body = JSON.parse(raw) as { error?: unknown; message?: unknown } | null;
    const error = body?.error;
    const message =
      typeof error === 'string' ? error : typeof (error as { message?: unknown })?.message === 'string' ? (error as { message: string }).message : body?.message;
    if (typeof message === 'string' && message.trim()) return `HTTP ${status}: ${message.trim().slice(0, 500)}`;
  } catch {}
  return `HTTP ${status}`;
}

/** A short reason for a network failure; one through a proxy names it (never its credentials). */
export function networkReason(err: unknown, proxy: string | undefined): string {
  const known = knownNetworkReason(err);
  // The HTTP client's message of a failure through a proxy already names it.
  if (!known) return reasonOf(err);
  return proxy ? `${known} (through the proxy ${maskProxyUrl(proxy)})` : known;
}

function knownNetworkReason(err: unknown): string | undefined {
  const e = err as { code?: string; message?: string };
  if (e?.code === 'ECONNREFUSED') return 'connection refused';
  if (e?.code === 'ENOTFOUND' || e?.code === 'EAI_AGAIN') return 'the host name does not resolve';
  if (e?.code === 'UND_ERR_CONNECT_TIMEOUT') return 'timed out connecting';
  if (e?.code === 'UND_ERR_HEADERS_TIMEOUT' || e?.code === 'UND_ERR_BODY_TIMEOUT') return 'timed out waiting for the answer';
  if (e?.code === 'ECONNRESET' || e?.code === 'UND_ERR_SOCKET') return 'connection reset';
  return undefined;
}

function reasonOf(err: unknown): string {
  return (err instanceof Error && err.message ? err.message : 'the request failed').slice(0, 500);
}

