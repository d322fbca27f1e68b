import { ChannelType, ErrorCode, OLLAMA_ONLY, type OllamaPullEvent, type OllamaVersion } from '@gw/contracts';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { discardBody } from '../../platform/discard-body.js';
import type { UpstreamCall } from '../../platform/http-client.js';
import type { ChunkSource } from '../../platform/upstream-body.js';
import { forEachChunk } from '../../relay/pipeline/body-chunks.js';
import { anyChannelInfo } from '../../relay/pipeline/attempt-channel.js';
import { readBounded } from '../../relay/pipeline/relay-non-stream.js';
import type { ProviderAdapter } from '../../relay/providers/provider-adapter.js';
import { ChannelNotFoundError } from '../admin/channel-admin.service.js';
import { networkReason, upstreamErrorReason } from '../admin/upstream-models.service.js';
import { channelProxyOf } from '../channel-setting.js';
import { channelsRepository } from '../channels.repository.js';
import { NdjsonLines } from './ndjson-lines.js';

/** The part of the upstream HTTP client (platform/http-client's UpstreamHttpClient) used here. */
export interface OllamaHttp {
  request(call: UpstreamCall, signal?: AbortSignal): Promise<{ statusCode: number; body: ChunkSource }>;
}

export interface OllamaDeps {
  db: Db;
  http: OllamaHttp;
  getAdapter: (type: number) => ProviderAdapter | undefined;
  /** Longest a pull may take in all; default 60 minutes (big models are many gigabytes). */
  pullTimeoutMs?: number;
  /** Limit of the version and delete calls; default 20 s. */
  timeoutMs?: number;
}

/** Where an Ollama channel's server is and how to call it (resolved once per operation). */
export interface OllamaTarget {
  /** The server's root, without a trailing /v1 (the native API lives at /api/…). */
  root: string;
  headers: Record<string, string>;
  proxy: string | undefined;
}

/** An Ollama server refused or failed an operation; the message says which and why. */
export class OllamaError extends AppError {
  constructor(message: string) {
    super(ErrorCode.BadRequest, message);
  }
}

const MAX_ANSWER_BYTES = 1024 * 1024;
const DEFAULT_PULL_TIMEOUT_MS = 60 * 60_000;
const DEFAULT_TIMEOUT_MS = 20_000;

export const pulledMessage = (model: string) => `Model ${model} pulled successfully`;
export const deletedMessage = (model: string) => `Model ${model} deleted successfully`;

/**
 * The Ollama helpers of the channel list (new-api's /api/channel/ollama/*): pull a model (waiting for
 * Ollama's final status, or passing each progress line on), delete one, and read the server's version.
 * Calls go to the channel's own server with its key and proxy, as the relay's, through the upstream
 * HTTP client; whatever the server answers wrong becomes a message, never a 500.
 */
export class OllamaService {
  constructor(private readonly deps: OllamaDeps) {}

  /** The channel's server; a missing channel or one of another type is refused before anything is sent. */
  async target(channelId: number): Promise<OllamaTarget> {
    const channel = await channelsRepository.findWithKey(this.deps.db, channelId);
    if (!channel) throw new ChannelNotFoundError();
    const adapter = this.deps.getAdapter(channel.type);
    if (channel.type !== ChannelType.Ollama || !adapter) throw new OllamaError(OLLAMA_ONLY);
    const info = anyChannelInfo(channel, adapter);
    const base = info.baseUrl.replace(/\/+$/, '');
    return {
      root: base.toLowerCase().endsWith('/v1') ? base.slice(0, -3) : base,
      headers: info.key ? { Authorization: `Bearer ${info.key}` } : {},
      proxy: channelProxyOf(channel),
    };
  }

  async version(channelId: number): Promise<OllamaVersion> {
    const target = await this.target(channelId);
    const fail = (reason: string) => new OllamaError(`Failed to get the Ollama version: ${reason}`);
    const raw = await this.call(target, { method: 'GET', path: '/api/version' }, fail);
    const version = (parseJson(raw) as { version?: unknown } | undefined)?.version;
    if (typeof version !== 'string' || version === '') throw fail('the server did not say its version');
    return { version };
  }

  async deleteModel(channelId: number, model: string): Promise<string> {
    const target = await this.target(channelId);
    const fail = (reason: string) => new OllamaError(`Failed to delete model: ${reason}`);
    const raw = await this.call(target, { method: 'DELETE', path: '/api/delete', body: { model, name: model } }, fail);
    const answer = parseJson(raw) as { error?: unknown; status?: unknown } | undefined;
    if (typeof answer?.error === 'string' && answer.error) throw fail(answer.error);
    return deletedMessage(model);
  }

  /**
   * Pulls a model and waits for Ollama's final status. It asks for the streamed answer even so: a pull
   * of several gigabytes sends nothing for minutes otherwise, and no idle limit would let it finish.
   */
  async pull(channelId: number, model: string): Promise<string> {
    const target = await this.target(channelId);
    await this.pullFrom(target, model, () => {});
    return pulledMessage(model);
  }

