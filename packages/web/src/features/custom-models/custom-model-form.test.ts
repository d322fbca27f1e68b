import { describe, expect, it } from 'vitest';
import type { CustomModelConfigView, SupplierView } from '@gw/contracts';
import {
  cleanModels, configToValues, missingField, newCustomModelValues, parseModelList, selectAllModels, splitModelTags, supplierOptions,
  valuesToCreateBody, valuesToUpdateBody,
} from './custom-model-form';

const supplier = (id: number, name: string): SupplierView => ({ id, name, type: 1, sdk: 'openai', base_url: 'https://api.example.com', disable: false, created_at: 0 });
const config: CustomModelConfigView = {
  id: 5, supplier_id: 2, key: 'sk-****abcd', models: ['m1', 'm2'], created_at: 0, updated_at: 0,
  supplier: { id: 2, name: 'DeepSeek', type: 43, sdk: 'openai', base_url: 'https://api.deepseek.com' },
};

describe('custom model form', () => {
  it('asks for the supplier first, then the key, with the spec messages', () => {
    expect(missingField(newCustomModelValues())).toEqual({ field: 'supplier_id', message: '请选择服务商' });
    expect(missingField({ supplier_id: 2, key: '  ' })).toEqual({ field: 'key', message: '请输入Key' });
    expect(missingField({ supplier_id: 2, key: 'sk-1' })).toBeNull();
  });

  it('creates with supplier, trimmed key and unique models; updates without the supplier', () => {
    const values = { supplier_id: 2, key: ' sk-1 ', models: ['a', ' a ', '', 'b'] };
    expect(valuesToCreateBody(values)).toEqual({ supplier_id: 2, key: 'sk-1', models: ['a', 'b'] });
    expect(valuesToUpdateBody(values)).toEqual({ key: 'sk-1', models: ['a', 'b'] });
  });

  it('edits with the masked key, which the server keeps when sent back unchanged', () => {
    expect(configToValues(config)).toEqual({ supplier_id: 2, key: 'sk-****abcd', models: ['m1', 'm2'] });
    expect(valuesToUpdateBody(configToValues(config)).key).toBe('sk-****abcd');
  });

  it('select-all adds the loaded models after the chosen ones, once each', () => {
    expect(selectAllModels(['custom', 'b'], ['a', 'b', 'c'])).toEqual(['custom', 'b', 'a', 'c']);
    expect(cleanModels([' x ', 'x'])).toEqual(['x']);
  });

  it('disables suppliers already configured, except the one being edited', () => {
    const options = supplierOptions([supplier(1, 'OpenAI'), supplier(2, 'DeepSeek')], [config], null);
    expect(options.map((o) => o.disabled)).toEqual([false, true]);
    expect(supplierOptions([supplier(2, 'DeepSeek')], [config], 2)[0].disabled).toBe(false);
  });

  it('shows ten model tags and puts the rest in the popover', () => {
    const models = Array.from({ length: 13 }, (_, i) => `m${i}`);
    const { shown, rest } = splitModelTags(models);
    expect(shown).toHaveLength(10);
    expect(rest).toEqual(['m10', 'm11', 'm12']);
  });

  it('reads the overview model list from its JSON string', () => {
    expect(parseModelList('["a","b"]')).toEqual(['a', 'b']);
    expect(parseModelList('not json')).toEqual([]);
    expect(parseModelList('{"a":1}')).toEqual([]);
  });
});
