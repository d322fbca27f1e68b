import { PrefillGroupBody, type PrefillGroupType, type PrefillGroupView } from '@gw/contracts';

/**
 * The prefill-group dialog's form model. Model and tag groups edit their items as a list; an endpoint
 * group edits them as JSON text (new-api's {"openai": {"path": "/v1/chat/completions", "method": "POST"}}).
 */
export interface PrefillGroupFormValues {
  name: string;
  type: PrefillGroupType;
  description: string;
  items: string[];
  endpoints: string;
}

export const newPrefillGroupValues = (): PrefillGroupFormValues => ({ name: '', type: 'model', description: '', items: [], endpoints: '' });

export function prefillGroupToValues(group: PrefillGroupView): PrefillGroupFormValues {
  const list = Array.isArray(group.items) ? group.items : [];
  return {
    name: group.name,
    type: group.type,
    description: group.description,
    items: group.type === 'endpoint' ? [] : list,
    endpoints: group.type === 'endpoint' ? JSON.stringify(group.items, null, 2) : '',
  };
}

export type PrefillGroupFormResult =
  | { ok: true; body: PrefillGroupBody }
  | { ok: false; fields: { name: keyof PrefillGroupFormValues; errors: string[] }[] };

/**
 * Checks the form with the contract schema: the body to send, or errors placed on the fields they
 * concern (an endpoint group's item errors go to its JSON text). `invalidJson` is the message for
 * endpoint text that is not JSON.
 */
export function prefillGroupBodyOf(values: PrefillGroupFormValues, invalidJson: string): PrefillGroupFormResult {
  const endpoint = values.type === 'endpoint';
  if (endpoint && values.endpoints.trim() !== '' && !isJson(values.endpoints)) return { ok: false, fields: [{ name: 'endpoints', errors: [invalidJson] }] };
  const parsed = PrefillGroupBody.safeParse({
    name: values.name,
    type: values.type,
    description: values.description,
    items: endpoint ? values.endpoints : values.items,
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const byField = new Map<keyof PrefillGroupFormValues, string[]>();
  for (const issue of parsed.error.issues) {
    const first = issue.path[0];
    const name: keyof PrefillGroupFormValues = first === 'items' ? (endpoint ? 'endpoints' : 'items') : first === 'type' || first === 'description' ? first : 'name';
    byField.set(name, [...(byField.get(name) ?? []), issue.message]);
  }
  return { ok: false, fields: [...byField].map(([name, errors]) => ({ name, errors })) };
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
