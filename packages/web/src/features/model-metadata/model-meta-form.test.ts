import { describe, expect, it } from 'vitest';
import { MODEL_META_TAGS_MAX, NameRule, type ModelMetaView, type VendorView } from '@gw/contracts';
import { modelMetaBodyOf, modelMetaToValues, newModelMetaValues, withEndpoint, type ModelMetaFormValues } from './model-meta-form';
import { newVendorValues, vendorBodyOf, vendorToValues } from './vendor-form';

const values = (over: Partial<ModelMetaFormValues>): ModelMetaFormValues => ({ ...newModelMetaValues('gpt-4o'), ...over });
const meta = (over: Partial<ModelMetaView>): ModelMetaView => ({
  id: 7, model_name: 'gpt-4o', description: 'Omni', icon: 'OpenAI', tags: 'Vision, Fast', vendor_id: 2, endpoints: '',
  context_length: 128000, max_output_tokens: 0, knowledge_cutoff: '2023-10', release_date: '2024-05-13', parameter_count: '',
  input_modalities: 'text,image', output_modalities: 'text', status: 1, sync_official: 0, name_rule: NameRule.Exact,
  created_time: 1, updated_time: 2, ...over,
});

describe('newModelMetaValues', () => {
  it('starts an enabled exact-name entry without a vendor, for the given name', () => {
    expect(newModelMetaValues('o3')).toMatchObject({ model_name: 'o3', name_rule: NameRule.Exact, vendor_id: 0, enabled: true, tags: [] });
  });
});

describe('modelMetaToValues', () => {
  it('edits tags and modalities as lists, unset numbers as empty, and the status as a switch', () => {
    expect(modelMetaToValues(meta({ status: 0 }))).toMatchObject({
      tags: ['Vision', 'Fast'],
      input_modalities: ['text', 'image'],
      output_modalities: ['text'],
      context_length: 128000,
      max_output_tokens: null,
      enabled: false,
    });
  });

  it('edits its own endpoints as indented JSON and a list of endpoint types (the defaults) as empty', () => {
    const own = modelMetaToValues(meta({ endpoints: '{"openai":"/v1/chat/completions"}' })).endpoints;
    expect(JSON.parse(own)).toEqual({ openai: '/v1/chat/completions' });
    expect(own).toContain('\n');
    expect(modelMetaToValues(meta({ endpoints: '["openai","anthropic"]' })).endpoints).toBe('');
  });
});

describe('modelMetaBodyOf', () => {
  it('sends trimmed text, comma-joined tags and modalities, zero for unset numbers and the status as 1 or 0', () => {
    const result = modelMetaBodyOf(values({
      model_name: ' gpt-4o ', vendor_id: 3, description: ' fast ', tags: [' Vision', 'Fast '], input_modalities: ['text', ' image'],
      output_modalities: [], context_length: 128000, enabled: false,
    }));
    expect(result).toEqual({
      ok: true,
      body: {
        model_name: 'gpt-4o', name_rule: NameRule.Exact, vendor_id: 3, description: 'fast', icon: '', tags: 'Vision,Fast', endpoints: '',
        context_length: 128000, max_output_tokens: 0, knowledge_cutoff: '', release_date: '', parameter_count: '',
        input_modalities: 'text,image', output_modalities: '', status: 0, sync_official: 1,
      },
    });
  });

  it('sends the endpoints JSON compacted, and keeps a prefix rule', () => {
    const result = modelMetaBodyOf(values({ name_rule: NameRule.Prefix, endpoints: '{\n  "openai": {"path": "/v1/chat/completions", "method": "POST"}\n}' }));
    expect(result.ok && [result.body.name_rule, result.body.endpoints]).toEqual([NameRule.Prefix, '{"openai":{"path":"/v1/chat/completions","method":"POST"}}']);
  });

  it('puts endpoint text that is not a JSON object, or a wrong endpoint, on the endpoints field', () => {
    for (const endpoints of ['{oops', '["openai"]', '{"openai": 1}']) {
      const result = modelMetaBodyOf(values({ endpoints }));
      expect(result.ok).toBe(false);
      expect(!result.ok && result.fields.map((f) => f.name)).toEqual(['endpoints']);
    }
    const wrong = modelMetaBodyOf(values({ endpoints: '{"openai": 1}' }));
    expect(!wrong.ok && wrong.fields[0]?.errors[0]).toMatch(/^endpoint "openai": /);
  });

  it('puts a missing name and too many tags on their fields', () => {
    const result = modelMetaBodyOf(values({ model_name: '  ', tags: ['x'.repeat(MODEL_META_TAGS_MAX + 1)] }));
    expect(result).toEqual({
      ok: false,
      fields: [
        { name: 'model_name', errors: ['model_name is required'] },
        { name: 'tags', errors: [`tags must be at most ${MODEL_META_TAGS_MAX} characters`] },
      ],
    });
  });
});

describe('withEndpoint', () => {
  it('adds an endpoint type at its default path and method, keeping the ones there', () => {
    expect(JSON.parse(withEndpoint('', 'openai')!)).toEqual({ openai: { path: '/v1/chat/completions', method: 'POST' } });
    expect(JSON.parse(withEndpoint('{"openai": "/custom"}', 'anthropic')!)).toEqual({ openai: '/custom', anthropic: { path: '/v1/messages', method: 'POST' } });
    expect(JSON.parse(withEndpoint('{"openai": "/custom"}', 'openai')!)).toEqual({ openai: '/custom' });
  });

  it('leaves text that is not a JSON object alone', () => {
    expect(withEndpoint('{oops', 'openai')).toBeNull();
    expect(withEndpoint('["openai"]', 'openai')).toBeNull();
  });
});

describe('vendor form', () => {
  const vendor: VendorView = { id: 4, name: 'Acme', description: 'labs', icon: 'https://acme.example/i.png', status: 0, created_time: 1, updated_time: 1 };

  it('maps a vendor to the form and back to its body', () => {
    expect(vendorToValues(vendor)).toEqual({ name: 'Acme', description: 'labs', icon: 'https://acme.example/i.png', enabled: false });
    expect(vendorBodyOf({ ...vendorToValues(vendor), name: ' Acme AI ', enabled: true })).toEqual({
      ok: true,
      body: { name: 'Acme AI', description: 'labs', icon: 'https://acme.example/i.png', status: 1 },
    });
  });

  it('puts a missing name on the name field', () => {
    expect(vendorBodyOf({ ...newVendorValues(), name: ' ' })).toEqual({ ok: false, fields: [{ name: 'name', errors: ['name is required'] }] });
  });
});
