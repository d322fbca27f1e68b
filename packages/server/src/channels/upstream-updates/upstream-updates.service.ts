import {
  applyModelChanges,
  ErrorCode,
  normalizeModelNames,
  pendingUpstreamChanges,
  readUpstreamUpdateSettings,
  readUpstreamUpdateState,
  UPSTREAM_DETECT_ALL_RUNNING,
  type UpstreamApplyAllEntry,
  type UpstreamApplyAllResult,
  type UpstreamApplyBody,
  type UpstreamApplyResult,
  type UpstreamCheckFailure,
  type UpstreamDetectAllResult,
  type UpstreamDetectResult,
  type UpstreamUpdateState,
} from '@gw/contracts';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import type { JobLock } from '../../platform/cluster/job-lock.js';
import { nowSeconds } from '../../platform/clock.js';
import { mapLimited } from '../../platform/map-limited.js';
import { ChannelNotFoundError } from '../admin/channel-admin.service.js';
import type { ChannelRoutingService } from '../channel-routing.service.js';
import { channelsRepository, type ChannelPatch, type ChannelRow } from '../channels.repository.js';
import { splitCommaList } from '../comma-list.js';
import { mappingObjectOf, withIgnoredModels, withUpstreamState } from './upstream-state.js';

/** The model-list fetch of the editor's "fetch models" (channels/admin/upstream-models.service). */
export interface ModelLister {
  forChannel(id: number): Promise<string[]>;
  canList(channel: Pick<ChannelRow, 'type' | 'base_url'>): boolean;
}

export interface UpstreamUpdatesDeps {
  db: Db;
  routing: Pick<ChannelRoutingService, 'updateChannelWith'>;
  models: ModelLister;
  /** Keeps "check all" to one run at a time across the site. */
  siteLock: JobLock;
  now?: () => number;
  /** Upstreams asked at once by a check of several channels; default 4. */
  concurrency?: number;
}

/** Summary of one periodic run (new-api's task summary). */
export interface PeriodicCheckSummary {
  checked_channels: number;
  changed_channels: number;
  detected_add_models: number;
  detected_remove_models: number;
  failed_channels: number;
  auto_added_models: number;
}

/** A check of one channel: what it found, or why it failed (already recorded on the channel). */
type CheckOutcome = { ok: true; result: UpstreamDetectResult } | { ok: false; failure: UpstreamCheckFailure };

/** A periodic check skips a channel checked less than this long ago (new-api's minimum interval). */
export const MIN_PERIODIC_RECHECK_SECONDS = 300;
const DEFAULT_CONCURRENCY = 4;
const DETECT_ALL_LOCK_MS = 30 * 60_000;

/**
 * Upstream model updates (new-api's /api/channel/upstream_updates/*): a check asks the channel's upstream
 * for its model list (the editor's fetch, reused) and records what could be added or removed in the
 * channel's other_info; applying changes the channel's models and abilities in one transaction, through
 * the routing service. A failed check is recorded too (time and reason) and never stops the others.
 */
export class UpstreamUpdatesService {
  private readonly now: () => number;

  constructor(private readonly deps: UpstreamUpdatesDeps) {
    this.now = deps.now ?? nowSeconds;
  }

  /** POST detect: checks one channel now; a failure answers success=false with the reason. */
  async detect(id: number): Promise<UpstreamDetectResult> {
    const channel = await channelsRepository.findById(this.deps.db, id);
    if (!channel) throw new ChannelNotFoundError();
    const outcome = await this.check(channel, false);
    if (!outcome.ok) throw new AppError(ErrorCode.BadRequest, outcome.failure.message);
    return outcome.result;
  }

  /** POST detect_all: checks every enabled channel that can list its models, a few at a time; one run at a time site-wide. */
  async detectAll(): Promise<UpstreamDetectAllResult> {
    let answer: UpstreamDetectAllResult | undefined;
    const ran = await this.deps.siteLock.tryRun('channel-upstream-detect-all', DETECT_ALL_LOCK_MS, async () => {
      const channels = (await channelsRepository.listRoutable(this.deps.db)).filter((c) => this.deps.models.canList(c));
      const outcomes = await mapLimited(channels, this.deps.concurrency ?? DEFAULT_CONCURRENCY, (c) => this.check(c, false));
      const results = outcomes.flatMap((o) => (o.ok ? [o.result] : []));
      const failures = outcomes.flatMap((o) => (o.ok ? [] : [o.failure]));
      answer = {
        processed_channels: results.length,
        failed_channel_ids: failures.map((f) => f.channel_id),
        failed_channels: failures,
        detected_add_models: results.reduce((n, r) => n + r.add_models.length, 0),
        detected_remove_models: results.reduce((n, r) => n + r.remove_models.length, 0),
        channel_detected_results: results,
      };
    });
    if (!ran || !answer) throw new AppError(ErrorCode.Conflict, UPSTREAM_DETECT_ALL_RUNNING);
    return answer;
  }

