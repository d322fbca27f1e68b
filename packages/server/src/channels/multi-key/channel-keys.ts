import { channelKeys } from '@gw/contracts';

export { channelKeys };

/** The stored key text of a key list: one per line, or a JSON array when any key is JSON (it may span lines). */
export function joinChannelKeys(keys: readonly string[]): string {
  return keys.some((k) => k.trimStart().startsWith('{')) ? `[${keys.join(',')}]` : keys.join('\n');
}
