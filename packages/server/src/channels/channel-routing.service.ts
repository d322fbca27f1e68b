import type { Db } from '../db/database.js';
import { NotFoundError } from '../http/errors.js';
import type { ChangeEvents } from '../platform/change-events.js';
import { nowSeconds } from '../platform/clock.js';
import { abilitiesRepository } from './abilities.repository.js';
import { setAbilitiesEnabled, syncAbilities } from './abilities.js';
import { ChannelStatus } from './channel-types.js';
import { channelsRepository, type ChannelPatch, type ChannelRow, type ChannelView, type NewChannel } from './channels.repository.js';
import { RoutingTable, type ModelNormalizer } from './routing-table.js';
import { channelKeys, joinChannelKeys } from './multi-key/channel-keys.js';
import { enabledKeyIndices, keysInfoOf, keyStatusOf, setKeyStatus, writeKeysInfo, type KeysInfo } from './multi-key/keys-info.js';
import { MultiKeyStatus } from '@gw/contracts';
import type { AutomaticStatusChange } from './automatic-status-change.js';

export interface ChannelRoutingOptions {
  /** Routes a model with no exact channel under another name (billing's name rules). */
  normalize?: ModelNormalizer;
  /** Unix-seconds clock for created_time and status_time. */
  now?: () => number;
  /** Where failures of background reloads and of listeners go (default: console.error). */
  onError?: (err: unknown, context: string) => void;
  /** Announces writes to the site's other processes and reloads on theirs. */
  events?: ChangeEvents;
}

export type CreateChannelInput = Omit<NewChannel, 'created_time'> & { created_time?: number };
export type RoutingListener = (table: RoutingTable) => void;

type StatusChange = 'changed' | 'unchanged' | 'missing';

/** Upstream error texts can be whole HTML pages; the stored reason keeps the start. */
export const MAX_STATUS_REASON_LENGTH = 500;

/**
 * Owns every channel write that changes routing, and the in-memory routing table those writes feed.
 * Each write updates the channel and its abilities in one transaction, then reloads the table and tells
 * the listeners (model lists, pricing caches). The admin API and the relay's health logic call this;
 * they never write channels' status, models, groups, priority or weight themselves.
 */
export class ChannelRoutingService {
  private snapshot: RoutingTable;
  private reloadsStarted = 0;
  private reloadApplied = 0;
  private readonly listeners = new Set<RoutingListener>();
  private readonly statusListeners = new Set<(change: AutomaticStatusChange) => void>();
  private timer: NodeJS.Timeout | undefined;
  private readonly now: () => number;
  private readonly onError: (err: unknown, context: string) => void;

  constructor(
    private readonly db: Db,
    private readonly options: ChannelRoutingOptions = {},
  ) {
    this.snapshot = RoutingTable.empty({ normalize: options.normalize });
    this.now = options.now ?? nowSeconds;
    this.onError = options.onError ?? ((err, context) => console.error(`channel routing: ${context}`, err));
    options.events?.onRemote('channels', () => {
      this.reload().catch((err) => this.onError(err, 'reload after a change elsewhere failed'));
    });
  }

  /** After a write: the table reloaded here, the other processes told to reload theirs. */
  private async afterWrite(): Promise<void> {
    await this.reload();
    this.options.events?.changed('channels');
  }

  /** The current snapshot; cheap, never touches the database. */
  get table(): RoutingTable {
    return this.snapshot;
  }

  /**
   * Rebuilds the snapshot from the enabled channels. Overlapping reloads are safe: a reload that
   * started earlier never replaces the result of one that started later.
   */
  async reload(): Promise<RoutingTable> {
    const ticket = ++this.reloadsStarted;
    const channels = await channelsRepository.listRoutable(this.db);
    if (ticket > this.reloadApplied) {
      this.reloadApplied = ticket;
      this.snapshot = RoutingTable.build(channels, { normalize: this.options.normalize });
      for (const listener of this.listeners) {
        try {
          listener(this.snapshot);
        } catch (err) {
          this.onError(err, 'routing listener failed');
        }
      }
    }
    return this.snapshot;
  }

