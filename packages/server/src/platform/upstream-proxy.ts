/**
 * Channel proxies (a channel's `setting.proxy`): the undici dispatcher that sends a channel's HTTP calls
 * through its proxy, and a raw tunnel for connections undici does not make (the realtime WebSocket).
 *
 * - http:// and https:// proxies: an https:// upstream is reached through a CONNECT tunnel. A plain http://
 *   upstream behind a plain http:// proxy gets its requests forwarded in absolute form (`POST
 *   http://host:port/path`) instead, as Go's transport does for new-api: proxies such as Squid allow
 *   CONNECT only to port 443 by default, which would cut off an http:// upstream on its own port.
 *   `user:pass@` in the URL becomes `Proxy-Authorization: Basic …` either way.
 * - socks5:// and socks5h:// behave the same: the upstream's host name is sent to the proxy, which
 *   resolves it (undici's SOCKS5 client never resolves locally). That is new-api's behaviour too (Go's
 *   SOCKS5 dialer), and it keeps working where the gateway's own DNS is wrong or filtered; unlike curl,
 *   socks5:// does not resolve on this side. `user:pass@` is SOCKS5 username/password authentication.
 *
 * A proxy URL may hold a password: messages name a proxy only through maskProxyUrl.
 */
import { connect as netConnect, isIPv4, isIPv6, type Socket } from 'node:net';
import { Client, Pool, ProxyAgent, Socks5ProxyAgent, buildConnector, type Dispatcher } from 'undici';
import { channelProxyProblem } from '@gw/contracts';

/** A proxy that cannot be used, or a call that failed through one; `code` is the underlying error's, when there was one. */
export class UpstreamProxyError extends Error {
  readonly code: string | undefined;
  /** The HTTP status an HTTP proxy refused the call with (407 for wrong credentials), when it did. */
  readonly proxyStatus: number | undefined;

  constructor(message: string, options: { code?: string; cause?: unknown; proxyStatus?: number } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'UpstreamProxyError';
    this.code = options.code;
    this.proxyStatus = options.proxyStatus;
  }
}

/**
 * undici reports an HTTP proxy's refusal only in its message: "Proxy response (407) !== 200 when HTTP
 * Tunneling" for CONNECT, "Proxy Authentication Required (407)" for a forwarded request.
 */
const PROXY_REFUSAL = /^Proxy (?:response|Authentication Required) \((\d{3})\)/;

/** The proxy URL without its credentials (and without any path): `http://***@proxy.example:3128`. */
export function maskProxyUrl(proxy: string): string {
  try {
    const url = new URL(proxy);
    return `${url.protocol}//${url.username || url.password ? '***@' : ''}${url.host}`;
  } catch {
    // Not a URL: drop everything up to the last '@', where credentials would be.
    return proxy.replace(/^([^:/@]*:\/\/)?[^]*@/, '$1***@').slice(0, 200);
  }
}

/** What the proxied pools take from the direct agent (platform/http-client). */
export interface ProxyPoolOptions {
  connectTimeoutMs: number;
  connections: number;
  pipelining: number;
  keepAliveTimeout: number;
  keepAliveMaxTimeout: number;
}

/** The URL of a usable proxy, or an UpstreamProxyError saying why it cannot be used. */
function parseProxy(proxy: string): URL {
  const problem = channelProxyProblem(proxy);
  if (problem !== null) throw new UpstreamProxyError(`the channel proxy ${maskProxyUrl(proxy)} cannot be used: ${problem}`, { code: 'ERR_PROXY_INVALID' });
  return new URL(proxy.trim());
}

/** A dispatcher that sends every request through `proxy`; throws UpstreamProxyError for a URL that cannot be used. */
export function createProxyDispatcher(proxy: string, options: ProxyPoolOptions): Dispatcher {
  const url = parseProxy(proxy);
  if (url.protocol === 'socks5:' || url.protocol === 'socks5h:') {
    // undici knows only socks5: (and always lets the proxy resolve names, which is what socks5h means).
    url.protocol = 'socks5:';
    // Pools per upstream origin are made by the agent itself, with undici's defaults; the SOCKS
    // handshake has undici's own 5 s limits, the TCP connect to the proxy ours.
    return new Socks5ProxyAgent(url, { connect: buildConnector({ timeout: options.connectTimeoutMs }) });
  }
  const timeout = options.connectTimeoutMs;
  return new ProxyAgent({
    uri: url.href,
    // The pools to each upstream, through the tunnel: as the direct agent's.
    connections: options.connections,
    pipelining: options.pipelining,
    keepAliveTimeout: options.keepAliveTimeout,
    keepAliveMaxTimeout: options.keepAliveMaxTimeout,
    // Connecting to the proxy (TLS only for an https:// proxy), its answer to CONNECT, and the TLS
    // handshake with an https upstream inside the tunnel: each within the connect timeout.
    proxyTls: { timeout },
    requestTls: { timeout },
    clientFactory: (origin, opts) => new Pool(origin, { ...opts, headersTimeout: timeout }),
    // Absolute-form forwarding for http:// upstreams (see above), over a pool to the proxy like the direct one.
    proxyTunnel: false,
    factory: (origin, opts) => new Pool(origin, { ...opts, connections: options.connections, pipelining: options.pipelining, keepAliveTimeout: options.keepAliveTimeout, keepAliveMaxTimeout: options.keepAliveMaxTimeout }),
  });
}

