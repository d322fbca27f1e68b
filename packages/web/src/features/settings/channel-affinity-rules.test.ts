import { describe, expect, it } from 'vitest';
import { rulesTextProblem } from './channel-affinity-rules';

describe('rulesTextProblem', () => {
  it('accepts a JSON array, empty or not', () => {
    expect(rulesTextProblem('[]')).toBeNull();
    expect(rulesTextProblem('[{"name": "codex", "model_regex": ["^gpt-"]}]')).toBeNull();
  });

  it('refuses text that is not JSON, and JSON that is not an array', () => {
    expect(rulesTextProblem('')).toBe('json');
    expect(rulesTextProblem('[{')).toBe('json');
    expect(rulesTextProblem(undefined)).toBe('json');
    expect(rulesTextProblem('{"name": "codex"}')).toBe('array');
    expect(rulesTextProblem('null')).toBe('array');
  });
});
