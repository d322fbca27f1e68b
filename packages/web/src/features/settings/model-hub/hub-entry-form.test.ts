import { describe, expect, it } from 'vitest';
import type { ModelHubEntry } from '@gw/contracts';
import { hubEntryToForm, hubFormToBody, isHubNameTaken } from './hub-entry-form';

const entry: ModelHubEntry = {
  id: 7,
  name: 'gpt-4o',
  price: 0,
  ratio: 1.25,
  completion_ratio: 4,
  model_type: 'iti,tti',
  tags: 'Hot, Vision',
  multimodal: true,
  sort: 3,
  desc: 'Omni model',
  max_token: 128000,
  hide: false,
  icon: '',
  models: '',
  models_id: '',
  created_at: 1,
  updated_at: 2,
};

describe('model hub entry form', () => {
  it('splits the comma lists for the selects', () => {
    expect(hubEntryToForm(entry)).toMatchObject({ tags: ['Hot', 'Vision'], model_type: ['iti', 'tti'], max_token: 128000, multimodal: true });
    expect(hubEntryToForm()).toMatchObject({ name: '', tags: [], max_token: null });
  });

  it('joins the lists back and copies the prices from the billing maps', () => {
    const maps = { ModelPrice: {}, ModelRatio: { 'gpt-4o': 1.5 }, CompletionRatio: { 'gpt-4o': 4 } };
    const body = hubFormToBody({ ...hubEntryToForm(entry), name: ' gpt-4o ', tags: ['Hot', 'Hot', 'Fast '], max_token: null }, maps, 7);
    expect(body).toMatchObject({ id: 7, name: 'gpt-4o', tags: 'Hot,Fast', model_type: 'iti,tti', max_token: 0, sort: 3, price: 0, ratio: 1.5, completion_ratio: 4 });
    expect('id' in hubFormToBody(hubEntryToForm(), maps)).toBe(false);
  });

  it('finds a name taken by another entry only', () => {
    expect(isHubNameTaken([entry], 'gpt-4o')).toBe(true);
    expect(isHubNameTaken([entry], 'gpt-4o', 7)).toBe(false);
    expect(isHubNameTaken([entry], 'other')).toBe(false);
  });
});
