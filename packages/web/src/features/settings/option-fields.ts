/**
 * How a settings form shows an option and turns it back into the stored string (GET/PUT /api/option/
 * carry strings). Options are compared by meaning, so re-formatted JSON or a re-ordered e-mail list
 * does not count as a change.
 */
export type OptionFieldKind = 'bool' | 'number' | 'text' | 'json' | 'list' | 'secret';
export type OptionFieldKinds = Readonly<Record<string, OptionFieldKind>>;
export type OptionFormValue = string | number | boolean | string[] | null | undefined;
export type OptionFormValues = Record<string, OptionFormValue>;

/** One PUT /api/option/ body. */
export interface OptionChange {
  key: string;
  value: string;
}

/** True when the text parses as JSON (an empty text area does not). */
export function isJsonText(text: string | undefined | null): boolean {
  if (!text || text.trim() === '') return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function prettyJson(raw: string): string {
  try {
    return JSON.stringify(JSON.parse(raw), null, 2);
  } catch {
    return raw;
  }
}

function splitList(raw: string): string[] {
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** The stored string → the value the form field holds. Secrets are never sent by the server, so they show empty. */
export function toFormValue(kind: OptionFieldKind, raw: string | undefined): OptionFormValue {
  const text = raw ?? '';
  switch (kind) {
    case 'bool':
      return text === 'true';
    case 'number': {
      const n = text.trim() === '' ? NaN : Number(text);
      return Number.isFinite(n) ? n : null;
    }
    case 'json':
      return prettyJson(text);
    case 'list':
      return splitList(text);
    case 'secret':
      return '';
    case 'text':
      return text;
  }
}

/** The form field's value → the string PUT /api/option/ stores. */
export function toOptionString(kind: OptionFieldKind, value: OptionFormValue): string {
  switch (kind) {
    case 'bool':
      return value === true ? 'true' : 'false';
    case 'number':
      return value === null || value === undefined || value === '' ? '' : String(value);
    case 'list':
      return (Array.isArray(value) ? value : splitList(String(value ?? ''))).map((s) => s.trim()).filter(Boolean).join(',');
    case 'json':
      return typeof value === 'string' ? value.trim() : '';
    case 'secret':
    case 'text':
      return typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
  }
}

function canonicalJson(text: string): string | null {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return null;
  }
}

/** Whether `next` (a string from toOptionString) stores the same thing as the loaded `original`. */
export function isSameOption(kind: OptionFieldKind, original: string | undefined, next: string): boolean {
  const before = original ?? '';
  switch (kind) {
    case 'secret':
      // An empty secret keeps the saved one, so only a typed value is a change.
      return next === '';
    case 'json': {
      const a = canonicalJson(before);
      const b = canonicalJson(next);
      return a !== null && b !== null ? a === b : before.trim() === next;
    }
    case 'list':
      return splitList(before).join(',') === next;
    case 'number':
      return before.trim() !== '' && next !== '' ? Number(before) === Number(next) : before.trim() === next;
    case 'bool':
      return (before === 'true') === (next === 'true');
    case 'text':
      return before === next;
  }
}

/**
 * The options a section would save, in the order to send them: switches turned off first, then values,
 * then switches turned on — so credentials are stored before the switch that needs them (the server
 * refuses "enable GitHub sign-in" while the client id is still empty), and a switch goes off before its
 * credentials are cleared.
 */
export function changedOptions(kinds: OptionFieldKinds, values: OptionFormValues, original: Record<string, string>): OptionChange[] {
  const changes: { change: OptionChange; rank: number }[] = [];
  for (const [key, kind] of Object.entries(kinds)) {
    const value = toOptionString(kind, values[key]);
    if (isSameOption(kind, original[key], value)) continue;
    const rank = kind !== 'bool' ? 1 : value === 'true' ? 2 : 0;
    changes.push({ change: { key, value }, rank });
  }
  return changes.sort((a, b) => a.rank - b.rank).map((c) => c.change);
}

/** The form values of a section's options as loaded. */
export function formValuesOf(kinds: OptionFieldKinds, options: Record<string, string>): OptionFormValues {
  return Object.fromEntries(Object.entries(kinds).map(([key, kind]) => [key, toFormValue(kind, options[key])]));
}

/**
 * The fields to refresh after the options were reloaded (a save elsewhere, a reset): every field the
 * administrator has not edited since `before` was loaded takes its new value; pending edits stay.
 */
export function refreshedFormValues(
  kinds: OptionFieldKinds,
  current: OptionFormValues,
  before: Record<string, string> | null,
  after: Record<string, string>,
): OptionFormValues {
  const next: OptionFormValues = {};
  for (const [key, kind] of Object.entries(kinds)) {
    const edited = before !== null && !isSameOption(kind, before[key], toOptionString(kind, current[key]));
    if (!edited) next[key] = toFormValue(kind, after[key]);
  }
  return next;
}

/** What a section save came to; `failures` are the server's messages for the options that were refused. */
export type SaveOutcome =
  | { kind: 'nothing' }
  | { kind: 'success' }
  | { kind: 'partial'; failures: string[] }
  | { kind: 'failed'; failures: string[] };

export function saveOutcome(attempted: number, failures: readonly string[]): SaveOutcome {
  if (attempted === 0) return { kind: 'nothing' };
  if (failures.length === 0) return { kind: 'success' };
  if (failures.length < attempted) return { kind: 'partial', failures: [...failures] };
  return { kind: 'failed', failures: [...failures] };
}