  /**
   * POST apply: adds and removes the chosen models among those the last check offered, and adds the
   * ignored ones to the channel's ignore list; the models, abilities, ignore list and the remaining
   * offers change in one transaction.
   */
  async apply(body: UpstreamApplyBody): Promise<UpstreamApplyResult> {
    if (!(await channelsRepository.findById(this.deps.db, body.id))) throw new ChannelNotFoundError();
    return this.deps.routing.updateChannelWith(body.id, (row) => {
      const state = readUpstreamUpdateState(row.other_info);
      const settings = readUpstreamUpdateSettings(row.setting);
      const add = intersect(body.add_models, state.add_models);
      const ignore = intersect(body.ignore_models, state.add_models).filter((m) => !add.includes(m));
      const remove = intersect(body.remove_models, state.remove_models).filter((m) => !add.includes(m));
      const current = splitCommaList(row.models);
      const next = applyModelChanges(current, add, remove);
      const ignored = normalizeModelNames([...settings.ignored_models, ...ignore]).filter((m) => !add.includes(m));
      const remaining: UpstreamUpdateState = {
        last_check_time: this.now(),
        add_models: state.add_models.filter((m) => !add.includes(m) && !ignore.includes(m)),
        remove_models: state.remove_models.filter((m) => !remove.includes(m)),
        last_error: state.last_error,
      };
      const patch: ChannelPatch = { other_info: withUpstreamState(row.other_info, remaining) };
      const models = next.join(',');
      if (models !== current.join(',')) patch.models = models;
      const ignoredChanged = ignored.join('\n') !== settings.ignored_models.join('\n');
      const setting = ignoredChanged ? withIgnoredModels(row.setting, ignored) : (row.setting ?? '');
      if (ignoredChanged) patch.setting = setting;
      return {
        patch,
        result: {
          id: row.id,
          added_models: add.filter((m) => !current.includes(m)),
          removed_models: remove.filter((m) => current.includes(m)),
          ignored_models: ignore,
          remaining_models: remaining.add_models,
          remaining_remove_models: remaining.remove_models,
          models,
          settings: setting,
        },
      };
    });
  }

  /** POST apply_all: every enabled channel's pending additions and removals; a channel that fails is listed, the rest go on. */
  async applyAll(): Promise<UpstreamApplyAllResult> {
    const channels = await channelsRepository.listRoutable(this.deps.db);
    const results: UpstreamApplyAllEntry[] = [];
    const failed: number[] = [];
    for (const channel of channels) {
      const pending = readUpstreamUpdateState(channel.other_info);
      if (pending.add_models.length === 0 && pending.remove_models.length === 0) continue;
      try {
        const r = await this.apply({ id: channel.id, add_models: pending.add_models, remove_models: pending.remove_models, ignore_models: [] });
        results.push({
          channel_id: channel.id,
          channel_name: channel.name,
          added_models: r.added_models,
          removed_models: r.removed_models,
          remaining_models: r.remaining_models,
          remaining_remove_models: r.remaining_remove_models,
        });
      } catch {
        failed.push(channel.id);
      }
    }
    return {
      processed_channels: results.length,
      added_models: results.reduce((n, r) => n + r.added_models.length, 0),
      removed_models: results.reduce((n, r) => n + r.removed_models.length, 0),
      failed_channel_ids: failed,
      results,
    };
  }

