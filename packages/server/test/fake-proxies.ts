/**
 * Real local proxies for tests of channel proxies: an HTTP proxy that tunnels CONNECT and forwards plain requests, and a
 * SOCKS5 server (no authentication or username/password, CONNECT only). Both record what they were
 * asked and can insist on credentials.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { connect as netConnect, createServer as createNetServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';

export interface ProxyCredentials {
  user: string;
  pass: string;
}

export interface FakeProxy {
  /** The proxy's URL without credentials (`http://127.0.0.1:<port>` or `socks5://127.0.0.1:<port>`). */
  url: string;
  /** The proxy's URL with these credentials in it, for another scheme if given (socks5h://). */
  urlWith(credentials: ProxyCredentials | null, scheme?: string): string;
  /** Tunnels asked for, refused ones included, oldest first. */
  tunnels: ProxyTunnel[];
  /** HTTP proxy: plain requests it was asked to forward (absolute-form, for http:// upstreams), refused ones included. */
  forwarded: ProxyForward[];
  /** Local ports of the proxy's connections to targets: a request an upstream received from one of them came through this proxy. */
  upstreamPorts: Set<number>;
  /** Whether every one of these upstream requests came through this proxy (and there was at least one). */
  carried(requests: readonly { remotePort: number | undefined }[]): boolean;
  close(): Promise<void>;
}

export interface ProxyTunnel {
  /** The target as the client named it: `host:port` (HTTP), or host and port (SOCKS5). */
  host: string;
  port: number;
  /** HTTP: the Proxy-Authorization header; SOCKS5: `user:pass` when the client authenticated. */
  credentials: string | undefined;
  /** SOCKS5: how the client gave the target (a name the proxy resolves, or an address). */
  addressType?: 'ipv4' | 'domain' | 'ipv6';
  /** Whether the proxy let it through. */
  accepted: boolean;
}

export interface ProxyForward {
  method: string;
  /** The absolute URL the client asked for. */
  url: string;
  /** The Proxy-Authorization header. */
  credentials: string | undefined;
  accepted: boolean;
}

function carriedBy(upstreamPorts: Set<number>) {
  return (requests: readonly { remotePort: number | undefined }[]) => requests.length > 0 && requests.every((r) => r.remotePort !== undefined && upstreamPorts.has(r.remotePort));
}

function track(sockets: Set<Socket>, socket: Socket): void {
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
  socket.on('error', () => socket.destroy());
}

function urlOf(scheme: string, port: number, credentials: ProxyCredentials | null): string {
  const auth = credentials ? `${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.pass)}@` : '';
  return `${scheme}://${auth}127.0.0.1:${port}`;
}

/** A started proxy server as a FakeProxy: its URLs, what it recorded, and a close that drops its open sockets. */
async function listening(server: Server | NetServer, scheme: string, seen: { tunnels: ProxyTunnel[]; forwarded?: ProxyForward[]; upstreamPorts: Set<number>; sockets: Set<Socket> }): Promise<FakeProxy> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: urlOf(scheme, port, null),
    urlWith: (credentials, as = scheme) => urlOf(as, port, credentials),
    tunnels: seen.tunnels,
    forwarded: seen.forwarded ?? [],
    upstreamPorts: seen.upstreamPorts,
    carried: carriedBy(seen.upstreamPorts),
    close() {
      for (const socket of seen.sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Splices two sockets together; `head` is what the client already sent past the handshake. */
function splice(client: Socket, upstream: Socket, head: Buffer): void {
  if (head.length) upstream.write(head);
  client.pipe(upstream);
  upstream.pipe(client);
}

/**
 * An HTTP proxy answering CONNECT with a tunnel and forwarding plain absolute-form requests (`GET
 * http://host/path`); with `credentials`, only for that Basic Proxy-Authorization (407 otherwise).
 */
export async function startHttpProxy(options: { credentials?: ProxyCredentials } = {}): Promise<FakeProxy> {
  const expected = options.credentials ? `Basic ${Buffer.from(`${options.credentials.user}:${options.credentials.pass}`).toString('base64')}` : undefined;
  const tunnels: ProxyTunnel[] = [];
  const forwarded: ProxyForward[] = [];
  const upstreamPorts = new Set<number>();
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const forward: ProxyForward = { method: req.method ?? '', url: req.url ?? '', credentials: req.headers['proxy-authorization'], accepted: false };
    forwarded.push(forward);
    if (!/^http:\/\//.test(forward.url)) return void res.writeHead(400, { 'content-type': 'text/plain' }).end('not an absolute http:// URL');
    if (expected !== undefined && forward.credentials !== expected) return void res.writeHead(407, { 'proxy-authenticate': 'Basic realm="test"', 'content-length': '0' }).end();
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    delete headers['proxy-connection'];
    const outbound = httpRequest(forward.url, { method: req.method, headers, agent: false }, (answer) => {
      forward.accepted = true;
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    outbound.on('socket', (socket: Socket) => {
      track(sockets, socket);
      socket.once('connect', () => upstreamPorts.add(socket.localPort!));
    });
    outbound.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-length': '0' });
      res.end();
    });
    req.pipe(outbound);
  });
  server.on('connection', (socket: Socket) => track(sockets, socket));
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    const target = req.url ?? '';
    const at = target.lastIndexOf(':');
    const tunnel: ProxyTunnel = { host: target.slice(0, at).replace(/^\[(.*)\]$/, '$1'), port: Number(target.slice(at + 1)), credentials: req.headers['proxy-authorization'], accepted: false };
    tunnels.push(tunnel);
    if (expected !== undefined && tunnel.credentials !== expected) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const upstream = netConnect({ host: tunnel.host, port: tunnel.port });
    track(sockets, upstream);
    upstream.once('connect', () => {
      tunnel.accepted = true;
      upstreamPorts.add(upstream.localPort!);
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      splice(client, upstream, head);
    });
    upstream.once('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n'));
  });
  return listening(server, 'http', { tunnels, forwarded, upstreamPorts, sockets });
}

