import { describe, expect, it } from 'vitest';
import { classifyUpstreamError, networkFailure, retryAfterSeconds } from './retry-policy.js';

import { optionRegistry } from '../../options/option-registry.js';

/** The shipped rules, with one disable phrase. */
const keywords = { disableKeywords: ['Your credit balance is too low'], disableStatuses: optionRegistry.AutomaticDisableStatusCodes.default, retryStatuses: optionRegistry.AutomaticRetryStatusCodes.default };

describe('retry policy', () => {
  it('never retries or blames the channel for the caller’s own bad request', () => {
    for (const status of [400, 413, 422]) {
      expect(classifyUpstreamError(status, { message: 'bad field' }, keywords)).toMatchObject({ retry: false, channelFault: false, kind: 'client' });
    }
  });

  it('treats content-policy refusals as policy, not channel faults', () => {
    const v = classifyUpstreamError(400, { message: 'flagged', code: 'content_policy_violation' }, keywords);
    expect(v).toMatchObject({ retry: false, channelFault: false, kind: 'policy' });
    expect(classifyUpstreamError(500, { message: 'x', type: 'content_filter' }, keywords).retry).toBe(false);
  });

  it('retries timeouts, rate limits and server errors on another channel', () => {
    for (const status of [404, 408, 429, 500, 502, 503, 504]) {
      expect(classifyUpstreamError(status, { message: 'oops' }, keywords)).toMatchObject({ retry: true, channelFault: true, disableReason: null });
    }
    expect(networkFailure()).toMatchObject({ retry: true, channelFault: true });
  });

  it('gives grounds to disable on bad keys, unpaid accounts and configured phrases', () => {
    expect(classifyUpstreamError(401, { message: 'Incorrect API key' }, keywords).disableReason).toMatch(/401/);
    expect(classifyUpstreamError(429, { message: 'quota', type: 'insufficient_quota' }, keywords).disableReason).toMatch(/insufficient_quota/);
    expect(classifyUpstreamError(400, { message: 'Your credit balance is too low to access the API' }, keywords)).toMatchObject({ retry: true, channelFault: true });
    expect(classifyUpstreamError(400, { message: 'Your credit balance is too low' }, keywords).disableReason).toMatch(/credit balance/);
  });

  it('blames the channel for a 400 that says its key is invalid', () => {
    expect(classifyUpstreamError(400, { message: 'API key not valid', type: 'authentication_error' }, { ...keywords, disableKeywords: [] })).toMatchObject({ retry: true, channelFault: true, kind: 'upstream' });
  });

  it('follows the operator\'s status lists for retrying and disabling', () => {
    const policy = { ...keywords, retryStatuses: '429,500-503', disableStatuses: '401,403' };
    // 504 is the channel's fault but no longer tried elsewhere; 403 is now grounds to disable (and so retried).
    expect(classifyUpstreamError(504, { message: 'timeout' }, policy)).toMatchObject({ retry: false, channelFault: true, disableReason: null });
    expect(classifyUpstreamError(503, { message: 'busy' }, policy)).toMatchObject({ retry: true, channelFault: true });
    expect(classifyUpstreamError(403, { message: 'forbidden' }, policy)).toMatchObject({ retry: true, disableReason: expect.stringMatching(/403/) });
    expect(classifyUpstreamError(402, { message: 'pay up' }, policy)).toMatchObject({ retry: false, disableReason: null });
    // The caller's own mistakes stay unretried whatever the list says.
    expect(classifyUpstreamError(400, { message: 'bad field' }, { ...policy, retryStatuses: '400-599' })).toMatchObject({ retry: false, kind: 'client' });
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(retryAfterSeconds('7')).toBe(7);
    expect(retryAfterSeconds(undefined)).toBeUndefined();
    expect(retryAfterSeconds('soon')).toBeUndefined();
    const inTen = new Date(Date.now() + 10_000).toUTCString();
    expect(retryAfterSeconds(inTen)).toBeGreaterThanOrEqual(9);
    expect(retryAfterSeconds('999999')).toBe(3600);
  });
});