  /** Called with the new table after every reload; returns an unsubscribe function. */
  onRoutingChanged(listener: RoutingListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Reloads every `intervalMs` so edits made by other nodes show up here (the timer does not hold the process open). */
  startPeriodicReload(intervalMs: number): void {
    this.stopPeriodicReload();
    this.timer = setInterval(() => {
      this.reload().catch((err) => this.onError(err, 'periodic reload failed'));
    }, intervalMs);
    this.timer.unref();
  }

  stopPeriodicReload(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Inserts a channel and its abilities; returns the new id. */
  async createChannel(input: CreateChannelInput): Promise<number> {
    const [id] = await this.createChannels([input]);
    return id;
  }

  /** Inserts several channels and their abilities in one transaction (all or none); returns the new ids in order. */
  async createChannels(inputs: readonly CreateChannelInput[]): Promise<number[]> {
    if (inputs.length === 0) return [];
    const ids = await this.db.transaction().execute(async (trx) => {
      const created: number[] = [];
      for (const input of inputs) {
        const newId = await channelsRepository.insert(trx, { ...input, created_time: input.created_time ?? this.now() });
        await syncAbilities(trx, await this.requireChannel(trx, newId));
        created.push(newId);
      }
      return created;
    });
    await this.afterWrite();
    return ids;
  }

  /**
   * Applies one patch to several channels (a tag edit) and rebuilds each one's abilities, all in one
   * transaction; ids that do not exist are skipped. Returns how many channels were changed.
   */
  async updateChannels(ids: readonly number[], patch: ChannelPatch): Promise<number> {
    if (ids.length === 0) return 0;
    const count = await this.db.transaction().execute(async (trx) => {
      let changed = 0;
      for (const id of ids) {
        if (!(await channelsRepository.findById(trx, id))) continue;
        await channelsRepository.update(trx, id, patch);
        await syncAbilities(trx, await this.requireChannel(trx, id));
        changed += 1;
      }
      return changed;
    });
    await this.afterWrite();
    return count;
  }

  /** Applies a patch and rebuilds the channel's abilities from the result; returns the channel without its key. */
  async updateChannel(id: number, patch: ChannelPatch): Promise<ChannelView> {
    const updated = await this.db.transaction().execute(async (trx) => {
      await this.requireChannel(trx, id);
      await channelsRepository.update(trx, id, patch);
      const channel = await this.requireChannel(trx, id);
      await syncAbilities(trx, channel);
      return channel;
    });
    await this.afterWrite();
    return updated;
  }

  /**
   * A change worked out from the channel as it is now: reads the row (locked until the transaction ends),
   * lets `change` compute a patch, applies it and rebuilds the abilities, all in one transaction, so a
   * concurrent write cannot slip in between the read and the write. Routing reloads only when a patch
   * was applied. Answers what `change` answered; a missing channel is a NotFoundError.
   */
  async updateChannelWith<T>(id: number, change: (channel: ChannelRow) => { patch?: ChannelPatch; result: T }): Promise<T> {
    const { patch, result } = await this.db.transaction().execute(async (trx) => {
      const row = await channelsRepository.findWithKeyForUpdate(trx, id);
      if (!row) throw new NotFoundError('channel');
      const outcome = change(row);
      if (outcome.patch && Object.keys(outcome.patch).length > 0) {
        await channelsRepository.update(trx, id, outcome.patch);
        await syncAbilities(trx, await this.requireChannel(trx, id));
      }
      return outcome;
    });
    if (patch && Object.keys(patch).length > 0) await this.afterWrite();
    return result;
  }

  /** Deletes channels and their abilities; returns how many channels went. */
  async deleteChannels(ids: readonly number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const count = await this.db.transaction().execute(async (trx) => {
      await abilitiesRepository.deleteForChannels(trx, ids);
      return channelsRepository.deleteByIds(trx, ids);
    });
    await this.afterWrite();
    return count;
  }

  /** Status 1: back in routing (whatever disabled it), the disable reason cleared. */
  async enableChannel(id: number): Promise<void> {
    if ((await this.changeStatus(id, ChannelStatus.Enabled, null)) === 'missing') throw new NotFoundError('channel');
  }

  /** Status 2: disabled by an administrator; tests and automatic enabling never touch it. */
  async disableChannel(id: number): Promise<void> {
    if ((await this.changeStatus(id, ChannelStatus.ManuallyDisabled, null)) === 'missing') throw new NotFoundError('channel');
  }

  /**
   * Sets status 1 (enabled, reason cleared) or 2 (disabled by an administrator) on several channels
   * (a tag's enable-all / disable-all) in one transaction; missing ids are skipped. Returns how many exist.
   */
  async setChannelsEnabled(ids: readonly number[], enabled: boolean): Promise<number> {
    return (await this.applyManualStatus(ids, enabled)).found;
  }

  /** Like setChannelsEnabled (new-api's status calls), answering how many channels changed status. */
  async changeChannelsEnabled(ids: readonly number[], enabled: boolean): Promise<number> {
    return (await this.applyManualStatus(ids, enabled)).changed;
  }

  private async applyManualStatus(ids: readonly number[], enabled: boolean): Promise<{ found: number; changed: number }> {
    if (ids.length === 0) return { found: 0, changed: 0 };
    const status = enabled ? ChannelStatus.Enabled : ChannelStatus.ManuallyDisabled;
    const counts = await this.db.transaction().execute(async (trx) => {
      let found = 0;
      let changed = 0;
      for (const id of ids) {
        const channel = await channelsRepository.findById(trx, id);
        if (!channel) continue;
        found += 1;
        if (channel.status !== status) changed += 1;
        await channelsRepository.setStatus(trx, id, status, withStatusReason(channel.other_info, null));
        await setAbilitiesEnabled(trx, id, enabled);
      }
      return { found, changed };
    });
    await this.afterWrite();
    return counts;
  }

  /**
   * Status 3 with `{status_reason, status_time}` merged into other_info, abilities disabled, routing
   * reloaded. Only an enabled channel whose auto_ban is on is affected, so a channel an administrator
   * disabled stays status 2 (and out of reach of automatic re-enabling). The reason is cut to
   * MAX_STATUS_REASON_LENGTH characters. Whether automatic disabling is
   * switched on at all (AutomaticDisableChannelEnabled) is the caller's check. Returns whether the
   * channel was disabled by this call.
   */
  async disableChannelAutomatically(id: number, reason: string): Promise<boolean> {
    const cut = reason.slice(0, MAX_STATUS_REASON_LENGTH);
    const result = await this.changeStatus(id, ChannelStatus.AutoDisabled, { status_reason: cut, status_time: this.now() }, {
      fromStatuses: [ChannelStatus.Enabled],
      requireAutoBan: true,
    });
    return this.reported(result, { channelId: id, change: 'disabled', reason: cut });
  }

  /**
   * Disables one key of a multi-key channel (status 3 with the reason and time) when it is enabled and the
   * channel's auto_ban is on; the channel itself goes to status 3 with its last enabled key. Returns
   * whether the key was disabled by this call.
   */
  async disableKeyAutomatically(id: number, keyIndex: number, reason: string): Promise<boolean> {
    const cut = reason.slice(0, MAX_STATUS_REASON_LENGTH);
    const result = await this.editKeys(
      id,
      ({ keys, info }) => {
        if (keyIndex >= keys.length || keyStatusOf(info, keyIndex) !== MultiKeyStatus.Enabled) return null;
        setKeyStatus(info, keyIndex, MultiKeyStatus.AutoDisabled, cut, this.now());
        return { keys, info };
      },
      { whenNoKeyLeft: ChannelStatus.AutoDisabled, reason: `every key is disabled; the last: ${cut}`, requireAutoBan: true },
    );
    return this.reported(result, { channelId: id, change: 'key_disabled', keyIndex, reason: cut });
  }

  /**
   * Changes the keys of a channel, or their statuses, under the channel's row lock: `edit` gets the key list
   * and its info and answers the new ones (null: nothing to change). A channel left without an enabled key
   * gets `whenNoKeyLeft` with `reason`; one that was disabled automatically gets status 1 back once a key
   * is enabled again.
   */
  async editKeys(
    id: number,
    edit: (state: { keys: string[]; info: KeysInfo }) => { keys: string[]; info: KeysInfo } | null,
    rules: { whenNoKeyLeft: number; reason: string; requireAutoBan?: boolean },
  ): Promise<StatusChange> {
    const result = await this.db.transaction().execute(async (trx): Promise<StatusChange> => {
      const channel = await channelsRepository.findWithKeyForUpdate(trx, id);
      if (!channel) return 'missing';
      if (rules.requireAutoBan && (channel.auto_ban !== 1 || channel.status !== ChannelStatus.Enabled)) return 'unchanged';
      const keys = channelKeys(channel.key ?? '');
      const info = keysInfoOf(keys.length, channel.channel_info);
      const next = edit({ keys, info });
      if (!next) return 'unchanged';
      const patch: ChannelPatch = { channel_info: writeKeysInfo(next.info) };
      if (next.keys.length !== keys.length) patch.key = joinChannelKeys(next.keys);
      await channelsRepository.update(trx, id, patch);
      const anyEnabled = enabledKeyIndices(next.info).length > 0;
      if (!anyEnabled && channel.status === ChannelStatus.Enabled) {
        await channelsRepository.setStatus(trx, id, rules.whenNoKeyLeft, withStatusReason(channel.other_info, { status_reason: rules.reason, status_time: this.now() }));
        await setAbilitiesEnabled(trx, id, false);
      } else if (anyEnabled && channel.status === ChannelStatus.AutoDisabled) {
        await channelsRepository.setStatus(trx, id, ChannelStatus.Enabled, withStatusReason(channel.other_info, null));
        await setAbilitiesEnabled(trx, id, true);
      }
      return 'changed';
    });
    if (result === 'changed') await this.afterWrite();
    return result;
  }

  /** Re-enables a channel only if it is still status 3 (a successful test with AutomaticEnableChannelEnabled). */
  /**
   * Enables again one key that was disabled automatically (a test passed with it); a channel that was
   * disabled automatically for want of keys comes back with it.
   */
  async reenableAutoDisabledKey(id: number, keyIndex: number): Promise<boolean> {
    const result = await this.editKeys(
      id,
      ({ keys, info }) => {
        if (keyIndex >= keys.length || keyStatusOf(info, keyIndex) !== MultiKeyStatus.AutoDisabled) return null;
        setKeyStatus(info, keyIndex, MultiKeyStatus.Enabled);
        return { keys, info };
      },
      { whenNoKeyLeft: ChannelStatus.AutoDisabled, reason: '' },
    );
    return this.reported(result, { channelId: id, change: 'key_enabled', keyIndex });
  }

  async reenableAutoDisabledChannel(id: number): Promise<boolean> {
    const result = await this.changeStatus(id, ChannelStatus.Enabled, null, { fromStatuses: [ChannelStatus.AutoDisabled] });
    return this.reported(result, { channelId: id, change: 'enabled' });
  }

  /** Hears every automatic disabling or re-enabling of a channel or key, once written (root's notices). */
  onAutomaticStatusChange(listener: (change: AutomaticStatusChange) => void): void {
    this.statusListeners.add(listener);
  }

  /** Whether an automatic status write changed something; a change is told to the listeners. */
  private reported(result: StatusChange, change: AutomaticStatusChange): boolean {
    if (result !== 'changed') return false;
    for (const listener of this.statusListeners) {
      try {
        listener(change);
      } catch (err) {
        this.onError(err, 'a status change listener failed');
      }
    }
    return true;
  }

  /**
   * Rebuilds the whole abilities table from the channels (POST /api/channel/fix): abilities of deleted
   * channels are removed, each channel is rebuilt in its own transaction, and one bad channel does not
   * stop the rest.
   */
  async rebuildAllAbilities(): Promise<{ success: number; fails: number }> {
    const channels = await channelsRepository.listAbilitySources(this.db);
    await abilitiesRepository.deleteOrphans(this.db);
    let success = 0;
    let fails = 0;
    for (const channel of channels) {
      try {
        await this.db.transaction().execute((trx) => syncAbilities(trx, channel));
        success += 1;
      } catch (err) {
        fails += 1;
        this.onError(err, `rebuilding abilities of channel ${channel.id} failed`);
      }
    }
    await this.afterWrite();
    return { success, fails };
  }

  private async requireChannel(db: Db, id: number): Promise<ChannelView> {
    const channel = await channelsRepository.findById(db, id);
    if (!channel) throw new NotFoundError('channel');
    return channel;
  }

  private async changeStatus(
    id: number,
    status: number,
    reason: { status_reason: string; status_time: number } | null,
    guard: { fromStatuses?: number[]; requireAutoBan?: boolean } = {},
  ): Promise<StatusChange> {
    const result = await this.db.transaction().execute(async (trx): Promise<StatusChange> => {
      const channel = await channelsRepository.findById(trx, id);
      if (!channel) return 'missing';
      if (guard.fromStatuses && !guard.fromStatuses.includes(channel.status)) return 'unchanged';
      if (guard.requireAutoBan && channel.auto_ban !== 1) return 'unchanged';
      const otherInfo = withStatusReason(channel.other_info, reason);
      const changed = await channelsRepository.setStatus(trx, id, status, otherInfo, guard.fromStatuses);
      if (!changed) return 'unchanged';
      await setAbilitiesEnabled(trx, id, status === ChannelStatus.Enabled);
      return 'changed';
    });
    if (result === 'changed') await this.afterWrite();
    return result;
  }
}

/**
 * other_info with the status reason set (or removed when `reason` is null), every other key kept. A
 * value that is not a JSON object is replaced: it cannot carry the reason and nothing reads it.
 */
export function withStatusReason(
  otherInfo: string | null,
  reason: { status_reason: string; status_time: number } | null,
): string | null {
  let info: Record<string, unknown> = {};
  if (otherInfo) {
    try {
      const parsed: unknown = JSON.parse(otherInfo);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) info = parsed as Record<string, unknown>;
    } catch {}
  }
  delete info.status_reason;
  delete info.status_time;
  if (reason) Object.assign(info, reason);
  return Object.keys(info).length > 0 ? JSON.stringify(info) : null;
}
