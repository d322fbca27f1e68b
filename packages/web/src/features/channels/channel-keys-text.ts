import { channelKeys } from '@gw/contracts';

/**
 * How many keys the editor's key text holds, counted as the server splits a channel's keys: a JSON object
 * is one credential (a service account spans lines), a JSON array holds one key per element, anything
 * else one key per non-empty line.
 */
export function countChannelKeys(text: string | null | undefined): number {
  return channelKeys(text ?? '').length;
}

interface KeySelectionInput {
  keyText: string | null | undefined;
  /** Batch create: every key makes its own channel, so there is nothing to choose between. */
  batch: boolean;
  /** The edited channel already holds several keys (false on create). */
  storedMultiKey: boolean;
}

/**
 * Whether the editor offers the key selection (random / in turn): the key field holds several keys, or it
 * is left blank on a channel that keeps several.
 */
export function showsKeySelection({ keyText, batch, storedMultiKey }: KeySelectionInput): boolean {
  if (batch) return false;
  const count = countChannelKeys(keyText);
  return count > 1 || (count === 0 && storedMultiKey);
}
