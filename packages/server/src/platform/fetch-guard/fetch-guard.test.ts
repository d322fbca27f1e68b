import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEntryProblem, ipEntryProblem, ipRefusal, isDomainListed, portEntryProblem, urlRefusal, type FetchPolicy } from './fetch-policy.js';
import { GuardedFetchError, GuardedHttpClient } from './guarded-http-client.js';
import { FetchRefusedError } from './guarded-lookup.js';

/** new-api's defaults. */
const DEFAULTS: FetchPolicy = {
  enabled: true,
  allowPrivateIp: false,
  domainAllowList: false,
  domains: [],
  ipAllowList: false,
  ips: [],
  ports: ['80', '443', '8080', '8443'],
  ipFilterForDomains: true,
};

describe('fetch policy (SSRF protection)', () => {
  it.each(['http://127.0.0.1/', 'http://10.1.2.3/', 'http://172.16.0.1/', 'http://192.168.1.1/', 'http://169.254.169.254/latest', 'http://[::1]/', 'http://[fd00::1]/', 'http://[::ffff:127.0.0.1]/', 'http://0.0.0.0/'])(
    'refuses the internal address in %s by default',
    (url) => expect(urlRefusal(DEFAULTS, url)).toMatch(/private or internal address/),
  );

  it('lets a public address on an allowed port through, and refuses other ports and schemes', () => {
    expect(urlRefusal(DEFAULTS, 'https://status.example.com/api')).toBeNull();
    expect(urlRefusal(DEFAULTS, 'http://8.8.8.8:8080/')).toBeNull();
    expect(urlRefusal(DEFAULTS, 'http://8.8.8.8:3001/')).toBe('port 3001 is not allowed');
    expect(urlRefusal(DEFAULTS, 'ftp://example.com/')).toMatch(/only http and https/);
    expect(urlRefusal(DEFAULTS, 'not a url')).toMatch(/not a valid URL/);
  });

  it('allows everything when the protection is off, and private addresses when allowed', () => {
    expect(urlRefusal({ ...DEFAULTS, enabled: false }, 'http://127.0.0.1:3001/')).toBeNull();
    expect(urlRefusal({ ...DEFAULTS, allowPrivateIp: true, ports: ['3000-3005'] }, 'http://127.0.0.1:3001/')).toBeNull();
  });

  it('applies the domain block-list and allow-list, wildcards included', () => {
    const block = { ...DEFAULTS, domains: ['*.internal.example', 'bad.example'] };
    expect(urlRefusal(block, 'https://kuma.internal.example/')).toBe('kuma.internal.example is on the domain block-list');
    expect(urlRefusal(block, 'https://BAD.example/')).toBe('bad.example is on the domain block-list');
    expect(urlRefusal(block, 'https://good.example/')).toBeNull();
    const allow = { ...DEFAULTS, domainAllowList: true, domains: ['*.status.example'] };
    expect(urlRefusal(allow, 'https://status.example/')).toBeNull();
    expect(urlRefusal(allow, 'https://a.status.example/')).toBeNull();
    expect(urlRefusal(allow, 'https://other.example/')).toBe('other.example is not on the domain allow-list');
    expect(isDomainListed('evilstatus.example', ['*.status.example'])).toBe(false);
  });

  it('applies the IP block-list and allow-list with CIDR ranges', () => {
    expect(ipRefusal({ ...DEFAULTS, ips: ['8.8.8.0/24'] }, '8.8.8.8')).toBe('8.8.8.8 is on the IP block-list');
    expect(ipRefusal({ ...DEFAULTS, ipAllowList: true, ips: ['1.1.1.1'] }, '8.8.8.8', 'dns.example')).toBe('dns.example (8.8.8.8) is not on the IP allow-list');
    expect(ipRefusal({ ...DEFAULTS, ipAllowList: true, ips: ['1.1.1.1'] }, '1.1.1.1')).toBeNull();
    // An allow-listed private address still needs allow_private_ip, as in new-api.
    expect(ipRefusal({ ...DEFAULTS, ipAllowList: true, ips: ['10.0.0.0/8'] }, '10.0.0.5')).toMatch(/private/);
  });

  it('names what is wrong with a list entry', () => {
    expect(portEntryProblem('443')).toBeNull();
    expect(portEntryProblem('8000-9000')).toBeNull();
    expect(portEntryProblem('9000-8000')).toBe('"9000-8000" starts after it ends');
    expect(portEntryProblem('70000')).toBe('"70000" is outside 1-65535');
    expect(portEntryProblem('http')).toMatch(/not a port/);
    expect(ipEntryProblem('10.0.0.0/8')).toBeNull();
    expect(ipEntryProblem('2001:db8::/32')).toBeNull();
    expect(ipEntryProblem('10.0.0.0/33')).toMatch(/invalid prefix/);
    expect(ipEntryProblem('example.com')).toMatch(/not an IP/);
    expect(domainEntryProblem('*.example.com')).toBeNull();
    expect(domainEntryProblem('http://example.com')).toMatch(/not a domain/);
  });
});

