import { describe, expect, it } from 'vitest';
import { readFixture, readSseFixture } from '../../formats/fixtures.test-helpers.js';
import { bytes, jsonBody, sentJson, testContext } from '../adapter-context.test-helpers.js';
import { deepSeekAdapter } from '../deepseek/index.js';
import { moonshotAdapter } from '../moonshot/index.js';
import type { ProviderAdapter, UpstreamRequest } from '../provider-adapter.js';
import { qwenAdapter } from '../qwen/index.js';
import { zhipuAdapter } from '../zhipu/index.js';

const formatsFixture = (name: string) => new URL(`../../formats/anthropic/fixtures/${name}`, import.meta.url);

const messagesRequest = (adapter: ProviderAdapter, baseUrl = '', json: Record<string, unknown> = { messages: [{ role: 'user', content: 'hi' }], max_tokens: 64 }) =>
  adapter.buildRequest(jsonBody(json), testContext({ endpoint: 'claude.messages', upstreamModel: 'up-model', channel: { baseUrl, key: 'sk-provider' } })) as UpstreamRequest;

describe('Claude Messages served natively by OpenAI-compatible providers', () => {
  it.each([
    ['DeepSeek', deepSeekAdapter, '', 'https://api.deepseek.com/anthropic/v1/messages'],
    ['DeepSeek, base with /v1', deepSeekAdapter, 'https://api.deepseek.com/v1', 'https://api.deepseek.com/anthropic/v1/messages'],
    ['Moonshot', moonshotAdapter, '', 'https://api.moonshot.cn/anthropic/v1/messages'],
    ['Moonshot international, base with /v1', moonshotAdapter, 'https://api.moonshot.ai/v1/', 'https://api.moonshot.ai/anthropic/v1/messages'],
    ['Zhipu', zhipuAdapter, '', 'https://open.bigmodel.cn/api/anthropic/v1/messages'],
    ['Zhipu, host only', zhipuAdapter, 'https://open.bigmodel.cn', 'https://open.bigmodel.cn/api/anthropic/v1/messages'],
    ['DashScope', qwenAdapter, '', 'https://dashscope.aliyuncs.com/apps/anthropic/v1/messages'],
    ['DashScope international', qwenAdapter, 'https://dashscope-intl.aliyuncs.com/compatible-mode/v1', 'https://dashscope-intl.aliyuncs.com/apps/anthropic/v1/messages'],
  ])('%s: posts to its Messages endpoint', (_name, adapter, baseUrl, url) => {
    expect(adapter.supports('claude.messages')).toBe(true);
    expect(messagesRequest(adapter, baseUrl).url).toBe(url);
  });

  it('sends the key both ways with the Anthropic version, and the body as the client sent it with the upstream model', () => {
    const native = readFixture<Record<string, unknown>>(formatsFixture('request-native.json'));
    const req = messagesRequest(deepSeekAdapter, '', native);
    expect(req.headers).toEqual({ 'x-api-key': 'sk-provider', Authorization: 'Bearer sk-provider', 'anthropic-version': '2023-06-01', 'Content-Type': 'application/json' });
    expect(sentJson(req.body)).toEqual({ ...native, model: 'up-model' });
  });

  it('still speaks OpenAI for chat, to the same provider', () => {
    const req = deepSeekAdapter.buildRequest(jsonBody({ model: 'deepseek-chat', messages: [] }), testContext({ upstreamModel: 'deepseek-chat' })) as UpstreamRequest;
    expect(req.url).toBe('https://api.deepseek.com/chat/completions');
    expect(req.headers).toEqual({ Authorization: 'Bearer sk-upstream-key', 'Content-Type': 'application/json' });
  });

  it('reads the Claude answer, stream and errors of the Messages endpoint, and OpenAI ones elsewhere', () => {
    const ctx = testContext({ endpoint: 'claude.messages' });
    const answer = readFixture<Record<string, unknown>>(formatsFixture('message-thinking.json'));
    const parsed = moonshotAdapter.parseResponse(bytes(JSON.stringify(answer)), 'application/json', ctx);
    expect(parsed.body).toEqual(answer);
    expect(parsed.usage).toMatchObject({ promptTokens: 48, completionTokens: 96 });

    const translator = moonshotAdapter.createStreamTranslator({ ...ctx, stream: true });
    const events = readSseFixture(formatsFixture('stream-thinking.json')).flatMap((e) => translator.push(e));
    expect(events.length).toBeGreaterThan(3);
    expect(events.some((e) => e.event === 'message_stop')).toBe(true);
    expect(translator.usage()?.completionTokens).toBeGreaterThan(0);

    const claudeError = JSON.stringify({ type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } });
    expect(qwenAdapter.parseError(401, claudeError, ctx)).toMatchObject({ message: 'invalid x-api-key', code: 'authentication_error' });
    expect(qwenAdapter.parseError(401, JSON.stringify({ error: { message: 'bad key', code: 'invalid_api_key' } }), testContext())).toMatchObject({ code: 'invalid_api_key' });
  });
});
