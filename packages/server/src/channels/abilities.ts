import type { Db } from '../db/database.js';
import { ValidationError } from '../http/errors.js';
import { abilitiesRepository, type NewAbility } from './abilities.repository.js';
import type { AbilitySource } from './channels.repository.js';
import { ChannelStatus } from './channel-types.js';
import { splitCommaList } from './comma-list.js';

/** Column widths of abilities.group and abilities.model. */
export const MAX_GROUP_NAME_LENGTH = 64;
export const MAX_MODEL_NAME_LENGTH = 191;

/**
 * The (group × model) ability rows of one channel, from its comma lists: trimmed, empties skipped,
 * duplicates dropped. Duplicates are compared ignoring case and accents because the abilities key
 * compares that way on MariaDB (utf8mb4_unicode_ci); the first spelling wins, so every dialect stores the same rows.
 * Enabled follows the channel status; priority, weight (negative clamped to 0) and tag are copies.
 */
export function abilityRowsOf(channel: AbilitySource): NewAbility[] {
  const groups = uniqueIgnoringCase(splitCommaList(channel.group));
  const models = uniqueIgnoringCase(splitCommaList(channel.models));
  const tooLongGroup = groups.find((g) => g.length > MAX_GROUP_NAME_LENGTH);
  if (tooLongGroup) throw new ValidationError(`group name "${tooLongGroup}" is longer than ${MAX_GROUP_NAME_LENGTH} characters`);
  const tooLongModel = models.find((m) => m.length > MAX_MODEL_NAME_LENGTH);
  if (tooLongModel) throw new ValidationError(`model name "${tooLongModel}" is longer than ${MAX_MODEL_NAME_LENGTH} characters`);

  const enabled = channel.status === ChannelStatus.Enabled ? 1 : 0;
  const weight = Math.max(0, channel.weight);
  const tag = channel.tag || null;
  const rows: NewAbility[] = [];
  for (const group of groups) {
    for (const model of models) {
      rows.push({ group, model, channel_id: channel.id, enabled, priority: channel.priority, weight, tag });
    }
  }
  return rows;
}

/** Replaces one channel's abilities with those derived from its current fields; run inside the caller's transaction. */
export async function syncAbilities(trx: Db, channel: AbilitySource): Promise<void> {
  const rows = abilityRowsOf(channel);
  await abilitiesRepository.deleteForChannel(trx, channel.id);
  await abilitiesRepository.insertMany(trx, rows);
}

/** Turns all abilities of one channel on or off (status changes keep the rows, as new-api does). */
export function setAbilitiesEnabled(trx: Db, channelId: number, enabled: boolean): Promise<void> {
  return abilitiesRepository.setEnabledForChannel(trx, channelId, enabled);
}

function uniqueIgnoringCase(items: readonly string[]): string[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const folded = item.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    if (seen.has(folded)) return false;
    seen.add(folded);
    return true;
  });
}
