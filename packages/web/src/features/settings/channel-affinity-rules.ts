/**
 * The console's own check of channel_affinity_setting.rules before saving: the text must be a JSON
 * array. The server checks each rule (patterns, key sources) and its message is shown when it refuses.
 */
export type RulesTextProblem = 'json' | 'array' | null;

export function rulesTextProblem(text: string | undefined | null): RulesTextProblem {
  let value: unknown;
  try {
    value = JSON.parse(text ?? '');
  } catch {
    return 'json';
  }
  return Array.isArray(value) ? null : 'array';
}
