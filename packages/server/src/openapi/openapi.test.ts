import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { createTestContext, type TestContext } from '../../test/test-app.js';

describe('OpenAPI document and Swagger UI at /api/docs', () => {
  let ctx: TestContext;
  const registered: string[] = [];
  beforeAll(async () => {
    ctx = await createTestContext('sqlite', {}, {
      onRoute: (r: RouteOptions) => {
        for (const m of [r.method].flat()) if (m !== 'HEAD') registered.push(`${m} ${r.url}`);
      },
    });
  });
  afterAll(() => ctx?.close());

  const doc = async () => (await ctx.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json() as { openapi: string; paths: Record<string, Record<string, any>> };
  const toPath = (url: string) => url.replace(/\/$/, '').replace(/:([A-Za-z0-9_]+)/g, '{$1}') || '/';

  it('describes every management and relay route the app registers', async () => {
    const d = await doc();
    expect(d.openapi).toBe('3.0.3');
    const missing = registered
      .filter((r) => /^[A-Z]+ \/(api|v1|v1beta)\//.test(r) && !r.includes('/api/docs'))
      .filter((r) => {
        const [method, url] = r.split(' ');
        return !d.paths[toPath(url)]?.[method.toLowerCase()];
      });
    expect(missing).toEqual([]);
    expect(Object.keys(d.paths).length).toBeGreaterThan(50);
  });

  it('states who may call each route and takes request schemas from the contracts', async () => {
    const d = await doc();
    expect(d.paths['/api/option'].put['x-access-level']).toBe('root');
    expect(d.paths['/api/token'].post['x-access-level']).toBe('user');
    expect(d.paths['/api/status'].get['x-access-level']).toBe('public');
    expect(d.paths['/v1/chat/completions'].post.security).toEqual([{ apiKey: [] }]);
    for (const path of ['/api/usage/token', '/api/log/token', '/dashboard/billing/subscription', '/dashboard/billing/usage', '/v1/dashboard/billing/usage']) {
      expect(d.paths[path].get['x-access-level'], path).toBe('api-key');
      expect(d.paths[path].get.security, path).toEqual([{ apiKey: [] }]);
    }
    const tokenBody = d.paths['/api/token'].post.requestBody.content['application/json'].schema;
    expect(tokenBody.properties.name.maxLength).toBe(50);
    expect(tokenBody.required).toContain('name');
    for (const field of ['rpm_limit', 'tpm_limit']) expect(tokenBody.properties[field], field).toMatchObject({ type: 'integer', minimum: 0, maximum: 1_000_000_000 });
    const tokenEdit = d.paths['/api/token'].put.requestBody.content['application/json'].schema;
    expect(Object.keys(tokenEdit.properties)).toEqual(expect.arrayContaining(['rpm_limit', 'tpm_limit']));
    const channelList = d.paths['/api/channel'].get.parameters.map((p: { name: string }) => p.name);
    expect(channelList).toEqual(expect.arrayContaining(['id_sort', 'tag_mode']));
    expect(d.paths['/api/user/{id}'].get.parameters[0]).toMatchObject({ name: 'id', in: 'path', required: true });
  });

  it('serves Swagger UI and its assets from the installed package', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('/api/docs/assets/swagger-ui-bundle.js');
    const js = await ctx.app.inject({ method: 'GET', url: '/api/docs/assets/swagger-ui-bundle.js' });
    expect(js.statusCode).toBe(200);
    expect(js.body.length).toBeGreaterThan(100_000);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs/assets/..%2Fpackage.json' })).statusCode).toBe(404);
  });
});