/** Why a call through `proxy` failed: the original message and code, naming the proxy without its credentials. */
export function proxyFailure(err: unknown, proxy: string): UpstreamProxyError {
  const masked = maskProxyUrl(proxy);
  if (err instanceof UpstreamProxyError && err.message.includes(masked)) return err;
  const e = err as { message?: unknown; code?: unknown } | null;
  const message = typeof e?.message === 'string' && e.message ? e.message : 'the request failed';
  const refusal = PROXY_REFUSAL.exec(message);
  return new UpstreamProxyError(`${message} (through the proxy ${masked})`, {
    code: typeof e?.code === 'string' ? e.code : undefined,
    cause: err,
    proxyStatus: refusal ? Number(refusal[1]) : undefined,
  });
}

/**
 * A TCP connection to `host:port` through `proxy` (HTTP CONNECT, or SOCKS5 with the host name resolved
 * by the proxy), ready for the caller's own protocol (TLS, WebSocket). `timeoutMs` bounds the whole setup.
 */
export async function openProxyTunnel(proxy: string, host: string, port: number, timeoutMs: number): Promise<Socket> {
  const url = parseProxy(proxy);
  try {
    return url.protocol === 'socks5:' || url.protocol === 'socks5h:' ? await socksTunnel(url, host, port, timeoutMs) : await connectTunnel(url, host, port, timeoutMs);
  } catch (err) {
    throw proxyFailure(err, proxy);
  }
}

const authority = (host: string, port: number) => `${isIPv6(host) ? `[${host}]` : host}:${port}`;

function basicAuth(url: URL): string | undefined {
  if (!url.username && !url.password) return undefined;
  return `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`;
}

async function connectTunnel(url: URL, host: string, port: number, timeoutMs: number): Promise<Socket> {
  const client = new Client(url.origin, { connect: { timeout: timeoutMs }, headersTimeout: timeoutMs });
  try {
    const target = authority(host, port);
    const auth = basicAuth(url);
    const headers: Record<string, string> = auth ? { host: target, 'proxy-authorization': auth } : { host: target };
    const { statusCode, socket } = await client.connect({ path: target, headers, signal: AbortSignal.timeout(timeoutMs) });
    if (statusCode !== 200) {
      socket.destroy();
      throw new UpstreamProxyError(`the proxy answered HTTP ${statusCode} to CONNECT${statusCode === 407 ? ' (proxy authentication failed)' : ''}`);
    }
    return socket as Socket;
  } finally {
    // The tunnel's socket has left the client; closing it leaves the tunnel open.
    void client.close().catch(() => {});
  }
}

const SOCKS_REPLIES: Record<number, string> = {
  1: 'general SOCKS server failure',
  2: 'connection not allowed by ruleset',
  3: 'network unreachable',
  4: 'host unreachable',
  5: 'connection refused',
  6: 'TTL expired',
  7: 'command not supported',
  8: 'address type not supported',
};