describe('guarded HTTP client', () => {
  let server: Server;
  let port: number;
  let policy: FetchPolicy;
  let client: GuardedHttpClient;

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/slow') return void setTimeout(() => res.end('{}'), 2000);
      if (req.url === '/missing') return void res.writeHead(404).end('{}');
      if (req.url === '/big') return void res.end(JSON.stringify({ pad: 'x'.repeat(5000) }));
      if (req.url === '/text') return void res.end('<html>');
      if (req.url === '/redirect') return void res.writeHead(302, { location: 'http://10.0.0.1/' }).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.address() as AddressInfo).port;
    client = new GuardedHttpClient(() => policy);
  });
  afterAll(async () => {
    await client.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const get = (path: string, host = '127.0.0.1') => client.getJson(`http://${host}:${port}${path}`, { timeoutMs: 500, maxBytes: 1000 });

  it('refuses a loopback server under the default policy, before connecting', async () => {
    policy = DEFAULTS;
    await expect(get('/')).rejects.toThrow(FetchRefusedError);
    policy = { ...DEFAULTS, ports: [String(port)] };
    await expect(get('/')).rejects.toThrow('refused by the SSRF protection: 127.0.0.1 is a private or internal address');
  });

  it('judges the address a host name resolves to when connecting', async () => {
    policy = { ...DEFAULTS, ports: [String(port)] };
    await expect(get('/', 'localhost')).rejects.toThrow(/refused by the SSRF protection: localhost \(.+\) is a private or internal address/);
    policy = { ...DEFAULTS, ports: [String(port)], ipFilterForDomains: false };
    await expect(get('/', 'localhost')).resolves.toEqual({ ok: true });
  });

  it('reads JSON once private addresses are allowed', async () => {
    policy = { ...DEFAULTS, allowPrivateIp: true, ports: [] };
    await expect(get('/')).resolves.toEqual({ ok: true });
    await expect(get('/', 'localhost')).resolves.toEqual({ ok: true });
  });

  it('turns slow, failed, oversized, non-JSON and redirected answers into clear errors', async () => {
    policy = { ...DEFAULTS, allowPrivateIp: true, ports: [] };
    await expect(get('/slow')).rejects.toThrow(new GuardedFetchError('no answer within 500 ms'));
    await expect(get('/missing')).rejects.toThrow('the server answered HTTP 404');
    await expect(get('/big')).rejects.toThrow('the answer is larger than 1000 bytes');
    await expect(get('/text')).rejects.toThrow('the answer is not JSON');
    await expect(get('/redirect')).rejects.toThrow('the server answered HTTP 302');
  });

  it('says so when nothing listens', async () => {
    policy = { ...DEFAULTS, enabled: false };
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
    const freePort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(client.getJson(`http://127.0.0.1:${freePort}/`, { timeoutMs: 500, maxBytes: 1000 })).rejects.toThrow('the connection was refused');
  });
});
