import { describe, expect, it } from 'vitest';
import { ChannelAffinityRule, type ChannelAffinityRule as Rule } from '@gw/contracts';
import { affinityCacheKey, findAffinity, keyFingerprint, keyHint, keySourceValue, type AffinityPrincipal, type AffinityRequest } from './affinity-rules.js';
import { jsonPathText } from './json-path.js';

const rule = (fields: Record<string, unknown>): Rule => ChannelAffinityRule.parse({ name: 'r', model_regex: ['^gpt-'], key_sources: [{ type: 'gjson', path: 'prompt_cache_key' }], ...fields });

const principal: AffinityPrincipal = { userId: 7, tokenId: 12, group: 'vip', userGroup: 'default', username: 'alice', tokenName: 'laptop' };

const request = (json: Record<string, unknown>, extra: Partial<AffinityRequest> = {}): AffinityRequest => ({ body: { kind: 'json', json }, path: '/v1/chat/completions', ...extra });

describe('jsonPathText', () => {
  const doc = { prompt_cache_key: '  conv-1 ', metadata: { user_id: 'u-1', n: 3, ok: true, nil: null }, messages: [{ content: 'first' }, { content: [{ text: 'x' }] }], 'a.b': 'dotted' };

  it('reads dotted paths, array indexes and escaped dots', () => {
    expect(jsonPathText(doc, 'prompt_cache_key')).toBe('conv-1');
    expect(jsonPathText(doc, 'metadata.user_id')).toBe('u-1');
    expect(jsonPathText(doc, 'messages.0.content')).toBe('first');
    expect(jsonPathText(doc, 'a\\.b')).toBe('dotted');
  });

  it('gives numbers and booleans as text, objects and arrays as JSON, and nothing for missing or null', () => {
    expect(jsonPathText(doc, 'metadata.n')).toBe('3');
    expect(jsonPathText(doc, 'metadata.ok')).toBe('true');
    expect(jsonPathText(doc, 'messages.1.content')).toBe('[{"text":"x"}]');
    expect(jsonPathText(doc, 'metadata')).toBe('{"user_id":"u-1","n":3,"ok":true,"nil":null}');
    expect(jsonPathText(doc, 'metadata.nil')).toBe('');
    expect(jsonPathText(doc, 'metadata.missing')).toBe('');
    expect(jsonPathText(doc, 'messages.x')).toBe('');
    expect(jsonPathText(doc, 'messages.5.content')).toBe('');
    expect(jsonPathText(doc, 'prompt_cache_key.deeper')).toBe('');
  });
});

describe('key sources', () => {
  const body = { kind: 'json', json: { prompt_cache_key: 'k' } } as const;

  it('reads the caller from context_int and context_string', () => {
    expect(keySourceValue({ type: 'context_int', key: 'id', path: '' }, principal, body)).toBe('7');
    expect(keySourceValue({ type: 'context_int', key: 'user_id', path: '' }, principal, body)).toBe('7');
    expect(keySourceValue({ type: 'context_int', key: 'token_id', path: '' }, principal, body)).toBe('12');
    expect(keySourceValue({ type: 'context_string', key: 'group', path: '' }, principal, body)).toBe('vip');
    expect(keySourceValue({ type: 'context_string', key: 'token_group', path: '' }, principal, body)).toBe('vip');
    expect(keySourceValue({ type: 'context_string', key: 'user_group', path: '' }, principal, body)).toBe('default');
    expect(keySourceValue({ type: 'context_string', key: 'username', path: '' }, principal, body)).toBe('alice');
    expect(keySourceValue({ type: 'context_string', key: 'token_name', path: '' }, principal, body)).toBe('laptop');
  });

  it('reads gjson paths from JSON bodies only', () => {
    expect(keySourceValue({ type: 'gjson', key: '', path: 'prompt_cache_key' }, principal, body)).toBe('k');
    expect(keySourceValue({ type: 'gjson', key: '', path: 'prompt_cache_key' }, principal, { kind: 'multipart', fields: [] })).toBe('');
  });
});

