import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jsonReply, startFakeUpstream, type FakeUpstream } from '../../test/fake-upstream/index.js';
import { closedPort, startHttpProxy, startSilentServer, startSocks5Proxy, type FakeProxy } from '../../test/fake-proxies.js';
import { UpstreamHttpClient, type UpstreamCall } from './http-client.js';
import { UpstreamProxyError, maskProxyUrl } from './upstream-proxy.js';

const CREDENTIALS = { user: 'proxy-user', pass: 's3cret:p@ss' };
const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;

describe('UpstreamHttpClient through a channel proxy', () => {
  let upstream: FakeUpstream;
  let httpProxy: FakeProxy;
  let socksProxy: FakeProxy;
  let openHttp: FakeProxy;
  let openSocks: FakeProxy;
  let client: UpstreamHttpClient;
  let upstreamPort: number;

  beforeAll(async () => {
    upstream = await startFakeUpstream({ routes: { 'GET /v1/models': jsonReply({ data: [{ id: 'gpt-4o' }] }), 'POST /v1/echo': (req) => jsonReply({ got: req.body }) } });
    upstreamPort = Number(new URL(upstream.url).port);
    [httpProxy, socksProxy, openHttp, openSocks] = await Promise.all([
      startHttpProxy({ credentials: CREDENTIALS }),
      startSocks5Proxy({ credentials: CREDENTIALS }),
      startHttpProxy(),
      startSocks5Proxy(),
    ]);
    client = new UpstreamHttpClient({ connectTimeoutMs: 2000, headersTimeoutMs: 5000, bodyIdleTimeoutMs: 5000 });
  });
  afterEach(() => {
    upstream.requests.length = 0;
    for (const proxy of [httpProxy, socksProxy, openHttp, openSocks]) {
      proxy.tunnels.length = 0;
      proxy.forwarded.length = 0;
    }
  });
  afterAll(async () => {
    await client?.close();
    await Promise.all([upstream, httpProxy, socksProxy, openHttp, openSocks].map((s) => s?.close()));
  });

  const models = (proxy?: string, url = `${upstream.url}/v1/models`): UpstreamCall => ({ method: 'GET', url, headers: { authorization: 'Bearer sk-upstream' }, proxy });
  const json = async (call: UpstreamCall) => {
    const res = await client.request(call);
    return { status: res.statusCode, body: (await res.body.json()) as unknown };
  };

  it('forwards a call to an http:// upstream through an HTTP proxy in absolute form (no CONNECT), with the URL\'s credentials as Proxy-Authorization', async () => {
    const answer = await json({ method: 'POST', url: `${upstream.url}/v1/echo`, headers: { 'content-type': 'application/json', authorization: 'Bearer sk-upstream' }, body: '{"hello":"proxy"}', proxy: httpProxy.urlWith(CREDENTIALS) });
    expect(answer).toEqual({ status: 200, body: { got: { hello: 'proxy' } } });
    expect(httpProxy.forwarded).toEqual([{ method: 'POST', url: `${upstream.url}/v1/echo`, credentials: basic(CREDENTIALS.user, CREDENTIALS.pass), accepted: true }]);
    expect(httpProxy.tunnels).toEqual([]);
    expect(httpProxy.carried(upstream.requests)).toBe(true);
    expect(upstream.requests).toHaveLength(1);
    expect(upstream.requests[0].headers['proxy-authorization']).toBeUndefined();
    expect(upstream.requests[0].headers.authorization).toBe('Bearer sk-upstream');
  });

  it('reaches the upstream through a SOCKS5 proxy, with and without username/password authentication', async () => {
    expect(await json(models(socksProxy.urlWith(CREDENTIALS)))).toMatchObject({ status: 200, body: { data: [{ id: 'gpt-4o' }] } });
    expect(socksProxy.tunnels).toEqual([{ host: '127.0.0.1', port: upstreamPort, credentials: `${CREDENTIALS.user}:${CREDENTIALS.pass}`, addressType: 'ipv4', accepted: true }]);
    expect(await json(models(openSocks.url))).toMatchObject({ status: 200 });
    expect(openSocks.tunnels).toMatchObject([{ host: '127.0.0.1', port: upstreamPort, credentials: undefined, accepted: true }]);
    expect(upstream.requests).toHaveLength(2);
  });

  it('lets the SOCKS5 proxy resolve the upstream host name for socks5:// and socks5h:// alike', async () => {
    const byName = `http://localhost:${upstreamPort}/v1/models`;
    expect((await json(models(openSocks.urlWith(null, 'socks5'), byName))).status).toBe(200);
    expect((await json(models(openSocks.urlWith(null, 'socks5h'), byName))).status).toBe(200);
    expect(openSocks.tunnels).toEqual([
      { host: 'localhost', port: upstreamPort, credentials: undefined, addressType: 'domain', accepted: true },
      { host: 'localhost', port: upstreamPort, credentials: undefined, addressType: 'domain', accepted: true },
    ]);
  });

  it('sends a call without a proxy straight to the upstream: no proxy sees it', async () => {
    await json(models(httpProxy.urlWith(CREDENTIALS)));
    httpProxy.forwarded.length = 0;
    expect((await json(models())).status).toBe(200);
    expect((await json(models(''))).status).toBe(200);
    expect(upstream.requests).toHaveLength(3);
    for (const proxy of [httpProxy, socksProxy, openHttp, openSocks]) expect([...proxy.tunnels, ...proxy.forwarded]).toEqual([]);
  });

  it('fails with the proxy\'s refusal when the credentials are wrong, never showing the password', async () => {
    const err = (await client.request(models(httpProxy.urlWith({ user: 'proxy-user', pass: 'wrong-pass' }))).catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(UpstreamProxyError);
    expect(err.message).toMatch(/407/);
    expect(err.message).toContain(`http://***@127.0.0.1:${new URL(httpProxy.url).port}`);
    expect(err.message).not.toContain('wrong-pass');
    expect(httpProxy.forwarded).toMatchObject([{ accepted: false }]);

    const socksErr = (await client.request(models(socksProxy.urlWith({ user: 'proxy-user', pass: 'wrong-pass' }))).catch((e: unknown) => e)) as Error;
    expect(socksErr).toBeInstanceOf(UpstreamProxyError);
    expect(socksErr.message).toMatch(/auth/i);
    expect(socksErr.message).not.toContain('wrong-pass');
    expect(upstream.requests).toHaveLength(0);
  });

  it('fails at once, with the connection error\'s code, when the proxy is down (HTTP or SOCKS5)', async () => {
    const port = await closedPort();
    for (const proxy of [`http://user:hunter2@127.0.0.1:${port}`, `socks5://user:hunter2@127.0.0.1:${port}`]) {
      const started = Date.now();
      const err = (await client.request(models(proxy)).catch((e: unknown) => e)) as UpstreamProxyError;
      expect(err).toBeInstanceOf(UpstreamProxyError);
      expect(err.code).toBe('ECONNREFUSED');
      expect(err.message).toContain(`(through the proxy ${proxy.startsWith('http') ? 'http' : 'socks5'}://***@127.0.0.1:${port})`);
      expect(err.message).not.toContain('hunter2');
      expect(Date.now() - started).toBeLessThan(2000);
    }
    expect(upstream.requests).toHaveLength(0);
  });

  it('gives up on an HTTP proxy that never answers: CONNECT for an https:// upstream within the connect timeout, a forwarded call within the headers timeout', async () => {
    const silent = await startSilentServer();
    const own = new UpstreamHttpClient({ connectTimeoutMs: 1000, headersTimeoutMs: 2500, bodyIdleTimeoutMs: 2500 });
    const waited = async (url: string) => {
      const started = Date.now();
      const err = (await own.request(models(`http://127.0.0.1:${silent.port}`, url)).catch((e: unknown) => e)) as UpstreamProxyError;
      expect(err).toBeInstanceOf(UpstreamProxyError);
      expect(err.code).toBe('UND_ERR_HEADERS_TIMEOUT');
      return Date.now() - started;
    };
    try {
      expect(await waited('https://127.0.0.1:1/v1/models')).toBeLessThan(2400);
      expect(await waited(`${upstream.url}/v1/models`)).toBeGreaterThanOrEqual(2400);
    } finally {
      await own.close();
      await silent.close();
    }
    expect(upstream.requests).toHaveLength(0);
  });

  it('rejects a proxy URL it cannot use with a clear error instead of throwing or crashing', async () => {
    for (const proxy of ['ftp://user:hunter2@proxy.example:21', 'not a url hunter2@x', 'socks4://proxy.example:1080']) {
      const pending = client.request(models(proxy));
      const err = (await pending.catch((e: unknown) => e)) as UpstreamProxyError;
      expect(err).toBeInstanceOf(UpstreamProxyError);
      expect(err.code).toBe('ERR_PROXY_INVALID');
      expect(err.message).toMatch(/cannot be used: the proxy (must|URL)/);
      expect(err.message).not.toContain('hunter2');
    }
  });

  it('keeps one dispatcher per proxy URL, reused by later calls, and evicts the least recently used past 100', async () => {
    const own = new UpstreamHttpClient({ connectTimeoutMs: 2000, headersTimeoutMs: 5000, bodyIdleTimeoutMs: 5000 });
    try {
      expect(own.proxyCount).toBe(0);
      for (let i = 0; i < 6; i++) await own.request(models(openHttp.url)).then((r) => r.body.text());
      await own.request(models(openSocks.url)).then((r) => r.body.text());
      expect(own.proxyCount).toBe(2);
      // The dispatcher keeps its tunnels alive: six calls, fewer CONNECTs.
      expect(openHttp.tunnels.length).toBeLessThan(6);
      expect(upstream.requests).toHaveLength(7);

      const distinct = (i: number) => `http://user${i}:pw@127.0.0.1:${new URL(openHttp.url).port}`;
      await Promise.all(Array.from({ length: 110 }, (_, i) => own.request(models(distinct(i))).then((r) => r.body.dump())));
      expect(own.proxyCount).toBe(100);
      // The evicted dispatchers were closed without failing their calls; a URL used again gets a new one.
      expect((await own.request(models(distinct(0)))).statusCode).toBe(200);
      expect(own.proxyCount).toBe(100);
    } finally {
      await own.close();
    }
    expect(own.proxyCount).toBe(0);
    await expect(own.request(models(openHttp.url))).rejects.toThrow();
  });

  it('masks credentials in proxy URLs, parsable or not', () => {
    expect(maskProxyUrl('http://user:pa%40ss@proxy.example:3128/x')).toBe('http://***@proxy.example:3128');
    expect(maskProxyUrl('socks5h://proxy.example:1080')).toBe('socks5h://proxy.example:1080');
    expect(maskProxyUrl('socks5://:only-pass@10.0.0.1:1080')).toBe('socks5://***@10.0.0.1:1080');
    expect(maskProxyUrl('http://us er:p@ss word@bad host')).toBe('http://***@bad host');
  });
});
