import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.js';

describe('serving the console', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const root = mkdtempSync(join(tmpdir(), 'gw-web-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(join(root, 'assets', 'app-123.js'), 'console.log(1)');
    ctx = await createTestContext('sqlite', { webDistDir: root });
  });
  afterAll(() => ctx?.close());

  it('serves files, with long caching for hashed assets', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers console routes with the page (SPA fallback), never cached', async () => {
    for (const url of ['/', '/user', '/user/edit/3', '/setting?tab=other']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>console</title>');
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/login' })).headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing file and an unknown API path with 404, not the page', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-old.js' });
    expect(asset.statusCode).toBe(404);
    const api = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false });
    const relay = await ctx.app.inject({ method: 'POST', url: '/v1/nope', payload: {} });
    expect(relay.statusCode).toBe(404);
  });

  it('answers an unknown gateway path in the SDKs\' error shape', async () => {
    const openai = await ctx.app.inject({ method: 'POST', url: '/v1/assistants?x=1', payload: {} });
    expect(openai.statusCode).toBe(404);
    expect(openai.json()).toEqual({ error: { message: 'Invalid URL (POST /v1/assistants)', type: 'invalid_request_error', param: null, code: 'invalid_url' } });
    const gemini = await ctx.app.inject({ method: 'GET', url: '/v1beta/tunedModels' });
    expect(gemini.statusCode).toBe(404);
    expect(gemini.json()).toMatchObject({ error: { code: 404, message: 'Invalid URL (GET /v1beta/tunedModels)' } });
  });
});
