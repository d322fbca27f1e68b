import type { ChannelKeysSummary, MultiKeyAction } from '@gw/contracts';

export type KeysTagColor = 'blue' | 'warning' | 'error';

/** All keys usable: neutral; some disabled: warning; none left: error (the relay cannot use the channel). */
export function keysTagColor(enabled: number, size: number): KeysTagColor {
  if (enabled <= 0) return 'error';
  return enabled < size ? 'warning' : 'blue';
}

/** The "enabled/size keys" tag of a multi-key channel in the list; null for a channel with one key. */
export function keysTagOf(info: ChannelKeysSummary | undefined): { enabled: number; size: number; color: KeysTagColor } | null {
  if (!info?.is_multi_key) return null;
  const { multi_key_enabled_count: enabled, multi_key_size: size } = info;
  return { enabled, size, color: keysTagColor(enabled, size) };
}

/** The actions of the Manage keys dialog that change keys (get_key_status only reads). */
export type KeyWriteAction = Exclude<MultiKeyAction, 'get_key_status'>;

/** The 1-based number a key is shown with ("#1"); the wire's key_index counts from 0. */
export const keyNumberOf = (keyIndex: number): number => keyIndex + 1;

type KeyNotice = 'enabledOne' | 'disabledOne' | 'deletedOne' | 'enabledAll' | 'disabledAll' | 'deletedDisabledCount' | 'deletedDisabled';

/** The i18n key (channels namespace) and values of the notice after a successful write. */
export function keyActionNotice(action: KeyWriteAction, keyIndex: number | undefined, data: unknown): { key: `multiKey.${KeyNotice}`; values: Record<string, number> } {
  const number = keyNumberOf(keyIndex ?? 0);
  switch (action) {
    case 'enable_key':
      return { key: 'multiKey.enabledOne', values: { number } };
    case 'disable_key':
      return { key: 'multiKey.disabledOne', values: { number } };
    case 'delete_key':
      return { key: 'multiKey.deletedOne', values: { number } };
    case 'enable_all_keys':
      return { key: 'multiKey.enabledAll', values: {} };
    case 'disable_all_keys':
      return { key: 'multiKey.disabledAll', values: {} };
    case 'delete_disabled_keys': {
      const count = deletedCountOf(data);
      return count === null ? { key: 'multiKey.deletedDisabled', values: {} } : { key: 'multiKey.deletedDisabledCount', values: { count } };
    }
  }
}

/** How many keys a delete removed, when its answer says: a bare count, or the key summary with `deleted`. */
function deletedCountOf(data: unknown): number | null {
  if (typeof data === 'number') return data;
  const deleted = data && typeof data === 'object' ? (data as { deleted?: unknown }).deleted : undefined;
  return typeof deleted === 'number' ? deleted : null;
}
