import type { Db } from '../db/database.js';
import { ValidationError } from '../http/errors.js';
import { isOptionKey, optionRegistry, type OptionDef, type OptionKey, type OptionValue } from './option-registry.js';

/** Parses a stored/submitted string into an option's typed value; throws ValidationError naming the key. */
export function parseOptionValue(key: OptionKey, raw: unknown): unknown {
  const def = optionRegistry[key] as OptionDef;
  let value: unknown = raw;
  if (typeof raw === 'string') {
    if (def.kind === 'bool') {
      if (raw !== 'true' && raw !== 'false') throw new ValidationError(`${key} must be true or false`);
      value = raw === 'true';
    } else if (def.kind === 'int' || def.kind === 'number') {
      value = raw.trim() === '' ? NaN : Number(raw);
      if (!Number.isFinite(value)) throw new ValidationError(`${key} must be a number`);
    } else if (def.kind === 'json') {
      try {
        value = raw.trim() === '' ? def.default : JSON.parse(raw);
      } catch {
        throw new ValidationError(`${key} is not a legal JSON string`);
      }
    }
  }
  const result = def.schema.safeParse(value);
  if (!result.success) throw new ValidationError(`${key}: ${result.error.issues[0].message}`);
  return result.data;
}

export function serializeOptionValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Runtime options: defaults overlaid by database rows, held in memory and re-read on change. */
export class OptionsService {
  private values = new Map<OptionKey, unknown>();
  private listeners = new Set<() => void>();

  constructor(private readonly db: Db) {}

  async load(): Promise<void> {
    const rows = await this.db.selectFrom('options').select(['key', 'value']).execute();
    const next = new Map<OptionKey, unknown>();
    for (const key of Object.keys(optionRegistry) as OptionKey[]) next.set(key, optionRegistry[key].default);
    for (const row of rows) {
      if (!isOptionKey(row.key)) continue;
      try {
        next.set(row.key, parseOptionValue(row.key, row.value ?? ''));
      } catch {
        // A stored value that no longer validates falls back to the default rather than breaking start-up.
      }
    }
    this.values = next;
    this.notify();
  }

  get<K extends OptionKey>(key: K): OptionValue<K> {
    return (this.values.has(key) ? this.values.get(key) : optionRegistry[key].default) as OptionValue<K>;
  }

  /** Validates and saves several options in one transaction, then applies them. */
  async set(entries: Partial<Record<OptionKey, unknown>>): Promise<void> {
    const parsed = (Object.entries(entries) as [OptionKey, unknown][]).map(([key, raw]) => [key, parseOptionValue(key, raw)] as const);
    await this.db.transaction().execute(async (trx) => {
      for (const [key, value] of parsed) {
        const stored = serializeOptionValue(value);
        // delete + insert is a portable upsert (MySQL reports 0 affected rows for an unchanged UPDATE).
        await trx.deleteFrom('options').where('key', '=', key).execute();
        await trx.insertInto('options').values({ key, value: stored }).execute();
      }
    });
    for (const [key, value] of parsed) this.values.set(key, value);
    this.notify();
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify() {
    for (const l of this.listeners) l();
  }
}
