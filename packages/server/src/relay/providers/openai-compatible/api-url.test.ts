import { describe, expect, it } from 'vitest';
import { testChannel } from '../adapter-context.test-helpers.js';
import { apiUrl, resolveBaseUrl, stripApiPrefix } from './api-url.js';

describe('apiUrl', () => {
  it('adds the API prefix between the base URL and the path', () => {
    expect(apiUrl('https://api.openai.com', '/v1', '/chat/completions')).toBe('https://api.openai.com/v1/chat/completions');
  });

  it('does not repeat a prefix the base URL already ends with', () => {
    expect(apiUrl('https://proxy.example.com/v1', '/v1', '/chat/completions')).toBe('https://proxy.example.com/v1/chat/completions');
    expect(apiUrl('https://proxy.example.com/V1/', '/v1', '/embeddings')).toBe('https://proxy.example.com/V1/embeddings');
    expect(apiUrl('https://open.bigmodel.cn/api/paas/v4', '/api/paas/v4', '/chat/completions')).toBe(
      'https://open.bigmodel.cn/api/paas/v4/chat/completions',
    );
  });

  it('adds a longer prefix to a bare host', () => {
    expect(apiUrl('https://open.bigmodel.cn', '/api/paas/v4', '/chat/completions')).toBe('https://open.bigmodel.cn/api/paas/v4/chat/completions');
  });

  it('uses the base URL as is when there is no prefix', () => {
    expect(apiUrl('https://api.deepseek.com/', '', '/chat/completions')).toBe('https://api.deepseek.com/chat/completions');
  });
});

describe('resolveBaseUrl', () => {
  it('prefers the channel base URL without trailing slashes', () => {
    expect(resolveBaseUrl(testChannel({ baseUrl: 'https://mirror.example.com//' }), 'https://api.openai.com')).toBe('https://mirror.example.com');
  });

  it('falls back to the adapter default', () => {
    expect(resolveBaseUrl(testChannel({ baseUrl: '' }), 'https://api.openai.com')).toBe('https://api.openai.com');
  });

  it('rejects a channel that has no base URL when the adapter has no default', () => {
    expect(() => resolveBaseUrl(testChannel({ baseUrl: '' }), '')).toThrow(/has no base URL/);
  });
});

describe('stripApiPrefix', () => {
  it('removes a trailing prefix to reach the host root', () => {
    expect(stripApiPrefix('http://localhost:11434/v1', '/v1')).toBe('http://localhost:11434');
    expect(stripApiPrefix('http://localhost:11434', '/v1')).toBe('http://localhost:11434');
  });
});
