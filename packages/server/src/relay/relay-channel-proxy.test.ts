import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ChannelType, Role } from '@gw/contracts';
import { chatCompletion, chatUsage, createRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { jsonReply } from '../../test/fake-upstream/index.js';
import { closedPort, startHttpProxy, startSocks5Proxy, type FakeProxy } from '../../test/fake-proxies.js';
import { signIn, type SignedIn } from '../../test/test-app.js';

const CREDENTIALS = { user: 'gw', pass: 'pr0xy-secret' };
const basic = `Basic ${Buffer.from(`${CREDENTIALS.user}:${CREDENTIALS.pass}`).toString('base64')}`;

describe('a channel\'s proxy (setting.proxy) carries every upstream call made for the channel', () => {
  let r: RelayContext;
  let root: SignedIn;
  let httpProxy: FakeProxy;
  let socksProxy: FakeProxy;
  let upstreamPort: number;

  beforeAll(async () => {
    r = await createRelayContext('sqlite');
    root = await signIn(r.ctx.app, await r.createUser({ role: Role.Root }));
    upstreamPort = Number(new URL(r.upstream.url).port);
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('via proxy', chatUsage(9, 3))));
    r.upstream.setRoute('GET /v1/models', jsonReply({ object: 'list', data: [{ id: 'gpt-4o' }, { id: 'gpt-4o-mini' }] }));
    r.upstream.setRoute('GET /user/balance', jsonReply({ is_available: true, balance_infos: [{ currency: 'CNY', total_balance: '42.50' }] }));
  });
  // Fresh proxies (new URLs) for each test: a kept-alive tunnel of an earlier test is never reused.
  beforeEach(async () => {
    [httpProxy, socksProxy] = await Promise.all([startHttpProxy({ credentials: CREDENTIALS }), startSocks5Proxy({ credentials: CREDENTIALS })]);
  });
  afterEach(async () => {
    r.upstream.requests.length = 0;
    await Promise.all([httpProxy?.close(), socksProxy?.close()]);
  });
  afterAll(() => r?.close());

  const get = (url: string) => r.ctx.app.inject({ method: 'GET', url, headers: root.headers });
  const setting = (proxy: string) => JSON.stringify({ proxy });
  // An http:// upstream: the proxy forwards each request (absolute form), no CONNECT tunnel.
  const throughHttpProxy = (...paths: string[]) => {
    expect(httpProxy.forwarded).toEqual(paths.map((path) => ({ method: expect.any(String), url: `${r.upstream.url}${path}`, credentials: basic, accepted: true })));
    expect(httpProxy.tunnels).toEqual([]);
    expect(httpProxy.carried(r.upstream.requests)).toBe(true);
  };

  it('relays a chat completion through the channel\'s HTTP proxy, with the proxy\'s credentials', async () => {
    const model = await r.uniqueModel();
    await r.createChannel({ models: model, setting: setting(httpProxy.urlWith(CREDENTIALS)) });
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);

    const answer = await r.openai(token.key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });
    expect(answer.choices[0].message.content).toBe('via proxy');
    throughHttpProxy('/v1/chat/completions');
    expect(r.upstream.requests).toHaveLength(1);
    expect(r.upstream.requests[0].headers.authorization).toBe('Bearer sk-upstream-secret');
    expect(r.upstream.requests[0].headers['proxy-authorization']).toBeUndefined();
  });

  it('relays a chat completion through a SOCKS5 proxy (socks5h://), the proxy resolving the host name', async () => {
    const model = await r.uniqueModel();
    await r.createChannel({ models: model, base_url: `http://localhost:${upstreamPort}`, setting: setting(socksProxy.urlWith(CREDENTIALS, 'socks5h')) });
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);

    const answer = await r.openai(token.key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });
    expect(answer.choices[0].message.content).toBe('via proxy');
    expect(socksProxy.tunnels).toEqual([{ host: 'localhost', port: upstreamPort, credentials: `${CREDENTIALS.user}:${CREDENTIALS.pass}`, addressType: 'domain', accepted: true }]);
    expect(socksProxy.carried(r.upstream.requests)).toBe(true);
  });

  it('leaves a channel without a proxy on the direct path', async () => {
    const model = await r.uniqueModel();
    await r.createChannel({ models: model });
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);

    await r.openai(token.key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });
    expect(r.upstream.requests).toHaveLength(1);
    expect(httpProxy.tunnels).toEqual([]);
    expect(httpProxy.forwarded).toEqual([]);
    expect(socksProxy.tunnels).toEqual([]);
  });

  it('answers a relay call whose HTTP proxy refuses the credentials, or is down, with a gateway error that names the proxy and hides its password', async () => {
    const model = await r.uniqueModel();
    await r.createChannel({ models: model, setting: setting(httpProxy.urlWith({ user: 'gw', pass: 'not-the-password' })) });
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);

    const err = await r.openai(token.key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: expect.any(Number) });
    const { status, message } = err as { status: number; message: string };
    expect(status).toBeGreaterThanOrEqual(500);
    expect(message).toMatch(/the channel's proxy refused it \(HTTP 407\)/);
    expect(message).not.toContain('not-the-password');
    expect(httpProxy.forwarded).toMatchObject([{ accepted: false }]);

    const port = await closedPort();
    const downModel = await r.uniqueModel();
    await r.createChannel({ models: downModel, setting: setting(`http://gw:pr0xy-secret@127.0.0.1:${port}`) });
    const down = (await r.openai(token.key).chat.completions.create({ model: downModel, messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e)) as { message: string };
    expect(down.message).toMatch(/the channel's proxy failed: connection refused/);
    expect(down.message).not.toContain('pr0xy-secret');
    expect(r.upstream.requests).toHaveLength(0);
  });

  it('tests the channel (GET /api/channel/test/:id) through its proxy', async () => {
    const id = await r.createChannel({ models: 'gpt-4o-mini', setting: setting(httpProxy.urlWith(CREDENTIALS)) });
    const res = await get(`/api/channel/test/${id}`);
    expect(res.json()).toMatchObject({ success: true });
    throughHttpProxy('/v1/chat/completions');
    expect(r.upstream.requests.map((q) => q.path)).toEqual(['/v1/chat/completions']);
  });

  it('reports a channel test that cannot reach the proxy without showing the proxy password', async () => {
    const port = await closedPort();
    const id = await r.createChannel({ models: 'gpt-4o-mini', setting: setting(`http://gw:pr0xy-secret@127.0.0.1:${port}`) });
    const res = await get(`/api/channel/test/${id}`);
    expect(res.json()).toMatchObject({ success: false });
    expect(res.body).not.toContain('pr0xy-secret');
    expect(res.json().message).toMatch(/ECONNREFUSED/);
    expect(r.upstream.requests).toHaveLength(0);
  });

  it('fetches the channel\'s upstream model list (GET /api/channel/fetch_models/:id) through its proxy', async () => {
    const id = await r.createChannel({ models: 'gpt-4o', setting: setting(socksProxy.urlWith(CREDENTIALS)) });
    const res = await get(`/api/channel/fetch_models/${id}`);
    expect(res.json()).toMatchObject({ success: true, data: ['gpt-4o', 'gpt-4o-mini'] });
    expect(socksProxy.tunnels).toMatchObject([{ host: '127.0.0.1', port: upstreamPort, credentials: `${CREDENTIALS.user}:${CREDENTIALS.pass}`, accepted: true }]);
    expect(socksProxy.carried(r.upstream.requests)).toBe(true);
  });

  it('fetches the model list of a channel not saved yet (POST /api/channel/fetch_models) through the proxy in its setting', async () => {
    const post = (body: Record<string, unknown>) => r.ctx.app.inject({ method: 'POST', url: '/api/channel/fetch_models', headers: root.headers, payload: body });
    const draft = { base_url: r.upstream.url, type: ChannelType.OpenAI, key: 'sk-draft' };
    const res = await post({ ...draft, setting: setting(httpProxy.urlWith(CREDENTIALS)) });
    expect(res.json()).toMatchObject({ success: true, data: ['gpt-4o', 'gpt-4o-mini'] });
    throughHttpProxy('/v1/models');

    // A setting the channel could not be saved with is refused before any call.
    r.upstream.requests.length = 0;
    const bad = await post({ ...draft, setting: JSON.stringify({ proxy: 'ftp://gw:pr0xy-secret@proxy.example' }) });
    expect(bad.json()).toMatchObject({ success: false });
    expect(bad.body).not.toContain('pr0xy-secret');
    expect((await post({ ...draft, setting: '[1]' })).json()).toMatchObject({ success: false, message: expect.stringMatching(/setting must be legal JSON/) });
    expect(r.upstream.requests).toHaveLength(0);
  });

  it('names a proxy that refuses the model-list call without its password', async () => {
    const wrong = httpProxy.urlWith({ user: 'gw', pass: 'not-the-password' });
    const id = await r.createChannel({ models: 'gpt-4o', setting: setting(wrong) });
    const res = await get(`/api/channel/fetch_models/${id}`);
    expect(res.json()).toMatchObject({ success: false });
    expect(res.json().message).toMatch(/407/);
    expect(res.body).not.toContain('not-the-password');
    expect(r.upstream.requests).toHaveLength(0);
  });

  it('updates the channel\'s balance (GET /api/channel/update_balance/:id) through its proxy', async () => {
    const id = await r.createChannel({ type: ChannelType.DeepSeek, models: 'deepseek-chat', setting: setting(httpProxy.urlWith(CREDENTIALS)) });
    const res = await get(`/api/channel/update_balance/${id}`);
    expect(res.json()).toMatchObject({ success: true, balance: 42.5 });
    throughHttpProxy('/user/balance');
    expect(r.upstream.requests.map((q) => q.path)).toEqual(['/user/balance']);
  });
});
