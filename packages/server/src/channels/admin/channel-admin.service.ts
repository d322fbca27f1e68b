import {
  LogType,
  CHANNEL_COPY_FAILED,
  CHANNEL_NOT_FOUND,
  ErrorCode,
  type ChannelCreated,
  type ChannelListQuery,
  type ChannelModelInfo,
  type ChannelPage,
  type ChannelSearchQuery,
  type ChannelTypeInfo,
  type ChannelTypeModels,
  type ChannelView,
  type CopyChannelQuery,
  type CreateChannelBody,
  type PageParams,
  type UpdateChannelBody,
} from '@gw/contracts';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { logsRepository } from '../../logs/logs.repository.js';
import type { ChannelRoutingService } from '../channel-routing.service.js';
import { ChannelStatus, channelTypeLabel } from '../channel-types.js';
import { channelsRepository, type ChannelFilters, type ChannelOrder, type PageWindow } from '../channels.repository.js';
import { splitCommaList } from '../comma-list.js';
import { channelPatchOf, channelsToCreate } from './channel-input.js';
import { channelTypeInfos, type DefaultBaseUrlLookup } from './channel-type-info.js';
import { toChannelView } from './channel-view.js';

export interface ChannelAdminDeps {
  db: Db;
  routing: ChannelRoutingService;
  /** Channel type → its adapter's default base URL (the relay's provider registry). */
  adapters: DefaultBaseUrlLookup;
  /** Channel type → model names known for it (pricing's model catalogue). */
  knownModelsByType: () => ChannelTypeModels;
}

const NAME_MAX = 128;

/** The "channel not found, refresh" answer of spec 2 §8. */
export class ChannelNotFoundError extends AppError {
  constructor() {
    super(ErrorCode.NotFound, CHANNEL_NOT_FOUND);
  }
}

/**
 * Channel management for the top administrator (spec 2 §7 "Channels"). Reads go to the repository and
 * never carry the key (only `revealKey` does); every write goes through ChannelRoutingService so the
 * abilities are rebuilt in the same transaction and routing reloads at once.
 */
export class ChannelAdminService {
  constructor(private readonly deps: ChannelAdminDeps) {}

  list(query: ChannelListQuery, page: PageParams): Promise<ChannelPage> {
    return this.page(filtersOf(query), query, page);
  }

  /** `keyword` matches the id exactly or part of the name, tag or base URL; group and model one whole list entry. */
  search(query: ChannelSearchQuery, page: PageParams): Promise<ChannelPage> {
    return this.page({ ...filtersOf(query), keyword: query.keyword, group: query.group, model: query.model }, query, page);
  }

  async get(id: number): Promise<ChannelView> {
    const channel = await channelsRepository.findById(this.deps.db, id);
    if (!channel) throw new ChannelNotFoundError();
    return toChannelView(channel);
  }

  /** The editor's on-demand reveal of one channel's key. */
  /** The channel's key, for root; each reveal is written to root's system log (which channel, never the key). */
  async revealKey(id: number, actor: { id: number; username: string }): Promise<{ key: string }> {
    const channel = await channelsRepository.findWithKey(this.deps.db, id);
    if (!channel) throw new ChannelNotFoundError();
    await logsRepository.insert(this.deps.db, { user_id: actor.id, username: actor.username, type: LogType.System, channel_id: channel.id, channel_name: channel.name, content: `revealed the key of channel #${channel.id} (${channel.name})` });
    return { key: channel.key ?? '' };
  }

  types(): ChannelTypeInfo[] {
    return channelTypeInfos(this.deps.adapters);
  }

  /** One channel, or in batch mode one per key line, all in one transaction. */
  async create(body: CreateChannelBody): Promise<ChannelCreated> {
    const inputs = channelsToCreate(body, this.deps.adapters);
    return { ids: await this.deps.routing.createChannels(inputs) };
  }

  /** Changes the given fields; status 1 and 2 go through enable and disable, so the disable reason is handled there. */
  async update(body: UpdateChannelBody): Promise<ChannelView> {
    const current = await channelsRepository.findById(this.deps.db, body.id);
    if (!current) throw new ChannelNotFoundError();
    const patch = channelPatchOf(body, current, this.deps.adapters);
    if (body.status === ChannelStatus.AutoDisabled) patch.status = body.status;
    const { routing } = this.deps;
    if (Object.keys(patch).length > 0) await routing.updateChannel(body.id, patch);
    if (body.status === ChannelStatus.Enabled) await routing.enableChannel(body.id);
    if (body.status === ChannelStatus.ManuallyDisabled) await routing.disableChannel(body.id);
    return this.get(body.id);
  }

  async delete(id: number): Promise<void> {
    if ((await this.deps.routing.deleteChannels([id])) === 0) throw new ChannelNotFoundError();
  }

  /**
   * Enables (1) or disables by hand (2) one channel (POST /api/channel/:id/status); answers whether its
   * status changed. An automatically disabled channel set to 2 stays out of automatic re-enabling.
   */
  async setStatus(id: number, status: 1 | 2): Promise<boolean> {
    if (!(await channelsRepository.findById(this.deps.db, id))) throw new ChannelNotFoundError();
    return (await this.deps.routing.changeChannelsEnabled([id], status === ChannelStatus.Enabled)) > 0;
  }

