import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closedPort, startHttpProxy, startSocks5Proxy, type FakeProxy } from '../../../test/fake-proxies.js';
import type { ChannelInfo } from '../providers/provider-adapter.js';
import { connectUpstream, upstreamTarget, type UpstreamConnectResult } from './realtime-upstream.js';
import { startFakeRealtimeUpstream, type FakeRealtimeUpstream } from './fake-realtime-upstream.test-helpers.js';

const CREDENTIALS = { user: 'rt', pass: 'rt-pr0xy-secret' };

describe('the realtime upstream socket through a channel proxy', () => {
  let fake: FakeRealtimeUpstream;
  let httpProxy: FakeProxy;
  let socksProxy: FakeProxy;
  let port: number;
  const opened: UpstreamConnectResult[] = [];

  beforeAll(async () => {
    fake = await startFakeRealtimeUpstream();
    port = Number(new URL(fake.url).port);
    [httpProxy, socksProxy] = await Promise.all([startHttpProxy({ credentials: CREDENTIALS }), startSocks5Proxy({ credentials: CREDENTIALS })]);
  });
  afterEach(() => {
    for (const r of opened.splice(0)) if (r.kind === 'open') r.socket.terminate();
    fake.options.refuseWith = undefined;
  });
  afterAll(async () => {
    await Promise.all([fake?.close(), httpProxy?.close(), socksProxy?.close()]);
  });

  const channel = (setting: Record<string, unknown>): ChannelInfo => ({ id: 1, type: 1, name: 'c', key: 'sk-chan', baseUrl: fake.url, other: '', openaiOrganization: '', setting });
  async function connect(proxy: string | undefined, host = '127.0.0.1'): Promise<UpstreamConnectResult> {
    const target = upstreamTarget(channel(proxy ? { proxy } : {}), 'gpt-realtime', undefined);
    const result = await connectUpstream({ ...target, url: target.url.replace('127.0.0.1', host) }, 2000, new AbortController().signal);
    opened.push(result);
    return result;
  }
  const firstEvent = (result: UpstreamConnectResult) => {
    if (result.kind !== 'open') throw new Error(`not open: ${JSON.stringify(result)}`);
    const { frames } = result.takeOver();
    return JSON.parse(frames[0].data.toString()) as { type: string };
  };

  it('takes the proxy from the channel\'s setting, and none when it has none', () => {
    expect(upstreamTarget(channel({ proxy: ' socks5://h:1080 ' }), 'm', undefined).proxy).toBe('socks5://h:1080');
    expect(upstreamTarget(channel({}), 'm', undefined)).not.toHaveProperty('proxy');
  });

  it('opens the socket through an HTTP proxy tunnel, with the proxy\'s credentials', async () => {
    const result = await connect(httpProxy.urlWith(CREDENTIALS));
    expect(result.kind).toBe('open');
    await expect.poll(() => firstEvent(result).type).toBe('session.created');
    expect(httpProxy.tunnels).toEqual([{ host: '127.0.0.1', port, credentials: `Basic ${Buffer.from('rt:rt-pr0xy-secret').toString('base64')}`, accepted: true }]);
    const conn = fake.connections.at(-1)!;
    expect(conn.headers.authorization).toBe('Bearer sk-chan');
    expect(conn.headers['proxy-authorization']).toBeUndefined();
  });

  it('opens the socket through a SOCKS5 proxy, which resolves the host name (socks5h://)', async () => {
    const result = await connect(socksProxy.urlWith(CREDENTIALS, 'socks5h'), 'localhost');
    await expect.poll(() => firstEvent(result).type).toBe('session.created');
    expect(socksProxy.tunnels.at(-1)).toEqual({ host: 'localhost', port, credentials: 'rt:rt-pr0xy-secret', addressType: 'domain', accepted: true });
  });

  it('passes on the upstream\'s refusal of the upgrade through the tunnel', async () => {
    fake.options.refuseWith = 503;
    const result = await connect(socksProxy.urlWith(CREDENTIALS));
    expect(result).toMatchObject({ kind: 'refused', status: 503, info: { message: 'upstream is overloaded' } });
  });

  it('fails as a network error, naming no password, when the proxy is down or refuses the credentials', async () => {
    const down = await connect(`http://rt:rt-pr0xy-secret@127.0.0.1:${await closedPort()}`);
    expect(down).toEqual({ kind: 'network', reason: 'connection refused' });
    const refused = await connect(httpProxy.urlWith({ user: 'rt', pass: 'wrong' }));
    expect(refused.kind).toBe('network');
    const badSocks = await connect(socksProxy.urlWith({ user: 'rt', pass: 'wrong' }));
    expect(badSocks.kind).toBe('network');
    expect(JSON.stringify([down, refused, badSocks])).not.toMatch(/secret|wrong/);
  });
});