/** SOCKS5 (RFC 1928) CONNECT, with username/password authentication (RFC 1929) when the URL has credentials. */
async function socksTunnel(url: URL, host: string, port: number, timeoutMs: number): Promise<Socket> {
  const proxyHost = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const socket = netConnect({ host: proxyHost, port: Number(url.port) || 1080 });
  // Until the tunnel is handed over, an error (or the timer's) only fails the setup.
  let failure: Error | undefined;
  const onError = (err: Error) => (failure ??= err);
  socket.on('error', onError);
  const timer = setTimeout(() => socket.destroy(new UpstreamProxyError('timed out setting up the SOCKS5 tunnel', { code: 'UND_ERR_CONNECT_TIMEOUT' })), timeoutMs);
  try {
    await new Promise<void>((resolve, reject) => {
      const onConnect = () => {
        socket.off('close', onClose);
        resolve();
      };
      const onClose = () => {
        socket.off('connect', onConnect);
        reject(failure ?? new UpstreamProxyError('the proxy closed the connection', { code: 'ECONNRESET' }));
      };
      socket.once('connect', onConnect);
      socket.once('close', onClose);
    });
    const user = Buffer.from(decodeURIComponent(url.username));
    const pass = Buffer.from(decodeURIComponent(url.password));
    const withAuth = user.length > 0 || pass.length > 0;
    socket.write(Buffer.from(withAuth ? [5, 2, 0, 2] : [5, 1, 0]));
    const [version, method] = await readExactly(socket, 2);
    if (version !== 5) throw new UpstreamProxyError('the proxy does not speak SOCKS5');
    if (method === 2 && withAuth) {
      if (user.length > 255 || pass.length > 255) throw new UpstreamProxyError('the SOCKS5 user name and password must be at most 255 bytes each');
      socket.write(Buffer.concat([Buffer.from([1, user.length]), user, Buffer.from([pass.length]), pass]));
      const [, status] = await readExactly(socket, 2);
      if (status !== 0) throw new UpstreamProxyError('the SOCKS5 proxy refused the user name or password');
    } else if (method !== 0) {
      throw new UpstreamProxyError(method === 2 ? 'the SOCKS5 proxy wants a user name and password' : 'the SOCKS5 proxy accepts none of the offered authentication methods');
    }
    socket.write(Buffer.concat([Buffer.from([5, 1, 0]), socksAddress(host), Buffer.from([port >> 8, port & 0xff])]));
    const head = await readExactly(socket, 4);
    if (head[1] !== 0) throw new UpstreamProxyError(`the SOCKS5 proxy could not connect: ${SOCKS_REPLIES[head[1]] ?? `reply ${head[1]}`}`, { code: head[1] === 5 ? 'ECONNREFUSED' : undefined });
    const rest = head[3] === 1 ? 4 : head[3] === 4 ? 16 : (await readExactly(socket, 1))[0];
    await readExactly(socket, rest + 2);
    return socket;
  } catch (err) {
    socket.destroy();
    throw failure ?? err;
  } finally {
    clearTimeout(timer);
    socket.off('error', onError);
  }
}

/** The SOCKS5 address of a host: an IPv4 or IPv6 literal as such, a name as a name (resolved by the proxy). */
function socksAddress(host: string): Buffer {
  if (isIPv4(host)) return Buffer.from([1, ...host.split('.').map(Number)]);
  if (isIPv6(host)) return Buffer.concat([Buffer.from([4]), ipv6Bytes(host)]);
  const name = Buffer.from(host);
  if (name.length > 255) throw new UpstreamProxyError('the host name is too long for SOCKS5');
  return Buffer.concat([Buffer.from([3, name.length]), name]);
}

/** The 16 bytes of an IPv6 literal (`::` shorthand and a dotted IPv4 tail included). */
function ipv6Bytes(host: string): Buffer {
  const groupsOf = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((g) => {
          if (!isIPv4(g)) return [parseInt(g, 16)];
          const [a, b, c, d] = g.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head, tail] = host.split('::');
  const front = groupsOf(head);
  const back = tail === undefined ? [] : groupsOf(tail);
  const groups = [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
  const bytes = Buffer.alloc(16);
  groups.forEach((g, i) => bytes.writeUInt16BE(g, i * 2));
  return bytes;
}

/** The next `n` bytes the socket receives; whatever follows stays buffered for the next reader. */
function readExactly(socket: Socket, n: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = () => {
      socket.off('readable', tryRead);
      socket.off('end', onEnd);
      socket.off('close', onEnd);
      socket.off('error', onError);
    };
    const tryRead = () => {
      const chunk = socket.read(n) as Buffer | null;
      if (chunk === null) return;
      done();
      if (chunk.length < n) reject(new UpstreamProxyError('the proxy closed the connection during the handshake', { code: 'ECONNRESET' }));
      else resolve(chunk);
    };
    const onEnd = () => {
      done();
      reject(new UpstreamProxyError('the proxy closed the connection during the handshake', { code: 'ECONNRESET' }));
    };
    const onError = (err: Error) => {
      done();
      reject(err);
    };
    socket.on('readable', tryRead);
    socket.once('end', onEnd);
    socket.once('close', onEnd);
    socket.once('error', onError);
    tryRead();
  });
}
