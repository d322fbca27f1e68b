import { Agent, errors, type Dispatcher } from 'undici';
import { createProxyDispatcher, proxyFailure, type UpstreamProxyError } from './upstream-proxy.js';
import { UpstreamBodyHandler, type UpstreamResponse } from './upstream-body.js';

export interface UpstreamHttpOptions {
  /** Time allowed to connect. */
  connectTimeoutMs: number;
  /** Time allowed until response headers arrive (covers slow first tokens for non-stream calls). */
  headersTimeoutMs: number;
  /** Longest silence between two body chunks: an idle timeout, never a cut-off for a producing stream. */
  bodyIdleTimeoutMs: number;
}

export const DEFAULT_UPSTREAM_HTTP: UpstreamHttpOptions = {
  connectTimeoutMs: 10_000,
  headersTimeoutMs: 300_000,
  bodyIdleTimeoutMs: 300_000,
};

export interface UpstreamCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /**
   * Send through this proxy (a channel's `setting.proxy`): http://, https://, socks5:// or socks5h://,
   * credentials in the URL. Unset: straight to the upstream.
   */
  proxy?: string;
}

/** Proxies kept at once; past it the least recently used one is closed (after its requests finish). */
const MAX_PROXY_DISPATCHERS = 100;

const AGENT_POOL = { connections: 256, pipelining: 1, keepAliveTimeout: 30_000, keepAliveMaxTimeout: 600_000 } as const;

/**
 * One keep-alive connection pool per upstream origin (undici Agent), shared by every request.
 * The relay never uses fetch: on this machine a fetch-based proxy did a quarter of the throughput.
 * A call with a `proxy` goes through that proxy's own dispatcher (platform/upstream-proxy), made on
 * first use and kept for the next calls through the same proxy URL.
 */
export class UpstreamHttpClient {
  private readonly agent: Agent;
  /** Proxy URL → its dispatcher, least recently used first. */
  private readonly proxied = new Map<string, Dispatcher>();
  private closed = false;

  constructor(private readonly options: UpstreamHttpOptions = DEFAULT_UPSTREAM_HTTP) {
    this.agent = new Agent({ ...AGENT_POOL, connect: { timeout: options.connectTimeoutMs } });
  }

  request(call: UpstreamCall, signal?: AbortSignal): Promise<Dispatcher.ResponseData> {
    const route = this.route(call);
    if (route instanceof Error) return Promise.reject(route);
    const pending = route.dispatcher.request({ ...route.options, signal });
    const proxy = call.proxy;
    return proxy ? pending.catch((err: unknown) => Promise.reject(proxyFailure(err, proxy))) : pending;
  }

  /**
   * The relay's call: like `request`, but the body is an UpstreamBody (chunk events, no Readable stream
   * or async resource around it), which is what the relay reads on every request.
   */
  open(call: UpstreamCall): Promise<UpstreamResponse> {
    const route = this.route(call);
    if (route instanceof Error) return Promise.reject(route);
    const proxy = call.proxy;
    return new Promise((resolve, reject) => {
      const fail = proxy ? (err: unknown) => reject(proxyFailure(err, proxy)) : reject;
      route.dispatcher.dispatch(route.options, new UpstreamBodyHandler(resolve, fail));
    });
  }

  /** How many proxy dispatchers are kept now. */
  get proxyCount(): number {
    return this.proxied.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    const proxied = [...this.proxied.values()];
    this.proxied.clear();
    await Promise.all([this.agent.close(), ...proxied.map((d) => d.close())]);
  }

  /** The dispatcher for a call (direct, or its proxy's) and undici's options for it; an unusable proxy is an UpstreamProxyError. */
  private route(call: UpstreamCall): { dispatcher: Dispatcher; options: Dispatcher.DispatchOptions } | UpstreamProxyError {
    let dispatcher: Dispatcher = this.agent;
    let headers = call.headers;
    if (call.proxy) {
      try {
        dispatcher = this.dispatcherFor(call.proxy);
      } catch (err) {
        return proxyFailure(err, call.proxy);
      }
      // undici's ProxyAgent adds a host header to the object it is given: never the caller's own.
      headers = { ...headers };
    }
    const target = splitUrl(call.url);
    const options = {
      origin: target.origin,
      path: target.path,
      method: call.method,
      headers,
      body: call.body,
      headersTimeout: this.options.headersTimeoutMs,
      bodyTimeout: this.options.bodyIdleTimeoutMs,
    };
    return { dispatcher, options };
  }

  private dispatcherFor(proxy: string): Dispatcher {
    if (this.closed) throw new errors.ClientClosedError();
    let dispatcher = this.proxied.get(proxy);
    if (dispatcher) {
      // Most recently used last, so eviction takes a proxy nobody is using.
      this.proxied.delete(proxy);
      this.proxied.set(proxy, dispatcher);
      return dispatcher;
    }
    dispatcher = createProxyDispatcher(proxy, { connectTimeoutMs: this.options.connectTimeoutMs, ...AGENT_POOL });
    if (this.proxied.size >= MAX_PROXY_DISPATCHERS) {
      const [oldestUrl, oldest] = this.proxied.entries().next().value!;
      this.proxied.delete(oldestUrl);
      // close() lets requests already sent through it finish.
      void oldest.close().catch(() => {});
    }
    this.proxied.set(proxy, dispatcher);
    return dispatcher;
  }
}

const MAX_REMEMBERED_URLS = 1000;
const splitUrls = new Map<string, { origin: string; path: string }>();

/** Origin and path of a URL. Channels call the same few URLs over and over, so the parses are kept. */
function splitUrl(url: string): { origin: string; path: string } {
  let split = splitUrls.get(url);
  if (!split) {
    const u = new URL(url);
    split = { origin: u.origin, path: u.pathname + u.search };
    if (splitUrls.size >= MAX_REMEMBERED_URLS) splitUrls.delete(splitUrls.keys().next().value!);
    splitUrls.set(url, split);
  }
  return split;
}
