import { describe, expect, it } from 'vitest';
import { EditTagBody } from '@gw/contracts';
import { newTagValues, tagValuesToPayload } from './tag-form';

describe('tagValuesToPayload', () => {
  it('sends only the tag when nothing was filled in (the server then says "no changes")', () => {
    expect(tagValuesToPayload('team', newTagValues('team'))).toEqual({ tag: 'team' });
  });

  it('sends what was filled in, clamping weight and joining lists', () => {
    const body = tagValuesToPayload('team', {
      new_tag: 'squad', priority: -2000, weight: -1, models: ['a', 'b', 'a'], groups: ['vip'], model_mapping: ' {"a":"b"} ',
    });
    expect(body).toEqual({ tag: 'team', new_tag: 'squad', priority: -999, weight: 0, models: 'a,b', groups: 'vip', model_mapping: '{"a":"b"}' });
    expect(EditTagBody.safeParse(body).success).toBe(true);
  });

  it('dissolves the tag when its name is cleared', () => {
    expect(tagValuesToPayload('team', { ...newTagValues('team'), new_tag: '  ' })).toEqual({ tag: 'team', new_tag: '' });
  });
});
