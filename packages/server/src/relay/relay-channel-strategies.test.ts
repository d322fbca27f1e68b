import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chatStreamEvents, createRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { sseReply } from '../../test/fake-upstream/index.js';

describe('channel selection strategies (ChannelSelectionStrategy)', () => {
  let r: RelayContext;
  beforeAll(async () => {
    r = await createRelayContext('sqlite');
  });
  afterAll(() => r?.close());
  afterEach(() => r.setOptions({ ChannelSelectionStrategy: 'weighted' }));

  async function streamer() {
    const user = await r.createUser({ quota: 50_000_000 });
    const token = await r.createApiKey(user.id);
    return {
      user,
      ask: async (model: string) => {
        const stream = await r.openai(token.key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }], stream: true });
        let text = '';
        for await (const part of stream) text += part.choices[0]?.delta.content ?? '';
        return text;
      },
    };
  }
  const routeOf = async (userId: number) => (await r.logsOf(userId, 2)).map((l) => JSON.parse(l.other!).admin_info.route_trace[0] as string);

  it('latency: measures each channel from live answers, then sends the traffic to the fastest', async () => {
    await r.setOptions({ ChannelSelectionStrategy: 'latency' });
    const model = await r.uniqueModel();
    // The slow channel carries ten times the weight: by weight alone it would get most requests.
    const slow = await r.channelOnOwnUpstream(sseReply(chatStreamEvents(['slow']), { delayMs: 150 }), { models: model, weight: 10 });
    const fast = await r.channelOnOwnUpstream(sseReply(chatStreamEvents(['fast'])), { models: model, weight: 1 });
    const { user, ask } = await streamer();

    const first = [await ask(model), await ask(model)];
    expect(first.sort()).toEqual(['fast', 'slow']);
    const load = r.ctx.services.health.load;
    expect(load.latencyOf(slow.id, model)!).toBeGreaterThanOrEqual(150);
    expect(load.latencyOf(fast.id, model)!).toBeLessThan(150);

    const answers: string[] = [];
    for (let i = 0; i < 10; i++) answers.push(await ask(model));
    // Only an exploring draw (5%) may still go to the slow channel.
    expect(answers.filter((a) => a === 'fast').length).toBeGreaterThanOrEqual(8);
    await r.settled();
    const routes = await routeOf(user.id);
    expect(routes.slice(0, 2).every((route) => route.includes('latency not measured yet'))).toBe(true);
    expect(routes.slice(2).some((route) => /lowest latency \(\d+ ms average\)/.test(route))).toBe(true);
    expect(slow.upstream.requests.length + fast.upstream.requests.length).toBe(12);
  });

  it('least busy: spreads concurrent requests over the channels whatever their weights', async () => {
    await r.setOptions({ ChannelSelectionStrategy: 'least_busy' });
    const model = await r.uniqueModel();
    const reply = (text: string) => sseReply(chatStreamEvents([text]), { delayMs: 100 });
    const heavy = await r.channelOnOwnUpstream(reply('heavy'), { models: model, weight: 100 });
    const light = await r.channelOnOwnUpstream(reply('light'), { models: model, weight: 0 });
    const { ask } = await streamer();
    const answers = await Promise.all(Array.from({ length: 4 }, () => ask(model)));
    expect(answers.sort()).toEqual(['heavy', 'heavy', 'light', 'light']);
    expect([heavy.upstream.requests.length, light.upstream.requests.length]).toEqual([2, 2]);
    // Nothing is left counted in flight once the answers are done.
    expect([r.ctx.services.health.load.busy(heavy.id), r.ctx.services.health.load.busy(light.id)]).toEqual([0, 0]);

    // The weighted draw (the default) sends nearly everything to the heavy channel.
    await r.setOptions({ ChannelSelectionStrategy: 'weighted' });
    const weighted = await Promise.all(Array.from({ length: 4 }, () => ask(model)));
    expect(weighted.filter((a) => a === 'heavy').length).toBeGreaterThanOrEqual(3);
  });

  it('refuses an unknown strategy', async () => {
    await expect(r.setOptions({ ChannelSelectionStrategy: 'cheapest' })).rejects.toThrow(/ChannelSelectionStrategy/);
  });
});
