import type { IncomingMessage } from 'node:http';
import { isIP, type Socket } from 'node:net';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';
import { ChannelType } from '@gw/contracts';
import WebSocket, { type ClientOptions } from 'ws';
import { channelProxyOf } from '../../channels/channel-setting.js';
import { openProxyTunnel } from '../../platform/upstream-proxy.js';
import type { ChannelInfo, UpstreamErrorInfo } from '../providers/provider-adapter.js';
import { AZURE_DEFAULT_API_VERSION } from '../providers/azure-openai/index.js';

const OPENAI_DEFAULT_BASE = 'https://api.openai.com';
const MAX_ERROR_BODY = 64 * 1024;
/** Largest frame accepted from either side; OpenAI caps a client event at 15 MiB. */
export const MAX_FRAME_BYTES = 16 * 1024 * 1024;

/** Channel types whose upstream speaks the OpenAI Realtime API over WebSocket. */
export const REALTIME_CHANNEL_TYPES: ReadonlySet<number> = new Set([ChannelType.OpenAI, ChannelType.Custom, ChannelType.AzureOpenAI]);

export interface UpstreamTarget {
  url: string;
  headers: Record<string, string>;
  /** The channel's proxy (`setting.proxy`): the socket is opened through a tunnel of it. */
  proxy?: string;
}

const toWebSocketBase = (base: string) => base.replace(/\/+$/, '').replace(/^http(s?):\/\//i, (_m, s: string) => (s ? 'wss://' : 'ws://'));

/** Where and how to open the realtime socket of a channel (OpenAI and compatible: Bearer; Azure: api-key). */
export function upstreamTarget(channel: ChannelInfo, upstreamModel: string, openaiBeta: string | undefined): UpstreamTarget {
  const proxy = channelProxyOf(channel);
  const target = upstreamTargetDirect(channel, upstreamModel, openaiBeta);
  return proxy ? { ...target, proxy } : target;
}

function upstreamTargetDirect(channel: ChannelInfo, upstreamModel: string, openaiBeta: string | undefined): UpstreamTarget {
  const headers: Record<string, string> = {};
  if (openaiBeta) headers['OpenAI-Beta'] = openaiBeta;
  if (channel.type === ChannelType.AzureOpenAI) {
    const version = encodeURIComponent(channel.other.trim() || AZURE_DEFAULT_API_VERSION);
    headers['api-key'] = channel.key;
    return { url: `${toWebSocketBase(channel.baseUrl)}/openai/realtime?api-version=${version}&deployment=${encodeURIComponent(upstreamModel)}`, headers };
  }
  headers.Authorization = `Bearer ${channel.key}`;
  if (channel.openaiOrganization) headers['OpenAI-Organization'] = channel.openaiOrganization;
  return { url: `${toWebSocketBase(channel.baseUrl || OPENAI_DEFAULT_BASE)}/v1/realtime?model=${encodeURIComponent(upstreamModel)}`, headers };
}

/** A frame as `ws` hands it over. */
export interface Frame {
  data: WebSocket.RawData;
  isBinary: boolean;
}

/** An open upstream socket with what it sent before the session took it over. */
export interface OpenUpstream {
  socket: WebSocket;
  /**
   * Stops collecting and returns the frames received since 'open' (session.created arrives at once), to
   * be replayed first, and the close that came meanwhile, if any. The caller attaches its own listeners
   * in the same tick.
   */
  takeOver(): { frames: Frame[]; closed: { code: number; reason: Buffer } | undefined };
}

export type UpstreamConnectResult =
  | ({ kind: 'open' } & OpenUpstream)
  /** The upstream answered the upgrade with an HTTP status (its error body parsed when it had one). */
  | { kind: 'refused'; status: number; info: UpstreamErrorInfo; retryAfter: string | undefined }
  | { kind: 'network'; reason: string }
  | { kind: 'aborted' };

/**
 * Opens the upstream socket; resolves once it is open or has failed. `connectTimeoutMs` bounds the whole
 * handshake. `ws` emits frames as they arrive and drops them when nobody listens, and the upstream speaks
 * first (session.created) while the client's upgrade is still being answered: frames are collected from
 * 'open' on until the session takes the socket over.
 */
export function connectUpstream(target: UpstreamTarget, connectTimeoutMs: number, signal: AbortSignal): Promise<UpstreamConnectResult> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve({ kind: 'aborted' });
    const options: ClientOptions = { headers: target.headers, handshakeTimeout: connectTimeoutMs, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false, followRedirects: false };
    if (target.proxy) options.createConnection = throughProxy(target.proxy, target.url.startsWith('wss:'), connectTimeoutMs);
    const socket = new WebSocket(target.url, options);
    let settled = false;
    const settle = (result: UpstreamConnectResult) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      socket.removeListener('open', onOpen);
      resolve(result);
    };
    const onAbort = () => {
      socket.terminate();
      settle({ kind: 'aborted' });
    };
    const onOpen = () => {
      const frames: Frame[] = [];
      let closed: { code: number; reason: Buffer } | undefined;
      const collect = (data: WebSocket.RawData, isBinary: boolean) => frames.push({ data, isBinary });
      const onClose = (code: number, reason: Buffer) => (closed = { code, reason });
      socket.on('message', collect);
      socket.once('close', onClose);
      const takeOver = () => {
        socket.removeListener('message', collect);
        socket.removeListener('close', onClose);
        return { frames, closed };
      };
      settle({ kind: 'open', socket, takeOver });
    };
    signal.addEventListener('abort', onAbort, { once: true });
    socket.once('open', onOpen);
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (!settled) settle({ kind: 'network', reason: describeNetworkError(err) });
    });
    socket.once('unexpected-response', (_req, res: IncomingMessage) => {
      readErrorBody(res).then((info) => {
        socket.terminate();
        const retryAfter = res.headers['retry-after'];
        settle({ kind: 'refused', status: res.statusCode ?? 502, info, retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter });
      }, () => settle({ kind: 'refused', status: res.statusCode ?? 502, info: { message: '' }, retryAfter: undefined }));
    });
  });
}

