import { MultiKeyStatus, type ChannelKeysSummary, type MultiKeyManageBody, type MultiKeyStatusItem, type MultiKeyStatusPage } from '@gw/contracts';
import type { Db } from '../../db/database.js';
import { NotFoundError, ValidationError } from '../../http/errors.js';
import { ChannelStatus } from '../channel-types.js';
import type { ChannelRoutingService } from '../channel-routing.service.js';
import { channelsRepository } from '../channels.repository.js';
import { channelKeys } from './channel-keys.js';
import { enabledKeyIndices, keyStatusOf, keysInfoOf, keysSummaryOf, setKeyStatus, withoutKeys, type KeysInfo } from './keys-info.js';

const PREVIEW_LENGTH = 10;
const NOT_MULTI_KEY = 'this channel holds a single key; key management is for channels holding several';

/** What a write answers: the keys' summary, and for the deletions how many went. */
export type MultiKeyWriteResult = ChannelKeysSummary & { deleted?: number };

/**
 * new-api's key management of a channel holding several keys (POST /api/channel/multi_key/manage): list
 * the keys' statuses (a preview of each, never a whole key), enable, disable or delete one or all.
 * Writes go through the routing service under the channel's row lock; a channel left without an enabled
 * key is disabled, and one disabled for that reason is enabled again with its first enabled key.
 */
export class MultiKeyService {
  constructor(
    private readonly db: Db,
    private readonly routing: ChannelRoutingService,
    private readonly now: () => number,
  ) {}

  async manage(body: MultiKeyManageBody): Promise<MultiKeyStatusPage | MultiKeyWriteResult> {
    const { keys, info } = await this.read(body.channel_id);
    if (keys.length < 2) throw new ValidationError(NOT_MULTI_KEY);
    if (body.action === 'get_key_status') return statusPage(keys, info, body);
    const index = (): number => {
      if (body.key_index === undefined) throw new ValidationError('key_index is required for this action', { field: 'key_index' });
      if (body.key_index >= keys.length) throw new ValidationError(`key_index must be below ${keys.length}`, { field: 'key_index' });
      return body.key_index;
    };
    const manual = { whenNoKeyLeft: ChannelStatus.ManuallyDisabled, reason: 'every key was disabled by an administrator' };
    let deleted: number | undefined;
    switch (body.action) {
      case 'enable_key':
      case 'disable_key': {
        const i = index();
        const status = body.action === 'enable_key' ? MultiKeyStatus.Enabled : MultiKeyStatus.ManuallyDisabled;
        await this.routing.editKeys(body.channel_id, (s) => (setKeyStatus(s.info, i, status, '', this.now()), s), manual);
        break;
      }
      case 'enable_all_keys':
      case 'disable_all_keys': {
        const status = body.action === 'enable_all_keys' ? MultiKeyStatus.Enabled : MultiKeyStatus.ManuallyDisabled;
        await this.routing.editKeys(body.channel_id, (s) => {
          for (let i = 0; i < s.keys.length; i++) setKeyStatus(s.info, i, status, '', this.now());
          return s;
        }, manual);
        break;
      }
      case 'delete_key': {
        const i = index();
        await this.routing.editKeys(body.channel_id, (s) => {
          if (s.keys.length < 2) throw new ValidationError('the last key cannot be deleted; delete the channel instead');
          deleted = 1;
          return { keys: s.keys.filter((_, k) => k !== i), info: withoutKeys(s.info, new Set([i])) };
        }, manual);
        break;
      }
      case 'delete_disabled_keys': {
        await this.routing.editKeys(body.channel_id, (s) => {
          const gone = new Set(s.keys.map((_, k) => k).filter((k) => keyStatusOf(s.info, k) !== MultiKeyStatus.Enabled));
          deleted = gone.size;
          if (gone.size === 0) return null;
          if (gone.size === s.keys.length) throw new ValidationError('every key is disabled: deleting them would leave the channel without a key; delete the channel instead');
          return { keys: s.keys.filter((_, k) => !gone.has(k)), info: withoutKeys(s.info, gone) };
        }, manual);
        break;
      }
    }
    const channel = await channelsRepository.findById(this.db, body.channel_id);
    return { ...keysSummaryOf(channel?.channel_info), ...(deleted !== undefined ? { deleted } : {}) };
  }

  private async read(channelId: number): Promise<{ keys: string[]; info: KeysInfo }> {
    const channel = await channelsRepository.findWithKey(this.db, channelId);
    if (!channel) throw new NotFoundError('channel');
    const keys = channelKeys(channel.key ?? '');
    return { keys, info: keysInfoOf(keys.length, channel.channel_info) };
  }
}

function statusPage(keys: string[], info: KeysInfo, body: MultiKeyManageBody): MultiKeyStatusPage {
  const all: MultiKeyStatusItem[] = keys.map((key, index) => {
    const status = keyStatusOf(info, index);
    const item: MultiKeyStatusItem = { index, status, key_preview: key.slice(0, PREVIEW_LENGTH) };
    if (status !== MultiKeyStatus.Enabled) {
      item.disabled_time = info.multi_key_disabled_time[String(index)] ?? 0;
      const reason = info.multi_key_disabled_reason[String(index)];
      if (reason) item.reason = reason;
    }
    return item;
  });
  const shown = body.status === undefined ? all : all.filter((k) => k.status === body.status);
  const start = (body.page - 1) * body.page_size;
  return {
    keys: shown.slice(start, start + body.page_size),
    total: shown.length,
    page: body.page,
    page_size: body.page_size,
    total_pages: Math.max(1, Math.ceil(shown.length / body.page_size)),
    enabled_count: enabledKeyIndices(info).length,
    manual_disabled_count: all.filter((k) => k.status === MultiKeyStatus.ManuallyDisabled).length,
    auto_disabled_count: all.filter((k) => k.status === MultiKeyStatus.AutoDisabled).length,
  };
}
