import { describe, expect, it } from 'vitest';
import { NameRule, type NameRuleValue } from '@gw/contracts';
import { SEEDED_VENDORS } from '../db/migrations/2026_12_08_0027_model_metadata.js';
import { MetadataIndex, ruleMatches } from './metadata-index.js';
import type { ModelMetaRow, VendorRow } from './model-metadata.repository.js';
import { INFERRED_VENDOR_NAMES, inferVendorName } from './vendor-inference.js';

let nextId = 1;
function entry(model_name: string, name_rule: NameRuleValue = NameRule.Exact, extra: Partial<ModelMetaRow> = {}): ModelMetaRow {
  return {
    id: nextId++, model_name, name_rule, description: model_name, icon: '', tags: '', vendor_id: 0, endpoints: '', context_length: 0, max_output_tokens: 0,
    knowledge_cutoff: '', release_date: '', parameter_count: '', input_modalities: '', output_modalities: '', status: 1, sync_official: 1,
    created_time: 0, updated_time: 0, ...extra,
  };
}
const vendor = (id: number, name: string): VendorRow => ({ id, name, name_key: name.toLowerCase(), description: '', icon: '', status: 1, created_time: 0, updated_time: 0 });

describe('vendor inference', () => {
  it.each([
    ['gpt-4o', 'OpenAI'], ['o3-mini', 'OpenAI'], ['text-embedding-3-small', 'OpenAI'], ['claude-sonnet-4-5', 'Anthropic'],
    ['gemini-2.5-pro', 'Google'], ['models/gemma-3-27b', 'Google'], ['deepseek-chat', 'DeepSeek'], ['qwen-max', 'Alibaba'],
    ['glm-4.6', 'Zhipu'], ['kimi-k2', 'Moonshot'], ['meta-llama/Llama-3.1-70B', 'Meta'], ['grok-4', 'xAI'],
    ['mistral-large-latest', 'Mistral'], ['command-r-plus', 'Cohere'], ['jina-embeddings-v3', 'Jina'], ['phi-4', 'Microsoft'],
    // The maker's name comes first: later parts are variants.
    ['360gpt-pro', '360'], ['yi-spark', '01.AI'], ['deepseek-r1-distill-qwen-32b', 'DeepSeek'], ['doubao-seed-1.6', 'ByteDance'],
  ])('%s is made by %s', (model, expected) => {
    expect(inferVendorName(model)).toBe(expected);
  });

  it('matches only at the start of a name part', () => {
    expect(inferVendorName('dolphin-2.9')).toBeUndefined();
    expect(inferVendorName('my-custom-model')).toBeUndefined();
    expect(inferVendorName('acme/gpt-oss')).toBe('OpenAI');
  });

  it('answers only vendors a new site starts with', () => {
    expect(INFERRED_VENDOR_NAMES.filter((name) => !(SEEDED_VENDORS as readonly string[]).includes(name))).toEqual([]);
  });
});

describe('metadata index', () => {
  it('applies the rules by kind', () => {
    expect(ruleMatches(entry('gpt-'), 'gpt-4o')).toBe(false);
    expect(ruleMatches(entry('gpt-', NameRule.Prefix), 'gpt-4o')).toBe(true);
    expect(ruleMatches(entry('-mini', NameRule.Suffix), 'gpt-4o-mini')).toBe(true);
    expect(ruleMatches(entry('4o', NameRule.Contains), 'gpt-4o-mini')).toBe(true);
    expect(ruleMatches(entry('4o', NameRule.Prefix), 'gpt-4o-mini')).toBe(false);
  });

  it('prefers the exact entry, then the longest prefix, then suffix, then contains', () => {
    const index = new MetadataIndex(
      [entry('gpt', NameRule.Contains), entry('-mini', NameRule.Suffix), entry('gpt-', NameRule.Prefix), entry('gpt-4o', NameRule.Prefix), entry('gpt-4o-mini')],
      [],
    );
    expect(index.entryFor('gpt-4o-mini')?.description).toBe('gpt-4o-mini');
    expect(index.entryFor('gpt-4o-audio')?.description).toBe('gpt-4o');
    expect(index.entryFor('gpt-5')?.description).toBe('gpt-');
    expect(index.entryFor('o4-mini')?.description).toBe('-mini');
    expect(index.entryFor('chatgpt-latest')?.description).toBe('gpt');
    expect(index.entryFor('claude')).toBeUndefined();
  });

  it('lists models without an entry or with an enabled one', () => {
    const index = new MetadataIndex([entry('hidden', NameRule.Exact, { status: 0 }), entry('shown')], []);
    expect(index.listed('hidden')).toBe(false);
    expect(index.listed('shown')).toBe(true);
    expect(index.listed('unknown')).toBe(true);
  });

  it('takes the entry’s vendor, else guesses one that exists', () => {
    const index = new MetadataIndex([entry('gpt-custom', NameRule.Exact, { vendor_id: 7 }), entry('claude-x', NameRule.Exact, { vendor_id: 99 })], [vendor(1, 'OpenAI'), vendor(7, 'Acme')]);
    expect(index.vendorIdFor('gpt-custom')).toBe(7);
    expect(index.vendorIdFor('gpt-4o')).toBe(1);
    // A vendor that no longer exists, and a guess with no such vendor, give none.
    expect(index.vendorIdFor('claude-x')).toBe(0);
    expect(index.vendorIdFor('claude-3')).toBe(0);
    expect(index.vendor(7)?.name).toBe('Acme');
  });
});
