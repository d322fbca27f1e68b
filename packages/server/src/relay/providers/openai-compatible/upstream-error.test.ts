import { describe, expect, it } from 'vitest';
import { fixtureBodyText } from '../../../../test/fake-upstream/fixtures.js';
import { parseUpstreamError } from './upstream-error.js';

describe('parseUpstreamError', () => {
  it('reads the OpenAI error shape', () => {
    expect(parseUpstreamError(401, fixtureBodyText('openai', 'error-401'))).toEqual({
      message: expect.stringMatching(/^Incorrect API key provided/),
      type: 'invalid_request_error',
      code: 'invalid_api_key',
    });
  });

  it('turns numeric codes into text', () => {
    expect(parseUpstreamError(429, '{"error":{"code":1113,"message":"balance too low"}}')).toEqual({ message: 'balance too low', code: '1113', type: undefined });
  });

  it('reads string errors, top-level messages, FastAPI details and Cloudflare error lists', () => {
    expect(parseUpstreamError(404, '{"error":"model \\"llama9\\" not found, try pulling it first"}').message).toBe('model "llama9" not found, try pulling it first');
    expect(parseUpstreamError(400, '{"code":"invalid_param","message":"query is required","status":400}')).toMatchObject({
      message: 'query is required',
      code: 'invalid_param',
    });
    expect(parseUpstreamError(422, '{"detail":[{"loc":["body","input"],"msg":"field required","type":"missing"}]}').message).toBe('field required');
    expect(parseUpstreamError(401, '{"success":false,"errors":[{"code":10000,"message":"Authentication error"}]}')).toMatchObject({
      message: 'Authentication error',
      code: '10000',
    });
  });

  it('keeps only the title of an HTML error page', () => {
    const info = parseUpstreamError(502, fixtureBodyText('openai', 'error-502-html'));
    expect(info.message).toBe('upstream answered with status 502: 502 Bad Gateway');
    expect(info.message).not.toContain('<');
  });

  it('shortens long text bodies and names the status of empty ones', () => {
    expect(parseUpstreamError(500, 'x'.repeat(5000)).message).toHaveLength(501);
    expect(parseUpstreamError(503, '  ').message).toBe('upstream answered with status 503');
  });

  it('treats malformed JSON as text', () => {
    expect(parseUpstreamError(500, '{"error": oops').message).toBe('{"error": oops');
  });
});
