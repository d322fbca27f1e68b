import { describe, expect, it } from 'vitest';
import { SuggestedPromptBody } from '@gw/contracts';
import { newPromptValues, promptToValues, valuesToPromptBody } from './prompt-form';

describe('prompt form mapping', () => {
  it('turns paths into demo-file facets, trims lists and defaults sort to 0', () => {
    const body = valuesToPromptBody({
      ...newPromptValues(), title: ' Report ', mcp: [' fs ', 'fs'], instruction: ' Summarise ', sort: null, platform: ['win32', 'win32'],
      facet_files: [' /tmp/a.csv ', ''], tags: ['x', ' '], release: true,
    });
    expect(body).toEqual({
      title: 'Report', mcp: ['fs'], instruction: 'Summarise', version: '', sort: 0, platform: ['win32'], release: true,
      facets: [{ type: 'demo-file', value: '/tmp/a.csv' }], tags: ['x'], result_link: '',
    });
    expect(SuggestedPromptBody.safeParse(body).success).toBe(true);
  });

  it('round-trips a prompt', () => {
    const p = {
      id: 1, title: 't', mcp: ['m'], instruction: 'i', version: '1', sort: 5, platform: ['darwin' as const], release: false,
      facets: [{ type: 'demo-file' as const, value: 'a.txt' }], tags: ['tag'], result_link: 'https://r', created_at: 0,
    };
    const { id: _id, created_at: _c, ...fields } = p;
    expect(valuesToPromptBody(promptToValues(p))).toEqual(fields);
  });
});