  /**
   * Pulls a model, handing each of Ollama's progress lines to `onProgress` as it comes (its promise holds
   * the next one back: the client's backpressure). Resolves when Ollama says success; rejects with an
   * OllamaError when it reports an error, stops early, or cannot be reached.
   */
  async pullFrom(target: OllamaTarget, model: string, onProgress: (event: OllamaPullEvent) => Promise<void> | void, signal?: AbortSignal): Promise<void> {
    const fail = (reason: string) => new OllamaError(`Failed to pull model: ${reason}`);
    const timeoutMs = this.deps.pullTimeoutMs ?? DEFAULT_PULL_TIMEOUT_MS;
    const timeout = AbortSignal.timeout(timeoutMs);
    const abort = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const res = await this.send(target, { method: 'POST', path: '/api/pull', body: { model, name: model, stream: true } }, abort, fail, timeoutMs);
    if (res.statusCode >= 400) throw fail(upstreamErrorReason(res.statusCode, await readText(res.body).catch(() => '')));
    const lines = new NdjsonLines();
    let done = false;
    let failure: OllamaError | undefined;
    const handle = async (line: string) => {
      if (done || failure) return;
      const event = parseJson(line) as OllamaPullEvent | undefined;
      if (!event || typeof event !== 'object') {
        failure = fail(`the server sent something that is not a progress line: ${line.slice(0, 200)}`);
        return;
      }
      const progress = progressOf(event);
      if (progress.error) {
        failure = fail(progress.error);
        return;
      }
      await onProgress(progress);
      if (progress.status?.toLowerCase() === 'success') done = true;
    };
    try {
      await forEachChunk(res.body, async (chunk) => {
        for (const line of lines.push(chunk)) await handle(line);
        // Stop reading once the outcome is known (forEachChunk discards the rest of the body).
        if (done || failure) throw STOP;
      });
      for (const line of lines.end()) await handle(line);
    } catch (err) {
      if (err !== STOP) {
        if (signal?.aborted) throw fail('the request was cancelled');
        if (timeout.aborted) throw fail(`not finished within ${Math.round(timeoutMs / 60_000)} minutes`);
        throw fail(err instanceof Error && err.message ? err.message : 'the answer broke off');
      }
    }
    if (failure) throw failure;
    if (!done) throw fail('the server stopped before the pull finished');
  }

  /** A short call (version, delete): the body read whole; an HTTP error becomes `fail(reason)`. */
  private async call(target: OllamaTarget, req: { method: 'GET' | 'DELETE'; path: string; body?: unknown }, fail: (reason: string) => OllamaError): Promise<string> {
    const timeoutMs = this.deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const signal = AbortSignal.timeout(timeoutMs);
    const res = await this.send(target, req, signal, fail, timeoutMs);
    let raw: string;
    try {
      raw = await readText(res.body);
    } catch (err) {
      throw fail(signal.aborted ? `no answer within ${timeoutMs / 1000} s` : networkReason(err, target.proxy));
    }
    if (res.statusCode >= 400) throw fail(upstreamErrorReason(res.statusCode, raw));
    return raw;
  }

  private async send(
    target: OllamaTarget,
    req: { method: UpstreamCall['method']; path: string; body?: unknown },
    signal: AbortSignal,
    fail: (reason: string) => OllamaError,
    timeoutMs: number,
  ) {
    if (!/^https?:\/\//i.test(target.root)) throw fail('the base URL must start with http:// or https://');
    const call: UpstreamCall = {
      method: req.method,
      url: `${target.root}${req.path}`,
      headers: { ...target.headers, Accept: 'application/json', ...(req.body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      body: req.body !== undefined ? JSON.stringify(req.body) : undefined,
      proxy: target.proxy,
    };
    try {
      return await this.deps.http.request(call, signal);
    } catch (err) {
      throw fail(signal.aborted ? `no answer within ${Math.round(timeoutMs / 1000)} s` : networkReason(err, target.proxy));
    }
  }
}

const STOP = new Error('stop reading');

/** The progress line as it is passed on: Ollama's known fields only (a long error trimmed). */
function progressOf(event: OllamaPullEvent): OllamaPullEvent {
  const out: OllamaPullEvent = {};
  if (typeof event.status === 'string') out.status = event.status;
  if (typeof event.digest === 'string') out.digest = event.digest;
  if (typeof event.total === 'number') out.total = event.total;
  if (typeof event.completed === 'number') out.completed = event.completed;
  if (typeof event.error === 'string' && event.error.trim()) out.error = event.error.trim().slice(0, 500);
  else if (out.status?.toLowerCase() === 'error') out.error = 'the server reported an error';
  return out;
}

function parseJson(raw: string): unknown {
  if (raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

async function readText(body: ChunkSource): Promise<string> {
  try {
    return new TextDecoder().decode(await readBounded(body, MAX_ANSWER_BYTES));
  } catch (err) {
    discardBody(body);
    throw err;
  }
}
