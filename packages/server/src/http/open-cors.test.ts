import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { OPEN_CORS_PREFIXES, copyOpenCorsHeaders, openCors } from './open-cors.js';

async function appWith(prefixes: readonly string[]) {
  const app = Fastify();
  openCors(app, prefixes);
  await app.register(async (child) => {
    child.get('/api/usage/token', async () => ({ ok: true }));
    child.get('/api/user/self', async () => ({ ok: true }));
    child.get('/v1/raw', (_req, reply) => {
      const headers: Record<string, string> = { 'content-type': 'text/plain' };
      copyOpenCorsHeaders(reply, headers);
      reply.hijack();
      reply.raw.writeHead(200, headers).end('raw');
    });
  });
  await app.ready();
  return app;
}

describe('openCors', () => {
  it('opens exactly the listed prefixes: the gateway and the key-authenticated reads, not the console', async () => {
    const app = await appWith(OPEN_CORS_PREFIXES);
    const usage = await app.inject({ url: '/api/usage/token', headers: { origin: 'https://a.example' } });
    expect(usage.headers['access-control-allow-origin']).toBe('https://a.example');
    const consoleRoute = await app.inject({ url: '/api/user/self', headers: { origin: 'https://a.example' } });
    expect(consoleRoute.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await app.inject({ method: 'OPTIONS', url: '/api/usage/token', headers: { origin: 'https://a.example' } });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, POST, PUT, DELETE, OPTIONS');
    await app.close();
  });

  it('leaves a request without an Origin alone', async () => {
    const app = await appWith(OPEN_CORS_PREFIXES);
    const res = await app.inject({ url: '/api/usage/token' });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    await app.close();
  });

  it('hands the headers to a reply written to the raw response', async () => {
    const app = await appWith(OPEN_CORS_PREFIXES);
    const res = await app.inject({ url: '/v1/raw', headers: { origin: 'https://a.example' } });
    expect(res.body).toBe('raw');
    expect(res.headers).toMatchObject({ 'access-control-allow-origin': 'https://a.example', 'access-control-allow-credentials': 'true', vary: 'Origin' });
    await app.close();
  });
});
