import { describe, expect, it } from 'vitest';
import type { PrefillGroupView } from '@gw/contracts';
import { newPrefillGroupValues, prefillGroupBodyOf, prefillGroupToValues, type PrefillGroupFormValues } from './prefill-group-form';

const values = (over: Partial<PrefillGroupFormValues>): PrefillGroupFormValues => ({ ...newPrefillGroupValues(), name: 'G', ...over });
const group = (over: Partial<PrefillGroupView>): PrefillGroupView => ({
  id: 1, name: 'G', type: 'model', items: ['a'], description: 'd', created_time: 1, updated_time: 2, ...over,
});

describe('prefillGroupToValues', () => {
  it('edits a model or tag group’s items as a list', () => {
    expect(prefillGroupToValues(group({ type: 'tag', items: ['vip'] }))).toEqual({ name: 'G', type: 'tag', description: 'd', items: ['vip'], endpoints: '' });
  });

  it('edits an endpoint group’s items as JSON text', () => {
    const map = { openai: { path: '/v1/chat/completions', method: 'POST' } };
    const v = prefillGroupToValues(group({ type: 'endpoint', items: map }));
    expect(v.items).toEqual([]);
    expect(JSON.parse(v.endpoints)).toEqual(map);
  });
});

describe('prefillGroupBodyOf', () => {
  it('sends a model group’s trimmed list', () => {
    expect(prefillGroupBodyOf(values({ name: ' G ', items: [' a ', 'b'] }), 'bad json')).toEqual({
      ok: true,
      body: { name: 'G', type: 'model', description: '', items: ['a', 'b'] },
    });
  });

  it('sends an endpoint group’s JSON text as its map', () => {
    const result = prefillGroupBodyOf(values({ type: 'endpoint', items: ['ignored'], endpoints: '{"openai": {"path": "/v1/chat/completions"}}' }), 'bad json');
    expect(result).toEqual({ ok: true, body: { name: 'G', type: 'endpoint', description: '', items: { openai: { path: '/v1/chat/completions' } } } });
  });

  it('puts a repeated item on the items field', () => {
    expect(prefillGroupBodyOf(values({ items: ['a', 'a'] }), 'bad json')).toEqual({ ok: false, fields: [{ name: 'items', errors: ['items lists "a" twice'] }] });
  });

  it('puts endpoint errors on the JSON text, and text that is not JSON gets the given message', () => {
    expect(prefillGroupBodyOf(values({ type: 'endpoint', endpoints: '{oops' }), 'bad json')).toEqual({ ok: false, fields: [{ name: 'endpoints', errors: ['bad json'] }] });
    const wrong = prefillGroupBodyOf(values({ type: 'endpoint', endpoints: '{"openai": 1}' }), 'bad json');
    expect(wrong.ok).toBe(false);
    expect(!wrong.ok && wrong.fields.map((f) => f.name)).toEqual(['endpoints']);
  });

  it('puts a missing name on the name field', () => {
    expect(prefillGroupBodyOf(values({ name: '  ' }), 'bad json')).toEqual({ ok: false, fields: [{ name: 'name', errors: ['name is required'] }] });
  });
});
