import { describe, expect, it } from 'vitest';
import { jsonBody, testContext } from '../adapter-context.test-helpers.js';
import { zeroOneAiAdapter } from './index.js';

describe('zeroOneAiAdapter', () => {
  it('calls api.lingyiwanwu.com/v1 with a bearer key', () => {
    const req = zeroOneAiAdapter.buildRequest(jsonBody({ model: 'yi-lightning', messages: [] }), testContext());
    expect(req).toMatchObject({ url: 'https://api.lingyiwanwu.com/v1/chat/completions', headers: { Authorization: 'Bearer sk-upstream-key' } });
  });
});