describe('findAffinity', () => {
  it('takes the first rule whose model, path and User-Agent match and that yields a value', () => {
    const rules = [
      rule({ name: 'other-model', model_regex: ['^claude-'] }),
      rule({ name: 'other-path', path_regex: ['^/v1/responses$'] }),
      rule({ name: 'other-agent', user_agent_include: ['codex'] }),
      rule({ name: 'no-value', key_sources: [{ type: 'gjson', path: 'missing' }] }),
      rule({ name: 'chosen', path_regex: ['/chat/'], user_agent_include: ['OpenAI/Python'] }),
      rule({ name: 'later' }),
    ];
    const match = findAffinity(rules, principal, 'gpt-4o', request({ prompt_cache_key: 'conv-1' }, { userAgent: 'openai/python 1.99' }));
    expect(match).toMatchObject({ rule: { name: 'chosen' }, value: 'conv-1', usingGroup: 'vip', source: { type: 'gjson', path: 'prompt_cache_key' }, key: 'conv-1' });
  });

  it('never matches a rule without model patterns, as in new-api', () => {
    expect(findAffinity([rule({ model_regex: [] })], principal, 'gpt-4o', request({ prompt_cache_key: 'k' }))).toBeNull();
  });

  it('uses the first key source with a value and checks value_regex', () => {
    const sources = [{ type: 'gjson', path: 'metadata.user_id' }, { type: 'gjson', path: 'prompt_cache_key' }];
    expect(findAffinity([rule({ key_sources: sources })], principal, 'gpt-4o', request({ prompt_cache_key: 'p' }))?.value).toBe('p');
    expect(findAffinity([rule({ key_sources: sources })], principal, 'gpt-4o', request({ metadata: { user_id: 'm' }, prompt_cache_key: 'p' }))?.value).toBe('m');
    const strict = rule({ value_regex: '^sess-' });
    expect(findAffinity([strict], principal, 'gpt-4o', request({ prompt_cache_key: 'conv-1' }))).toBeNull();
    expect(findAffinity([strict], principal, 'gpt-4o', request({ prompt_cache_key: 'sess-1' }))?.value).toBe('sess-1');
  });

  it("understands Go's leading (?i) flag in patterns", () => {
    expect(findAffinity([rule({ model_regex: ['(?i)^GPT-'] })], principal, 'gpt-4o', request({ prompt_cache_key: 'k' }))).not.toBeNull();
  });
});

describe('affinityCacheKey', () => {
  it('joins the rule name, model, using group and value with ":" as the rule asks', () => {
    expect(affinityCacheKey(rule({ name: 'codex' }), 'gpt-4o', 'vip', 'conv-1')).toBe('conv-1');
    expect(affinityCacheKey(rule({ name: 'codex', include_rule_name: true }), 'gpt-4o', 'vip', 'conv-1')).toBe('codex:conv-1');
    expect(affinityCacheKey(rule({ name: 'codex', include_using_group: true }), 'gpt-4o', 'vip', 'conv-1')).toBe('vip:conv-1');
    expect(affinityCacheKey(rule({ name: 'codex', include_rule_name: true, include_model_name: true, include_using_group: true }), 'gpt-4o', 'vip', 'conv-1')).toBe('codex:gpt-4o:vip:conv-1');
  });

  it('stores a long value under its hash', () => {
    const key = affinityCacheKey(rule({ name: 'codex', include_rule_name: true }), 'gpt-4o', 'vip', 'x'.repeat(500));
    expect(key).toMatch(/^codex:sha256-[0-9a-f]{64}$/);
  });
});

describe('what logs may show of a value', () => {
  it('keeps only the first and last four characters of a long value, and nothing of a short one', () => {
    expect(keyHint('conversation-1234567890')).toBe('conv...7890');
    expect(keyHint('short-value')).toBe('***');
  });

  it('fingerprints a value with the first 8 hex digits of its SHA-1', () => {
    expect(keyFingerprint('abc')).toBe('a9993e36');
  });
});
