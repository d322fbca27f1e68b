import { describe, expect, it } from 'vitest';
import { fixtureBodyText } from '../../../../test/fake-upstream/fixtures.js';
import { bytes, jsonBody, testContext } from '../adapter-context.test-helpers.js';
import { baiduAdapter } from './index.js';

describe('baiduAdapter', () => {
  it('calls Qianfan v2 with a bearer key for both Wenxin channel types', () => {
    const req = baiduAdapter.buildRequest(jsonBody({ model: 'ernie-4.0-turbo-8k', messages: [] }), testContext());
    expect(req).toMatchObject({ url: 'https://qianfan.baidubce.com/v2/chat/completions', headers: { Authorization: 'Bearer sk-upstream-key' } });
    expect(baiduAdapter.channelTypes).toEqual([15, 46]);
  });

  it('reads its answer and its IAM error', () => {
    const res = baiduAdapter.parseResponse(bytes(fixtureBodyText('baidu', 'chat')), 'application/json', testContext());
    expect(res.usage).toMatchObject({ promptTokens: 2, completionTokens: 9 });
    expect(baiduAdapter.parseError(401, fixtureBodyText('baidu', 'error-401'), testContext())).toMatchObject({ code: 'invalid_iam_token', message: 'IAM Certification failed' });
  });
});
