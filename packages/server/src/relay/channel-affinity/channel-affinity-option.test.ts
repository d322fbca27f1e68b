import { describe, expect, it } from 'vitest';
import { parseOptionValue } from '../../options/option-codec.js';
import { optionRegistry } from '../../options/option-registry.js';

const RULES = 'channel_affinity_setting.rules';
const refusal = (text: string) => {
  try {
    parseOptionValue(RULES, text);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('the value was accepted');
};

describe('channel affinity options', () => {
  it('has new-api\'s keys and defaults', () => {
    expect(optionRegistry['channel_affinity_setting.enabled'].default).toBe(false);
    expect(optionRegistry['channel_affinity_setting.switch_on_success'].default).toBe(true);
    expect(optionRegistry['channel_affinity_setting.max_entries'].default).toBe(100_000);
    expect(optionRegistry['channel_affinity_setting.default_ttl_seconds'].default).toBe(3600);
    expect(optionRegistry[RULES].default).toEqual([]);
  });

  it('takes new-api rules, with their null lists and fields it ignores', () => {
    const rules = parseOptionValue(
      RULES,
      JSON.stringify([
        { name: 'codex cli trace', model_regex: ['^gpt-.*$'], path_regex: ['/v1/responses'], user_agent_include: null, key_sources: [{ type: 'gjson', path: 'prompt_cache_key' }], value_regex: '', ttl_seconds: 0, param_override_template: {}, skip_retry_on_failure: true, include_using_group: true, include_rule_name: true },
        { name: 'by user', model_regex: ['(?i)^claude'], key_sources: [{ type: 'context_int', key: 'user_id' }] },
      ]),
    );
    expect(rules).toEqual([
      { name: 'codex cli trace', model_regex: ['^gpt-.*$'], path_regex: ['/v1/responses'], user_agent_include: [], key_sources: [{ type: 'gjson', key: '', path: 'prompt_cache_key' }], value_regex: '', ttl_seconds: 0, skip_retry_on_failure: true, include_using_group: true, include_model_name: false, include_rule_name: true },
      { name: 'by user', model_regex: ['(?i)^claude'], path_regex: [], user_agent_include: [], key_sources: [{ type: 'context_int', key: 'user_id', path: '' }], value_regex: '', ttl_seconds: 0, skip_retry_on_failure: false, include_using_group: false, include_model_name: false, include_rule_name: false },
    ]);
  });

  it('refuses bad JSON, a non-array, bad patterns, unknown sources and keys, and duplicate names with a message naming the place', () => {
    expect(refusal('[{')).toBe(`${RULES} is not a legal JSON string`);
    expect(refusal('{}')).toBe(`${RULES} must be a JSON array of rules`);
    const base = { name: 'r', model_regex: ['^gpt-'], key_sources: [{ type: 'gjson', path: 'k' }] };
    expect(refusal(JSON.stringify([{ ...base, model_regex: ['gpt-(4'] }]))).toMatch(new RegExp(`^${RULES}\\.0\\.model_regex\\.0 is not a valid regular expression`));
    expect(refusal(JSON.stringify([{ ...base, value_regex: '[' }]))).toMatch(/rules\.0\.value_regex is not a valid regular expression/);
    expect(refusal(JSON.stringify([{ ...base, key_sources: [{ type: 'request_header', key: 'X-Session' }] }]))).toBe(`${RULES}.0.key_sources.0.type must be one of context_int, context_string, gjson`);
    expect(refusal(JSON.stringify([{ ...base, key_sources: [{ type: 'context_string', key: 'email' }] }]))).toBe(`${RULES}.0.key_sources.0.key must be one of group, token_group, user_group, username, token_name for context_string`);
    expect(refusal(JSON.stringify([{ ...base, key_sources: [{ type: 'gjson' }] }]))).toMatch(/key_sources\.0\.path is required for a gjson key source/);
    expect(refusal(JSON.stringify([{ ...base, key_sources: [] }]))).toMatch(/rules\.0\.key_sources must list at least one key source$/);
    expect(refusal(JSON.stringify([{ ...base, name: '' }]))).toBe(`${RULES}.0.name is required`);
    expect(refusal(JSON.stringify([base, base]))).toBe(`${RULES}.1.name: "r" is used by another rule`);
    expect(refusal(JSON.stringify([{ ...base, ttl_seconds: -1 }]))).toBe(`${RULES}.0.ttl_seconds must not be negative`);
  });
});
