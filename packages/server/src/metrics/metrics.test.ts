import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { errorReply, jsonReply } from '../../test/fake-upstream/index.js';

const completion = { id: 'c', object: 'chat.completion', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } };

describe('GET /metrics', () => {
  let r: RelayContext;
  beforeAll(async () => {
    r = await createRelayContext('sqlite');
  });
  afterAll(() => r?.close());

  const scrape = (token?: string) => fetch(`${r.gateway}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const valueOf = (text: string, series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(series + ' '));
    return line ? Number(line.slice(series.length + 1)) : undefined;
  };

  it('does not exist until a metrics token is set, and then wants that token', async () => {
    expect((await scrape()).status).toBe(404);
    await r.ctx.services.options.update([{ key: 'MetricsToken', value: 'scrape-secret-1' }]);
    expect((await scrape()).status).toBe(401);
    expect((await scrape('wrong')).status).toBe(401);
    const ok = await scrape('scrape-secret-1');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    expect(await ok.text()).toContain('# TYPE gw_relay_requests_total counter');
  });

  it('counts relayed requests, their time and cost, upstream errors and refused keys', async () => {
    await r.ctx.services.options.update([{ key: 'MetricsToken', value: 'scrape-secret-1' }, { key: 'RetryTimes', value: '1' }]);
    const bad = await r.createChannel({ models: 'gpt-4o-mini', priority: 10, base_url: `${r.upstream.url}/broken` });
    const good = await r.createChannel({ models: 'gpt-4o-mini', priority: 0 });
    r.upstream.setRoute('POST /broken/v1/chat/completions', errorReply(500, { error: { message: 'boom' } }));
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(completion));
    const user = await r.createUser({ quota: 10_000_000 });
    const token = await r.createApiKey(user.id, { remainQuota: 5_000_000 });
    const res = await r.post('/v1/chat/completions', token.key, { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
    expect(res.status).toBe(200);
    await res.text();
    const refused = await fetch(`${r.gateway}/v1/chat/completions`, { method: 'POST', headers: { authorization: 'Bearer sk-nope', 'content-type': 'application/json' }, body: '{}' });
    expect(refused.status).toBe(401);
    await r.settled();
    const text = await (await scrape('scrape-secret-1')).text();
    expect(valueOf(text, 'gw_relay_requests_total{endpoint="chat",status="200"}')).toBe(1);
    expect(valueOf(text, 'gw_relay_requests_total{endpoint="chat",status="401"}')).toBe(1);
    expect(valueOf(text, `gw_upstream_errors_total{channel="${bad}",status="500"}`)).toBe(1);
    expect(valueOf(text, `gw_relay_request_duration_seconds_count{model="gpt-4o-mini",channel="${good}"}`)).toBe(1);
    expect(valueOf(text, 'gw_tokens_total{model="gpt-4o-mini",kind="prompt"}')).toBe(10);
    const spent = await r.ctx.db.selectFrom('logs').select('quota').where('type', '=', 2).executeTakeFirstOrThrow();
    expect(valueOf(text, 'gw_quota_spent_total{model="gpt-4o-mini"}')).toBe(spent.quota);
    expect(valueOf(text, 'gw_active_streams')).toBe(0);
    expect(text).toMatch(/gw_db_pool_connections\{state="total"\} 1/);
    await fetch(`${r.gateway}/api/status`);
    const again = await (await scrape('scrape-secret-1')).text();
    expect(valueOf(again, 'gw_api_requests_total{route="/api/status",method="GET",status="200"}')).toBeGreaterThanOrEqual(1);
  });
});
