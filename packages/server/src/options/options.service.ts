import type { OptionEntry } from '@gw/contracts';
import type { Db } from '../db/database.js';
import { ValidationError } from '../http/errors.js';
import { isOptionKey, optionDef, optionKeys, optionRegistry, secretOptionKeys, type OptionKey, type OptionValue } from './option-registry.js';
import { encodeOptionValue, parseOptionValue, toOptionString } from './option-codec.js';
import { checkEnableRequirements, checkRanges } from './option-rules.js';
import { optionsRepository } from './options.repository.js';
import type { ChangeEvents } from '../platform/change-events.js';

export { parseOptionValue, encodeOptionValue } from './option-codec.js';

/** Runtime options: defaults overlaid by database rows, held in memory and applied at once on change. */
export class OptionsService {
  private values = new Map<OptionKey, unknown>();
  private listeners = new Set<() => void>();

  /**
   * With `events`, a save here is announced to the site's other processes, and their saves reload the
   * options here.
   */
  constructor(private readonly db: Db, private readonly events?: ChangeEvents) {
    events?.onRemote('options', () => {
      this.load().catch((err) => console.error('reloading options after a change elsewhere failed', err));
    });
  }

  async load(): Promise<void> {
    const rows = await optionsRepository.listAll(this.db);
    const next = new Map<OptionKey, unknown>();
    for (const key of optionKeys) next.set(key, optionRegistry[key].default);
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

  /** Every non-secret option in its stored string form (GET /api/option/). Secrets are left out entirely. */
  listVisible(): OptionEntry[] {
    return optionKeys.filter((key) => !secretOptionKeys.has(key)).map((key) => ({ key, value: encodeOptionValue(key, this.get(key)) }));
  }

  /** The stored string form of one public option (GET /api/notice and friends). */
  text(key: OptionKey): string {
    if (secretOptionKeys.has(key)) throw new Error(`${key} is secret`);
    return encodeOptionValue(key, this.get(key));
  }

  /**
   * An administrator's change (PUT /api/option/): values arrive as strings, booleans, numbers or JSON
   * values and are stored in string form. All entries are checked before anything is written; an empty
   * secret keeps the saved one; enabling a sign-in method needs its credentials.
   */
  async update(entries: readonly { key: string; value: unknown }[]): Promise<void> {
    const parsed = new Map<OptionKey, unknown>();
    for (const { key, value } of entries) {
      if (!isOptionKey(key)) throw new ValidationError(`unknown option key ${key}`);
      const text = toOptionString(key, value);
      if (optionDef(key).secret && text === '') continue;
      parsed.set(key, parseOptionValue(key, text));
    }
    if (parsed.size === 0) return;
    checkEnableRequirements(new Set(parsed.keys()), (k) => (parsed.has(k) ? parsed.get(k) : this.get(k)));
    checkRanges(new Set(parsed.keys()), (k) => (parsed.has(k) ? parsed.get(k) : this.get(k)));
    await this.save(parsed);
  }

  /** Validates and saves several options in one transaction, then applies them (internal callers). */
  async set(entries: Partial<Record<OptionKey, unknown>>): Promise<void> {
    const parsed = new Map<OptionKey, unknown>();
    for (const [key, raw] of Object.entries(entries) as [OptionKey, unknown][]) parsed.set(key, parseOptionValue(key, raw));
    await this.save(parsed);
  }

  /** Puts options back to their registry defaults. */
  async resetToDefaults(keys: readonly OptionKey[]): Promise<void> {
    await this.save(new Map(keys.map((key) => [key, structuredClone(optionRegistry[key].default)] as const)));
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async save(parsed: ReadonlyMap<OptionKey, unknown>): Promise<void> {
    const rows = [...parsed].map(([key, value]) => [key, encodeOptionValue(key, value)] as const);
    await this.db.transaction().execute((trx) => optionsRepository.saveMany(trx, rows));
    for (const [key, value] of parsed) this.values.set(key, value);
    this.notify();
    this.events?.changed('options');
  }

  private notify() {
    for (const l of this.listeners) l();
  }
}