/** Reads exact byte counts from a socket during a handshake; `rest()` hands back what came after. */
function byteReader(socket: Socket) {
  let buffered = Buffer.alloc(0);
  let waiting: { n: number; resolve: (b: Buffer) => void; reject: (e: Error) => void } | undefined;
  const pump = () => {
    if (waiting && buffered.length >= waiting.n) {
      const { n, resolve } = waiting;
      waiting = undefined;
      const chunk = buffered.subarray(0, n);
      buffered = buffered.subarray(n);
      resolve(chunk);
    }
  };
  const onData = (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    pump();
  };
  const onEnd = () => waiting?.reject(new Error('client left'));
  socket.on('data', onData);
  socket.on('close', onEnd);
  return {
    read: (n: number) =>
      new Promise<Buffer>((resolve, reject) => {
        waiting = { n, resolve, reject };
        pump();
      }),
    rest(): Buffer {
      socket.off('data', onData);
      socket.off('close', onEnd);
      socket.pause();
      return buffered;
    },
  };
}

function ipv6Text(bytes: Buffer): string {
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(bytes.readUInt16BE(i).toString(16));
  return groups.join(':');
}

/** A SOCKS5 server (RFC 1928 CONNECT); with `credentials`, it requires username/password authentication (RFC 1929). */
export async function startSocks5Proxy(options: { credentials?: ProxyCredentials } = {}): Promise<FakeProxy> {
  const tunnels: ProxyTunnel[] = [];
  const upstreamPorts = new Set<number>();
  const sockets = new Set<Socket>();

  async function handshake(client: Socket): Promise<void> {
    const reader = byteReader(client);
    const [version, count] = await reader.read(2);
    const methods = [...(await reader.read(count))];
    if (version !== 5) return void client.destroy();
    let credentials: string | undefined;
    if (options.credentials) {
      if (!methods.includes(2)) return void client.end(Buffer.from([5, 0xff]));
      client.write(Buffer.from([5, 2]));
      const [, userLength] = await reader.read(2);
      const user = (await reader.read(userLength)).toString();
      const [passLength] = await reader.read(1);
      const pass = (await reader.read(passLength)).toString();
      credentials = `${user}:${pass}`;
      if (user !== options.credentials.user || pass !== options.credentials.pass) {
        tunnels.push({ host: '', port: 0, credentials, accepted: false });
        return void client.end(Buffer.from([1, 1]));
      }
      client.write(Buffer.from([1, 0]));
    } else {
      if (!methods.includes(0)) return void client.end(Buffer.from([5, 0xff]));
      client.write(Buffer.from([5, 0]));
    }
    const [, command, , addressType] = await reader.read(4);
    let host: string;
    let type: ProxyTunnel['addressType'];
    if (addressType === 1) {
      host = [...(await reader.read(4))].join('.');
      type = 'ipv4';
    } else if (addressType === 4) {
      host = ipv6Text(await reader.read(16));
      type = 'ipv6';
    } else {
      const [length] = await reader.read(1);
      host = (await reader.read(length)).toString();
      type = 'domain';
    }
    const port = (await reader.read(2)).readUInt16BE(0);
    const tunnel: ProxyTunnel = { host, port, credentials, addressType: type, accepted: false };
    tunnels.push(tunnel);
    const reply = (code: number) => Buffer.from([5, code, 0, 1, 0, 0, 0, 0, 0, 0]);
    if (command !== 1) return void client.end(reply(7));
    const upstream = netConnect({ host, port });
    track(sockets, upstream);
    upstream.once('connect', () => {
      tunnel.accepted = true;
      upstreamPorts.add(upstream.localPort!);
      client.write(reply(0));
      splice(client, upstream, reader.rest());
    });
    upstream.once('error', () => client.end(reply(5)));
  }

  const server = createNetServer((client) => {
    track(sockets, client);
    handshake(client).catch(() => client.destroy());
  });
  return listening(server, 'socks5', { tunnels, upstreamPorts, sockets });
}

/** A loopback port nothing listens on (a proxy that is down). */
export async function closedPort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A TCP server that accepts connections and never answers (a proxy that hangs). */
export async function startSilentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createNetServer((socket) => track(sockets, socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
