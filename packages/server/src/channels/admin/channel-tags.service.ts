import { CHANNEL_GROUP_LIST_MAX, ErrorCode, TAG_NO_CHANGES, type EditTagBody } from '@gw/contracts';
import type { Db } from '../../db/database.js';
import { AppError, ValidationError } from '../../http/errors.js';
import type { ChannelRoutingService } from '../channel-routing.service.js';
import { channelsRepository, type ChannelPatch } from '../channels.repository.js';
import { splitCommaList } from '../comma-list.js';
import { ChannelNotFoundError } from './channel-admin.service.js';

export class TagNotFoundError extends AppError {
  constructor(tag: string) {
    super(ErrorCode.NotFound, `no channel has the tag "${tag}"`);
  }
}

/**
 * Tags group channels in the console (spec 2 §4, §5 "Tag editor"). Every operation covers all channels
 * of the tag in one transaction of the routing service, so abilities and routing follow at once.
 */
export class ChannelTagsService {
  constructor(private readonly deps: { db: Db; routing: ChannelRoutingService }) {}

  /** Sets `tag` on the selected channels; answers how many exist. */
  async tagChannels(ids: readonly number[], tag: string): Promise<number> {
    const count = await this.deps.routing.updateChannels([...new Set(ids)], { tag });
    if (count === 0) throw new ChannelNotFoundError();
    return count;
  }

  /** Enables (status 1) or disables (status 2) every channel of the tag; answers how many. */
  async setTagEnabled(tag: string, enabled: boolean): Promise<number> {
    return this.deps.routing.setChannelsEnabled(await this.idsOf(tag), enabled);
  }

  /**
   * Overwrites the given fields on every channel of the tag; blank or missing fields stay as they are,
   * `new_tag: ''` dissolves the tag. Answers how many channels changed.
   */
  async editTag(body: EditTagBody): Promise<number> {
    const ids = await this.idsOf(body.tag);
    const patch = tagPatchOf(body);
    if (Object.keys(patch).length === 0) throw new ValidationError(TAG_NO_CHANGES);
    return this.deps.routing.updateChannels(ids, patch);
  }

  /** GET /api/channel/tag/models (new-api's): the longest model list among the tag's channels, to prefill the tag editor. */
  async modelsOf(tag: string): Promise<string> {
    const lists = await channelsRepository.modelListsByTag(this.deps.db, tag);
    if (lists.length === 0) throw new TagNotFoundError(tag);
    return lists.reduce((longest, list) => (splitCommaList(list).length > splitCommaList(longest).length ? list : longest), '');
  }

  private async idsOf(tag: string): Promise<number[]> {
    const ids = await channelsRepository.idsByTag(this.deps.db, tag);
    if (ids.length === 0) throw new TagNotFoundError(tag);
    return ids;
  }
}

function tagPatchOf(body: EditTagBody): ChannelPatch {
  const patch: ChannelPatch = {};
  if (typeof body.new_tag === 'string' && body.new_tag !== body.tag) patch.tag = body.new_tag === '' ? null : body.new_tag;
  if (typeof body.priority === 'number') patch.priority = body.priority;
  if (typeof body.weight === 'number') patch.weight = body.weight;
  if (body.model_mapping?.trim()) patch.model_mapping = body.model_mapping;
  const models = splitCommaList(body.models).join(',');
  if (models) patch.models = models;
  const groups = splitCommaList(body.groups).join(',');
  if (groups.length > CHANNEL_GROUP_LIST_MAX) throw new ValidationError(`the group list is longer than ${CHANNEL_GROUP_LIST_MAX} characters`, { field: 'groups' });
  if (groups) patch.group = groups;
  return patch;
}
