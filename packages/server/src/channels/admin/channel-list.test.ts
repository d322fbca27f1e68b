import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_NOT_FOUND, ChannelStatus, ChannelType, LogType } from '@gw/contracts';
import { testDialects } from '../../../test/test-database.js';
import { call, callJson } from '../../users/users.test-helpers.js';
import { channelSuite, createChannel, type ChannelSuite } from './channel-admin.test-helpers.js';
import { enrolTotp, totpCode, verifyWithCode } from '../../auth/secure-verification.test-helpers.js';

describe.each(testDialects())('channel list, search and reads (%s)', (dialect) => {
  let s: ChannelSuite;
  const ids: Record<'a' | 'b' | 'c' | 'd' | 'e', number> = { a: 0, b: 0, c: 0, d: 0, e: 0 };
  const KEYS = ['sk-secret-alpha', 'sk-secret-bravo', 'sk-secret-charlie', 'sk-secret-delta', 'sk-secret-echo'];

  beforeAll(async () => {
    s = await channelSuite(dialect);
    // Created in this order, so ids grow a < b < c < d < e.
    ids.a = await createChannel(s, { name: 'alpha one', key: KEYS[0], priority: 5, tag: 'team-x', group: 'default,vip', models: 'gpt-4o,gpt-4o-mini', base_url: 'https://alpha.example.com' });
    ids.b = await createChannel(s, { name: 'bravo', key: KEYS[1], priority: 1, tag: 'team-x', models: 'gpt-4' });
    ids.c = await createChannel(s, { name: 'charlie', key: KEYS[2], type: ChannelType.AnthropicClaude, priority: 9, group: 'vip2', models: 'claude-3-opus' });
    ids.d = await createChannel(s, { name: 'delta', key: KEYS[3], type: ChannelType.DeepSeek, tag: 'team-y', status: ChannelStatus.ManuallyDisabled, models: 'deepseek-chat,deepseek-special' });
    ids.e = await createChannel(s, { name: 'echo', key: KEYS[4], models: 'my-custom-model', base_url: 'https://proxy.EXAMPLE.org/x_y' });
  });
  afterAll(() => s?.ctx.close());

  const list = async (query: string) => {
    const body = await callJson(s.ctx, 'GET', `/api/channel/?${query}`, s.root);
    expect(body.success, body.message).toBe(true);
    return body.data as { items: { id: number }[]; total: number; page: number; page_size: number; type_counts: Record<string, number> };
  };
  const listIds = async (query: string) => (await list(query)).items.map((c) => c.id);
  const search = async (query: string) => {
    const body = await callJson(s.ctx, 'GET', `/api/channel/search?${query}`, s.root);
    expect(body.success, body.message).toBe(true);
    return (body.data.items as { id: number }[]).map((c) => c.id);
  };

  describe('GET /api/channel/', () => {
    it('pages by priority (highest first, then newest) with the total and page size', async () => {
      const first = await list('p=1&page_size=2');
      expect(first.items.map((c) => c.id)).toEqual([ids.c, ids.a]);
      expect(first).toMatchObject({ total: 5, page: 1, page_size: 2 });
      expect(await listIds('p=2&page_size=2')).toEqual([ids.b, ids.e]);
      expect(await listIds('p=3&page_size=2')).toEqual([ids.d]);
    });

    it('treats p=0 as the first page, as the pricing screen asks', async () => {
      expect(await listIds('p=0&page_size=100&id_sort=false&tag_mode=false')).toEqual([ids.c, ids.a, ids.b, ids.e, ids.d]);
    });

    it('sorts by id, newest first, with id_sort=true', async () => {
      expect(await listIds('p=1&page_size=10&id_sort=true')).toEqual([ids.e, ids.d, ids.c, ids.b, ids.a]);
    });

    it('filters by status and type, while type_counts always cover the whole table', async () => {
      expect(await listIds('status=enabled&id_sort=true')).toEqual([ids.e, ids.c, ids.b, ids.a]);
      expect(await listIds('status=disabled')).toEqual([ids.d]);
      const ofType = await list(`type=${ChannelType.OpenAI}&id_sort=true`);
      expect(ofType.items.map((c) => c.id)).toEqual([ids.e, ids.b, ids.a]);
      expect(ofType.total).toBe(3);
      expect(ofType.type_counts).toEqual({ [ChannelType.OpenAI]: 3, [ChannelType.AnthropicClaude]: 1, [ChannelType.DeepSeek]: 1 });
    });

    it('counts a tag as one entry in tag mode and returns every channel of the tags on the page', async () => {
      // Entries by priority: charlie (9), tag team-x (best 5), echo (0, newer), tag team-y (0).
      const first = await list('tag_mode=true&p=1&page_size=2');
      expect(first.total).toBe(4);
      expect(first.items.map((c) => c.id)).toEqual([ids.c, ids.a, ids.b]);
      expect(await listIds('tag_mode=true&p=2&page_size=2')).toEqual([ids.e, ids.d]);
      expect(await listIds('tag_mode=true&id_sort=true&p=1&page_size=2')).toEqual([ids.e, ids.d]);
      expect(await listIds('tag_mode=true&id_sort=true&p=2&page_size=2')).toEqual([ids.c, ids.b, ids.a]);
    });

    it('applies the filters inside tags in tag mode', async () => {
      const enabled = await list('tag_mode=true&status=enabled&page_size=10');
      expect(enabled.total).toBe(3);
      expect(enabled.items.map((c) => c.id)).toEqual([ids.c, ids.a, ids.b, ids.e]);
    });
  });

  describe('GET /api/channel/search', () => {
    it('matches the keyword against part of the name, tag or base URL, ignoring case', async () => {
      expect(await search('keyword=ALPHA')).toEqual([ids.a]);
      expect(await search('keyword=team-y')).toEqual([ids.d]);
      expect(await search('keyword=example.org')).toEqual([ids.e]);
      expect(await search('keyword=example&id_sort=true')).toEqual([ids.e, ids.a]);
    });

    it('matches a numeric keyword against the id exactly', async () => {
      expect(await search(`keyword=${ids.c}`)).toEqual([ids.c]);
    });

    it('takes LIKE wildcards in the keyword literally', async () => {
      expect(await search('keyword=%25')).toEqual([]);
      expect(await search('keyword=x_y')).toEqual([ids.e]);
      expect(await search('keyword=a_p')).toEqual([]);
    });

    it('matches group and model against whole entries of the comma lists', async () => {
      expect(await search('group=vip')).toEqual([ids.a]);
      expect(await search('group=vip2')).toEqual([ids.c]);
      expect(await search('group=default&id_sort=true')).toEqual([ids.e, ids.d, ids.b, ids.a]);
      expect(await search('model=gpt-4')).toEqual([ids.b]);
      expect(await search('model=gpt-4o-mini')).toEqual([ids.a]);
      expect(await search('model=deepseek-special')).toEqual([ids.d]);
      expect(await search('model=gpt')).toEqual([]);
    });

    it('combines keyword, group, model and status, and pages like the list', async () => {
      expect(await search('keyword=team&group=default&model=gpt-4')).toEqual([ids.b]);
      expect(await search('keyword=team&status=enabled&id_sort=true')).toEqual([ids.b, ids.a]);
      const body = await callJson(s.ctx, 'GET', '/api/channel/search?keyword=team&tag_mode=true&page_size=1', s.root);
      expect(body.data.total).toBe(2);
      expect(body.data.items.map((c: { id: number }) => c.id)).toEqual([ids.a, ids.b]);
    });
  });

  describe('single reads', () => {
    it('answers one channel without its key', async () => {
      const body = await callJson(s.ctx, 'GET', `/api/channel/${ids.a}`, s.root);
      expect(body.success).toBe(true);
      expect(body.data).toMatchObject({ id: ids.a, name: 'alpha one', type: ChannelType.OpenAI, models: 'gpt-4o,gpt-4o-mini', group: 'default,vip', priority: 5, tag: 'team-x', status: 1, auto_ban: 1 });
      expect(body.data).not.toHaveProperty('key');
    });

    it('answers "channel not found, refresh" for a missing channel', async () => {
      const body = await callJson(s.ctx, 'GET', '/api/channel/999999', s.root);
      expect(body).toMatchObject({ success: false, message: CHANNEL_NOT_FOUND });
    });

    it('reveals one channel\'s key only through POST /:id/key', async () => {
      // Revealing needs a fresh second-factor check of the root's session (auth/secure-verification.ts).
      const { secret } = await enrolTotp(s.ctx, s.root);
      expect((await verifyWithCode(s.ctx, s.root, await totpCode(secret))).success).toBe(true);
      const body = await callJson(s.ctx, 'POST', `/api/channel/${ids.b}/key`, s.root);
      expect(body).toMatchObject({ success: true, data: { key: KEYS[1] } });
      expect((await callJson(s.ctx, 'POST', '/api/channel/999999/key', s.root)).message).toBe(CHANNEL_NOT_FOUND);
      const audit = await s.ctx.db.selectFrom('logs').select(['type', 'content', 'channel_id']).where('user_id', '=', s.root.id).where('content', 'like', 'revealed the key%').execute();
      expect(audit).toEqual([{ type: LogType.System, content: `revealed the key of channel #${ids.b} (bravo)`, channel_id: ids.b }]);
      expect(JSON.stringify(audit)).not.toContain(KEYS[1]);
    });

    it('never puts a key in list, search, tag-mode, get or types answers', async () => {
      const urls = [
        '/api/channel/?page_size=100',
        '/api/channel/?page_size=100&tag_mode=true',
        '/api/channel/search?keyword=e&page_size=100',
        ...Object.values(ids).map((id) => `/api/channel/${id}`),
        '/api/channel/types',
        '/api/channel/models',
        '/api/channel/models_enabled',
      ];
      for (const url of urls) {
        const res = await call(s.ctx, 'GET', url, s.root);
        expect(res.statusCode, url).toBe(200);
        for (const key of KEYS) expect(res.body, url).not.toContain(key);
        expect(res.body, url).not.toMatch(/"key"\s*:/);
      }
    });

    it('lists each type with its label, default base URL and whether a base URL is required', async () => {
      const body = await callJson(s.ctx, 'GET', '/api/channel/types', s.root);
      const byValue = new Map((body.data as { value: number }[]).map((t) => [t.value, t]));
      expect(byValue.get(ChannelType.OpenAI)).toEqual({ value: 1, label: 'OpenAI', default_base_url: 'https://api.openai.com', base_url_required: false });
      expect(byValue.get(ChannelType.AzureOpenAI)).toMatchObject({ default_base_url: '', base_url_required: true });
      expect(byValue.get(ChannelType.Custom)).toMatchObject({ default_base_url: '', base_url_required: true });
      expect(byValue.get(ChannelType.AwsClaude)).toMatchObject({ default_base_url: '', base_url_required: false });
      expect(byValue.get(ChannelType.GooglePaLM2)).toMatchObject({ default_base_url: 'https://generativelanguage.googleapis.com', base_url_required: false });
      expect(byValue.get(ChannelType.AiProxyKnowledgeBase)).toMatchObject({ default_base_url: 'https://api.aiproxy.io', base_url_required: false });
      expect(byValue.get(ChannelType.FastGptKnowledgeBase)).toMatchObject({ default_base_url: 'https://fastgpt.run/api/openapi', base_url_required: false });
      expect(byValue.get(ChannelType.NewApi)).toMatchObject({ label: 'New API', default_base_url: '', base_url_required: true });
      expect(byValue.get(ChannelType.Codex)).toMatchObject({ default_base_url: 'https://chatgpt.com', base_url_required: false });
      expect(byValue.get(ChannelType.Coze)).toMatchObject({ default_base_url: 'https://api.coze.cn', base_url_required: false });
      // Task services: Midjourney and Suno have no public address; Kling, Vidu and Doubao video do (the video vendors' own).
      expect(byValue.get(ChannelType.SunoApi)).toMatchObject({ default_base_url: '', base_url_required: true });
      expect(byValue.get(ChannelType.Kling)).toEqual({ value: 50, label: 'Kling', default_base_url: 'https://api-singapore.klingai.com', base_url_required: false });
      expect(byValue.get(ChannelType.Vidu)).toEqual({ value: 52, label: 'Vidu', default_base_url: 'https://api.vidu.com', base_url_required: false });
      expect(byValue.get(ChannelType.DoubaoVideo)).toEqual({ value: 54, label: 'Doubao Video', default_base_url: 'https://ark.cn-beijing.volces.com', base_url_required: false });
      expect(byValue.size).toBe(44);
    });

    it('lists the distinct models of enabled channels, sorted', async () => {
      const body = await callJson(s.ctx, 'GET', '/api/channel/models_enabled', s.root);
      expect(body.data).toEqual(['claude-3-opus', 'gpt-4', 'gpt-4o', 'gpt-4o-mini', 'my-custom-model']);
    });

    it('lists every model a channel type is known to offer, with the type as owner', async () => {
      const body = await callJson(s.ctx, 'GET', '/api/channel/models', s.root);
      const models = body.data as { id: string; owned_by: string }[];
      expect(models).toContainEqual({ id: 'gpt-4o', owned_by: 'OpenAI' });
      expect(models).toContainEqual({ id: 'claude-3-opus', owned_by: 'Anthropic Claude' });
      expect(models).toContainEqual({ id: 'my-custom-model', owned_by: 'OpenAI' });
      expect(models.map((m) => m.id)).toEqual([...new Set(models.map((m) => m.id))].sort());
    });
  });

  describe('permissions', () => {
    it('refuses administrators below root with 403, users with 403 and anonymous callers with 401', async () => {
      const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string][] = [
        ['GET', '/api/channel/'],
        ['GET', '/api/channel/search?keyword=a'],
        ['GET', `/api/channel/${ids.a}`],
        ['POST', `/api/channel/${ids.a}/key`],
        ['POST', '/api/channel/'],
        ['PUT', '/api/channel/'],
        ['DELETE', `/api/channel/${ids.a}/`],
        ['PUT', '/api/channel/tag'],
      ];
      for (const [method, url] of routes) {
        const payload = method === 'GET' || method === 'DELETE' ? undefined : { id: ids.a, tag: 'team-x', name: 'hijack', key: 'k', models: 'm', type: 1 };
        expect((await call(s.ctx, method, url, s.admin, payload)).statusCode, `${method} ${url} as admin`).toBe(403);
        expect((await call(s.ctx, method, url, s.user, payload)).statusCode, `${method} ${url} as user`).toBe(403);
        expect((await call(s.ctx, method, url, undefined, payload)).statusCode, `${method} ${url} anonymous`).toBe(401);
      }
      const body = await callJson(s.ctx, 'GET', `/api/channel/${ids.a}`, s.root);
      expect(body.data.name).toBe('alpha one');
    });
  });
});