  /** The same for several channels (POST /api/channel/status/batch); unknown ids are skipped. Answers how many changed. */
  setStatuses(ids: readonly number[], status: 1 | 2): Promise<number> {
    return this.deps.routing.changeChannelsEnabled([...new Set(ids)], status === ChannelStatus.Enabled);
  }

  /** Deletes the selected channels; answers how many went. */
  deleteMany(ids: readonly number[]): Promise<number> {
    return this.deps.routing.deleteChannels([...new Set(ids)]);
  }

  /** Deletes every channel disabled by hand or automatically; answers how many went. */
  async deleteDisabled(): Promise<number> {
    const ids = await channelsRepository.idsByStatus(this.deps.db, [ChannelStatus.ManuallyDisabled, ChannelStatus.AutoDisabled]);
    return this.deps.routing.deleteChannels(ids);
  }

  /** Rebuilds the abilities of every channel (POST /api/channel/fix). */
  fixAbilities(): Promise<{ success: number; fails: number }> {
    return this.deps.routing.rebuildAllAbilities();
  }

  /**
   * A new channel with the same settings and key (copied here, never sent to the browser), the name
   * suffixed, status kept, used quota and test results cleared, and the balance too unless asked not to.
   */
  async copy(id: number, query: CopyChannelQuery): Promise<{ id: number }> {
    try {
      const source = await channelsRepository.findWithKey(this.deps.db, id);
      if (!source) throw new ChannelNotFoundError();
      const { id: _id, created_time: _created, ...fields } = source;
      const name = source.name.slice(0, Math.max(0, NAME_MAX - query.suffix.length)) + query.suffix;
      const balance = query.reset_balance ? { balance: 0, balance_updated_time: 0 } : {};
      const newId = await this.deps.routing.createChannel({ ...fields, name, used_quota: 0, test_time: 0, response_time: 0, ...balance });
      return { id: newId };
    } catch (err) {
      if (err instanceof AppError) throw new AppError(err.code, `${CHANNEL_COPY_FAILED}: ${err.message}`, err.status);
      throw err;
    }
  }

  /** Distinct models of the enabled channels, sorted. */
  async enabledModels(): Promise<string[]> {
    const models = new Set<string>();
    for (const list of await channelsRepository.enabledModelLists(this.deps.db)) for (const model of splitCommaList(list)) models.add(model);
    return [...models].sort();
  }

  /** Every model some channel type is known to offer, owned by the first (lowest-numbered) type offering it. */
  knownModels(): ChannelModelInfo[] {
    const byType = this.deps.knownModelsByType();
    const owners = new Map<string, string>();
    for (const type of Object.keys(byType).map(Number).sort((a, b) => a - b)) {
      for (const model of byType[String(type)]) if (!owners.has(model)) owners.set(model, channelTypeLabel(type));
    }
    return [...owners].map(([id, owned_by]) => ({ id, owned_by })).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  /** A page of single channels, or in tag mode of entries (a whole tag or one untagged channel), with the type counts. */
  private async page(filters: ChannelFilters, query: ChannelListQuery, page: PageParams): Promise<ChannelPage> {
    const order: ChannelOrder = query.id_sort ? 'id' : 'priority';
    const window = { offset: (page.page - 1) * page.pageSize, limit: page.pageSize };
    const [{ items, total }, typeCounts] = await Promise.all([
      query.tag_mode ? this.tagModePage(filters, order, window) : this.plainPage(filters, order, window),
      channelsRepository.countByType(this.deps.db),
    ]);
    return { items, total, page: page.page, page_size: page.pageSize, type_counts: typeCounts };
  }

  private async plainPage(filters: ChannelFilters, order: ChannelOrder, window: PageWindow): Promise<{ items: ChannelView[]; total: number }> {
    const { rows, total } = await channelsRepository.listPage(this.deps.db, filters, order, window);
    return { items: rows.map(toChannelView), total };
  }

  /** Every channel of each tag on the page follows the tag's place, so the console can group them. */
  private async tagModePage(filters: ChannelFilters, order: ChannelOrder, window: PageWindow): Promise<{ items: ChannelView[]; total: number }> {
    const { db } = this.deps;
    const { entries, total } = await channelsRepository.listTagModeEntries(db, filters, order, window);
    const tags = entries.flatMap((e) => (e.tag !== null ? [e.tag] : []));
    const ids = entries.flatMap((e) => (e.id !== null ? [e.id] : []));
    const rows = await channelsRepository.listByIdsOrTags(db, ids, tags, filters, order);
    const items = entries.flatMap((e) => rows.filter((r) => (e.tag !== null ? r.tag === e.tag : r.id === e.id)).map(toChannelView));
    return { items, total };
  }
}

function filtersOf(query: ChannelListQuery): ChannelFilters {
  const statuses =
    query.status === 'enabled' ? [ChannelStatus.Enabled] : query.status === 'disabled' ? [ChannelStatus.ManuallyDisabled, ChannelStatus.AutoDisabled] : undefined;
  return { statuses, type: query.type };
}