  /**
   * The periodic check (new-api's background task): the enabled channels whose setting turns checks on,
   * skipping those checked in the last few minutes; channels with automatic adding take the new models
   * at once.
   */
  async runPeriodic(): Promise<PeriodicCheckSummary> {
    const now = this.now();
    const due = (await channelsRepository.listRoutable(this.deps.db)).filter(
      (c) => readUpstreamUpdateSettings(c.setting).check_enabled && now - readUpstreamUpdateState(c.other_info).last_check_time >= MIN_PERIODIC_RECHECK_SECONDS,
    );
    const outcomes = await mapLimited(due, this.deps.concurrency ?? DEFAULT_CONCURRENCY, (c) => this.check(c, true));
    const results = outcomes.flatMap((o) => (o.ok ? [o.result] : []));
    return {
      checked_channels: due.length,
      changed_channels: results.filter((r) => r.add_models.length + r.remove_models.length + r.auto_added_models > 0).length,
      detected_add_models: results.reduce((n, r) => n + r.add_models.length + r.auto_added_models, 0),
      detected_remove_models: results.reduce((n, r) => n + r.remove_models.length, 0),
      failed_channels: outcomes.length - results.length,
      auto_added_models: results.reduce((n, r) => n + r.auto_added_models, 0),
    };
  }

  /**
   * Asks the upstream and records the outcome. The offers are worked out from the channel as it is when
   * the result is written (inside the write's transaction), not as it was before the upstream answered.
   */
  private async check(channel: Pick<ChannelRow, 'id' | 'name' | 'setting'>, mayAutoAdd: boolean): Promise<CheckOutcome> {
    let upstream: string[];
    try {
      upstream = await this.deps.models.forChannel(channel.id);
    } catch (err) {
      const message = err instanceof Error && err.message ? err.message : 'fetch model list failed';
      await this.recordFailure(channel.id, message).catch(() => {});
      return { ok: false, failure: { channel_id: channel.id, channel_name: channel.name, message } };
    }
    const autoAdd = mayAutoAdd && readUpstreamUpdateSettings(channel.setting).auto_sync_enabled;
    const decide = (row: ChannelRow) => {
      const local = splitCommaList(row.models);
      const settings = readUpstreamUpdateSettings(row.setting);
      const pending = pendingUpstreamChanges({ local, upstream, ignored: settings.ignored_models, mapping: mappingObjectOf(row.model_mapping) });
      const adding = autoAdd && settings.auto_sync_enabled ? pending.add : [];
      const state: UpstreamUpdateState = { last_check_time: this.now(), add_models: adding.length ? [] : pending.add, remove_models: pending.remove, last_error: '' };
      const patch: ChannelPatch = { other_info: withUpstreamState(row.other_info, state) };
      if (adding.length) patch.models = applyModelChanges(local, adding, []).join(',');
      const result: UpstreamDetectResult = {
        channel_id: row.id,
        channel_name: row.name,
        add_models: state.add_models,
        remove_models: state.remove_models,
        last_check_time: state.last_check_time,
        auto_added_models: adding.length,
      };
      return { patch, result };
    };
    try {
      // Only an automatic addition changes routing; a plain record of the offers stays out of it.
      const result = autoAdd ? await this.deps.routing.updateChannelWith(channel.id, decide) : await this.writeLocked(channel.id, decide);
      return { ok: true, result };
    } catch (err) {
      const message = err instanceof Error && err.message ? err.message : 'saving the check failed';
      return { ok: false, failure: { channel_id: channel.id, channel_name: channel.name, message } };
    }
  }

  /** A failed check keeps the previous offers and records when it ran and why it failed. */
  private async recordFailure(id: number, message: string): Promise<void> {
    await this.writeLocked(id, (row) => {
      const previous = readUpstreamUpdateState(row.other_info);
      const state = { ...previous, last_check_time: this.now(), last_error: message };
      return { patch: { other_info: withUpstreamState(row.other_info, state) }, result: undefined };
    });
  }

  /** Reads the row locked, writes what `decide` answers, in one transaction (for writes that do not touch routing). */
  private writeLocked<T>(id: number, decide: (row: ChannelRow) => { patch: ChannelPatch; result: T }): Promise<T> {
    return this.deps.db.transaction().execute(async (trx) => {
      const row = await channelsRepository.findWithKeyForUpdate(trx, id);
      if (!row) throw new ChannelNotFoundError();
      const { patch, result } = decide(row);
      await channelsRepository.update(trx, id, patch);
      return result;
    });
  }
}

/** The names of `chosen` that are also in `offered`, in `chosen`'s order. */
function intersect(chosen: readonly string[], offered: readonly string[]): string[] {
  const set = new Set(offered);
  return normalizeModelNames(chosen).filter((m) => set.has(m));
}
