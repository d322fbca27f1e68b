import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MonitorStatus, Role } from '@gw/contracts';
import { createTestContext, createUser, json, markSetupDone, signIn, type SignedIn, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { startFakeUptimeKuma, type FakeUptimeKuma } from './fake-uptime-kuma.test-helpers.js';

const apiInfo = { url: 'https://api.example.com', route: 'Main line', description: 'Anywhere', color: 'blue' };
const faq = { question: 'How do I pay?', answer: 'Top up on the wallet page.' };
const announcement = (content: string, publishDate: string) => ({ content, publishDate, type: 'default', extra: '' });

describe.each(testDialects())('dashboard console content (%s)', (dialect) => {
  let ctx: TestContext;
  let root: SignedIn;
  let user: SignedIn;
  let kuma: FakeUptimeKuma;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await markSetupDone(ctx.db);
    root = await signIn(ctx.app, await createUser(ctx.db, { role: Role.Root }));
    user = await signIn(ctx.app, await createUser(ctx.db));
    kuma = await startFakeUptimeKuma();
  });
  afterAll(async () => {
    await kuma?.close();
    await ctx?.close();
  });

  const put = async (key: string, value: unknown) => json(await ctx.app.inject({ method: 'PUT', url: '/api/option/', headers: root.headers, payload: { key, value } }));
  const status = async () => json(await ctx.app.inject({ method: 'GET', url: '/api/status' })).data;
  const uptime = async (who: SignedIn = user) => json(await ctx.app.inject({ method: 'GET', url: '/api/uptime/status', headers: who.headers }));
  const stored = async (key: string) => (await ctx.db.selectFrom('options').select('value').where('key', '=', key).executeTakeFirst())?.value;

  describe('options', () => {
    it.each([
      ['console_setting.api_info', 'not json', 'console_setting.api_info is not a legal JSON string'],
      ['console_setting.api_info', { url: 'x' }, 'console_setting.api_info must be a JSON list'],
      ['console_setting.api_info', [{ ...apiInfo, url: 'ftp://example.com' }], 'console_setting.api_info.0.url must be an http:// or https:// address'],
      ['console_setting.api_info', [{ ...apiInfo, url: 'https://' }], 'console_setting.api_info.0.url must be an http:// or https:// address'],
      ['console_setting.api_info', [{ ...apiInfo, route: '' }], 'console_setting.api_info.0.route is required'],
      ['console_setting.api_info', [{ ...apiInfo, color: 'black' }], 'console_setting.api_info.0.color must be one of'],
      ['console_setting.api_info', [{ ...apiInfo, description: 'x'.repeat(201) }], 'console_setting.api_info.0.description must be at most 200 characters'],
      ['console_setting.api_info', [{ ...apiInfo, description: '<script>alert(1)</script>' }], 'console_setting.api_info.0.description must not contain scripts or event handlers'],
      ['console_setting.api_info', Array.from({ length: 51 }, () => apiInfo), 'console_setting.api_info must have at most 50 entries'],
      ['console_setting.announcements', [announcement('hi', 'yesterday')], 'console_setting.announcements.0.publishDate must be an RFC 3339 date-time'],
      ['console_setting.announcements', [{ ...announcement('hi', '2025-01-01T00:00:00Z'), type: 'urgent' }], 'console_setting.announcements.0.type must be one of default, ongoing, success, warning, error'],
      ['console_setting.announcements', [announcement('x'.repeat(501), '2025-01-01T00:00:00Z')], 'console_setting.announcements.0.content must be at most 500 characters'],
      ['console_setting.announcements', Array.from({ length: 101 }, () => announcement('a', '2025-01-01T00:00:00Z')), 'console_setting.announcements must have at most 100 entries'],
      ['console_setting.faq', [{ question: 'q' }], 'console_setting.faq.0.answer is required'],
      ['console_setting.faq', [{ ...faq, answer: 'x'.repeat(1001) }], 'console_setting.faq.0.answer must be at most 1000 characters'],
      ['console_setting.uptime_kuma_groups', [{ categoryName: 'A', url: 'https://kuma.example', slug: 'a b' }], 'console_setting.uptime_kuma_groups.0.slug must contain only letters, digits'],
      ['console_setting.uptime_kuma_groups', [{ categoryName: 'A', url: 'https://kuma.example', slug: 'a' }, { categoryName: 'A', url: 'https://kuma.example', slug: 'b' }], 'console_setting.uptime_kuma_groups.1.categoryName must not repeat the name of another group'],
      ['console_setting.uptime_kuma_groups', Array.from({ length: 21 }, (_, i) => ({ categoryName: `g${i}`, url: 'https://kuma.example', slug: 's' })), 'console_setting.uptime_kuma_groups must have at most 20 entries'],
      ['fetch_setting.allowed_ports', ['443', '9000-8000'], 'fetch_setting.allowed_ports.1: "9000-8000" starts after it ends'],
      ['fetch_setting.ip_list', ['10.0.0.0/40'], 'fetch_setting.ip_list.0: "10.0.0.0/40" has an invalid prefix length'],
      ['fetch_setting.domain_list', ['https://example.com'], 'fetch_setting.domain_list.0: "https://example.com" is not a domain'],
      ['fetch_setting.allowed_ports', '443', 'fetch_setting.allowed_ports must be a JSON list of strings'],
    ])('refuses %s = %j with a clear message', async (key, value, message) => {
      const before = await stored(key);
      const body = await put(key, typeof value === 'string' ? value : JSON.stringify(value));
      expect(body.success).toBe(false);
      expect(body.message).toContain(message);
      expect(await stored(key)).toBe(before);
    });

    it('saves valid lists as JSON, in new-api\'s storage form', async () => {
      expect((await put('console_setting.api_info', JSON.stringify([{ ...apiInfo, id: 1 }]))).success).toBe(true);
      expect(JSON.parse((await stored('console_setting.api_info'))!)).toEqual([{ ...apiInfo, id: 1 }]);
      expect((await put('fetch_setting.allowed_ports', JSON.stringify(['80', '443', '3000-3999']))).success).toBe(true);
      expect(JSON.parse((await stored('fetch_setting.allowed_ports'))!)).toEqual(['80', '443', '3000-3999']);
      expect((await put('fetch_setting.allowed_ports', JSON.stringify(['80', '443', '8080', '8443']))).success).toBe(true);
    });
  });

  describe('status', () => {
    it('publishes the switches, and each list only while its panel is on, announcements newest first', async () => {
      const fresh = await status();
      expect(fresh).toMatchObject({ api_info_enabled: true, announcements_enabled: true, faq_enabled: true, uptime_kuma_enabled: true });
      expect((await put('console_setting.faq', JSON.stringify([faq]))).success).toBe(true);
      const older = announcement('Older', '2025-01-01T00:00:00Z');
      const newer = announcement('Newer', '2025-03-01T08:00:00+08:00');
      expect((await put('console_setting.announcements', JSON.stringify([older, newer]))).success).toBe(true);
      const on = await status();
      expect(on.api_info).toEqual([{ ...apiInfo, id: 1 }]);
      expect(on.faq).toEqual([faq]);
      expect(on.announcements.map((a: { content: string }) => a.content)).toEqual(['Newer', 'Older']);

      for (const key of ['api_info_enabled', 'announcements_enabled', 'faq_enabled', 'uptime_kuma_enabled']) {
        expect((await put(`console_setting.${key}`, 'false')).success).toBe(true);
      }
      const off = await status();
      expect(off).toMatchObject({ api_info_enabled: false, announcements_enabled: false, faq_enabled: false, uptime_kuma_enabled: false });
      expect(off).not.toHaveProperty('api_info');
      expect(off).not.toHaveProperty('announcements');
      expect(off).not.toHaveProperty('faq');
      for (const key of ['api_info_enabled', 'announcements_enabled', 'faq_enabled', 'uptime_kuma_enabled']) await put(`console_setting.${key}`, 'true');
    });

    it('never publishes the Uptime Kuma addresses', async () => {
      expect((await put('console_setting.uptime_kuma_groups', JSON.stringify([{ categoryName: 'Core', url: 'https://kuma.secret.example', slug: 'core' }]))).success).toBe(true);
      const res = await ctx.app.inject({ method: 'GET', url: '/api/status' });
      expect(res.body).not.toContain('kuma.secret.example');
    });
  });

  describe('GET /api/uptime/status', () => {
    const groups = () => [
      { categoryName: 'Core', url: `${kuma.url}/`, slug: 'core', description: 'Gateway' },
      { categoryName: 'Extra', url: kuma.url, slug: 'extra' },
    ];

    beforeAll(() => {
      kuma.setPage('core', [
        { name: 'APIs', monitors: [{ id: 1, name: 'chat', beats: [0, 1], uptime: 0.998 }, { id: 2, name: 'images', beats: [1, 1, 0], uptime: 0.75 }] },
      ]);
      kuma.setPage('extra', [{ name: 'Web', monitors: [{ id: 3, name: 'console', beats: [1], uptime: 1 }] }]);
    });

    it('refuses a Kuma on 127.0.0.1 under the default SSRF settings, per group, without failing the call', async () => {
      expect((await put('console_setting.uptime_kuma_groups', JSON.stringify(groups()))).success).toBe(true);
      const before = kuma.requests.length;
      const body = await uptime();
      expect(body.success).toBe(true);
      expect(body.data).toHaveLength(2);
      for (const group of body.data) {
        expect(group.monitors).toEqual([]);
        expect(group.error).toMatch(/^refused by the SSRF protection: port \d+ is not allowed$/);
      }
      expect((await put('fetch_setting.allowed_ports', JSON.stringify([kuma.url.split(':').pop()]))).success).toBe(true);
      const privateRefusal = await uptime();
      expect(privateRefusal.data[0].error).toBe('refused by the SSRF protection: 127.0.0.1 is a private or internal address');
      expect(kuma.requests.length).toBe(before);
    });

    it('refuses a 10.x address with the defaults', async () => {
      expect((await put('fetch_setting.allowed_ports', JSON.stringify(['80', '443', '8080', '8443']))).success).toBe(true);
      expect((await put('console_setting.uptime_kuma_groups', JSON.stringify([{ categoryName: 'LAN', url: 'http://10.0.0.7', slug: 'lan' }]))).success).toBe(true);
      expect((await uptime()).data).toEqual([{ categoryName: 'LAN', monitors: [], error: 'refused by the SSRF protection: 10.0.0.7 is a private or internal address' }]);
    });

    it('answers each group\'s monitors with name, status and uptime once private addresses are allowed', async () => {
      expect((await put('fetch_setting.allow_private_ip', 'true')).success).toBe(true);
      expect((await put('fetch_setting.allowed_ports', JSON.stringify([]))).success).toBe(true);
      expect((await put('console_setting.uptime_kuma_groups', JSON.stringify(groups()))).success).toBe(true);
      const body = await uptime();
      expect(body).toMatchObject({ success: true });
      expect(body.data).toEqual([
        {
          categoryName: 'Core',
          description: 'Gateway',
          monitors: [
            { name: 'chat', status: MonitorStatus.Up, uptime: 0.998, group: 'APIs' },
            { name: 'images', status: MonitorStatus.Down, uptime: 0.75, group: 'APIs' },
          ],
        },
        { categoryName: 'Extra', monitors: [{ name: 'console', status: MonitorStatus.Up, uptime: 1, group: 'Web' }] },
      ]);
      expect(kuma.requests).toEqual(expect.arrayContaining(['/api/status-page/core', '/api/status-page/heartbeat/core', '/api/status-page/extra', '/api/status-page/heartbeat/extra']));
    });

    it('reuses a fresh answer instead of asking Kuma again, until the settings change', async () => {
      await uptime();
      const before = kuma.requests.length;
      await Promise.all([uptime(), uptime(), uptime(root)]);
      expect(kuma.requests.length).toBe(before);
      expect((await put('console_setting.uptime_kuma_groups', JSON.stringify(groups().slice(0, 1)))).success).toBe(true);
      expect((await uptime()).data).toHaveLength(1);
      expect(kuma.requests.length).toBe(before + 2);
    });

    it('gives an unreachable or unknown status page an error entry and still answers the others', async () => {
      const gone = await startFakeUptimeKuma();
      const goneUrl = gone.url;
      await gone.close();
      const list = [
        { categoryName: 'Core', url: kuma.url, slug: 'core' },
        { categoryName: 'Gone', url: goneUrl, slug: 'core' },
        { categoryName: 'Unknown', url: kuma.url, slug: 'nope' },
      ];
      expect((await put('console_setting.uptime_kuma_groups', JSON.stringify(list))).success).toBe(true);
      const body = await uptime();
      expect(body.success).toBe(true);
      expect(body.data[0].monitors).toHaveLength(2);
      expect(body.data[1]).toEqual({ categoryName: 'Gone', monitors: [], error: 'the connection was refused' });
      expect(body.data[2]).toEqual({ categoryName: 'Unknown', monitors: [], error: 'the server answered HTTP 404' });
    });

    it('answers an empty list while the panel is off, without asking Kuma', async () => {
      expect((await put('console_setting.uptime_kuma_enabled', 'false')).success).toBe(true);
      const before = kuma.requests.length;
      expect((await uptime()).data).toEqual([]);
      expect(kuma.requests.length).toBe(before);
      expect((await put('console_setting.uptime_kuma_enabled', 'true')).success).toBe(true);
    });

    it('needs a signed-in user', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/uptime/status' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false });
    });
  });
});
