import type { OptionsService } from './options.service.js';

/**
 * Values computed from the options, remembered per key until the options change (then all are
 * forgotten), at most `limit` at a time. For lookups on the relay's path that walk several option tables.
 */
export class OptionsMemo<V> {
  private readonly byOptions = new WeakMap<OptionsService, Map<string, V>>();

  constructor(private readonly limit: number) {}

  get(options: OptionsService, key: string, compute: () => V): V {
    let values = this.byOptions.get(options);
    if (!values) {
      const fresh = new Map<string, V>();
      options.onChange(() => fresh.clear());
      this.byOptions.set(options, (values = fresh));
    }
    let value = values.get(key);
    if (value === undefined) {
      value = compute();
      if (values.size >= this.limit) values.clear();
      values.set(key, value);
    }
    return value;
  }
}
