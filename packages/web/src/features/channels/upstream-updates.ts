import {
  applyModelChanges,
  readUpstreamUpdateSettings,
  UpstreamUpdateKeys,
  type UpstreamDetectResult,
  type UpstreamUpdateSettings,
} from '@gw/contracts';
import { splitList } from './channel-rows';

/**
 * The console side of upstream model updates: what the administrator ticked turned into the apply
 * request, what the channel's model list becomes, and the per-channel switches written into `setting`.
 */

/** What a check offered, as the modal shows it. */
export type UpstreamOffer = Pick<UpstreamDetectResult, 'add_models' | 'remove_models'>;

export interface UpstreamChoice {
  /** Ticked additions. */
  add: string[];
  /** Ticked removals. */
  remove: string[];
  /** Whether the unticked additions go on the channel's ignore list. */
  ignoreUnticked: boolean;
}

/** Starts with every addition ticked and no removal (removing is the change that can break clients). */
export function initialChoice(offer: UpstreamOffer): UpstreamChoice {
  return { add: [...offer.add_models], remove: [], ignoreUnticked: false };
}

/** POST /api/channel/upstream_updates/apply's body for the choice; only offered names are sent. */
export function applyBodyOf(id: number, offer: UpstreamOffer, choice: UpstreamChoice) {
  const add = offer.add_models.filter((m) => choice.add.includes(m));
  const remove = offer.remove_models.filter((m) => choice.remove.includes(m));
  const ignore = choice.ignoreUnticked ? offer.add_models.filter((m) => !add.includes(m)) : [];
  return { id, add_models: add, remove_models: remove, ignore_models: ignore };
}

/** Whether applying the choice would change anything. */
export function choiceChangesSomething(offer: UpstreamOffer, choice: UpstreamChoice): boolean {
  const body = applyBodyOf(0, offer, choice);
  return body.add_models.length + body.remove_models.length + body.ignore_models.length > 0;
}

/** The channel's model list after the choice, and how many it gains and loses. */
export function previewModels(currentModels: string | null | undefined, offer: UpstreamOffer, choice: UpstreamChoice): { models: string[]; added: number; removed: number } {
  const current = splitList(currentModels ?? '');
  const body = applyBodyOf(0, offer, choice);
  const models = applyModelChanges(current, body.add_models, body.remove_models);
  return { models, added: models.filter((m) => !current.includes(m)).length, removed: current.filter((m) => !models.includes(m)).length };
}

/** The channel's `setting` JSON text with the periodic-check switches set; every other key kept. */
export function settingWithSwitches(setting: string | null | undefined, switches: Pick<UpstreamUpdateSettings, 'check_enabled' | 'auto_sync_enabled'>): string {
  let object: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(setting || '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) object = parsed as Record<string, unknown>;
  } catch {
    object = {};
  }
  const next: Record<string, unknown> = { ...object };
  for (const [key, on] of [
    [UpstreamUpdateKeys.checkEnabled, switches.check_enabled],
    [UpstreamUpdateKeys.autoSyncEnabled, switches.auto_sync_enabled],
  ] as const) {
    if (on) next[key] = true;
    else delete next[key];
  }
  return JSON.stringify(next);
}

/** The switches as they are in a channel's `setting`. */
export function switchesOf(setting: string | null | undefined): Pick<UpstreamUpdateSettings, 'check_enabled' | 'auto_sync_enabled'> {
  const { check_enabled, auto_sync_enabled } = readUpstreamUpdateSettings(setting ?? '');
  return { check_enabled, auto_sync_enabled };
}