/**
 * The socket factory `ws` hands to Node's HTTP client: a tunnel through the proxy, with TLS inside it
 * for wss://. Node accepts the socket later through the callback (the tunnel takes a round trip or
 * two); its failure fails the handshake like a refused connection.
 */
function throughProxy(proxy: string, secure: boolean, timeoutMs: number): ClientOptions['createConnection'] {
  const create = (options: ConnectionOptions & { host: string; port: number | string }, done: (err: Error | null, socket?: Socket) => void): undefined => {
    openProxyTunnel(proxy, options.host, Number(options.port), timeoutMs)
      .then((tunnel) => {
        if (!secure) return done(null, tunnel);
        const servername = options.servername ?? (isIP(options.host) ? undefined : options.host);
        done(null, tlsConnect({ ...options, socket: tunnel, servername }));
      })
      .catch((err: Error) => done(err));
    return undefined;
  };
  // ws types the factory as net.createConnection; Node's HTTP client also takes one that answers through a callback.
  return create as unknown as ClientOptions['createConnection'];
}

function readErrorBody(res: IncomingMessage): Promise<UpstreamErrorInfo> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_ERROR_BODY) chunks.push(chunk);
      else res.destroy();
    });
    res.on('error', reject);
    res.on('close', () => resolve(errorInfoOf(Buffer.concat(chunks).toString('utf8'))));
  });
}

function errorInfoOf(text: string): UpstreamErrorInfo {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown; type?: unknown; code?: unknown } };
    const e = body.error;
    if (e && typeof e === 'object') {
      return { message: typeof e.message === 'string' ? e.message : '', type: typeof e.type === 'string' ? e.type : undefined, code: typeof e.code === 'string' ? e.code : undefined };
    }
  } catch {
    // not JSON: the text itself is the message
  }
  return { message: text.slice(0, 500) };
}

function describeNetworkError(err: NodeJS.ErrnoException): string {
  if (err.message?.startsWith('Opening handshake has timed out')) return 'timed out connecting';
  if (err.code === 'UND_ERR_CONNECT_TIMEOUT' || err.code === 'UND_ERR_HEADERS_TIMEOUT') return 'timed out connecting';
  if (err.code === 'ECONNREFUSED') return 'connection refused';
  if (err.code === 'ECONNRESET') return 'connection reset';
  if (err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN') return 'host not found';
  return err.code ?? 'network error';
}
