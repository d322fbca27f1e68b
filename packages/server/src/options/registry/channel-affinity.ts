import { ChannelAffinityRules, type ChannelAffinityRule } from '@gw/contracts';
import { bool, int, json } from '../option-def.js';

/** Channel affinity (new-api's channel_affinity_setting.*): requests sharing a key stay on one channel. */
export const channelAffinityOptions = {
  'channel_affinity_setting.enabled': bool(false),
  /** A key served by another channel than the remembered one (after a failure) is moved to it. */
  'channel_affinity_setting.switch_on_success': bool(true),
  /** Bound of each process's in-memory store (least recently used keys go first). */
  'channel_affinity_setting.max_entries': int(100_000, 1, 10_000_000),
  'channel_affinity_setting.default_ttl_seconds': int(3600, 1, 31_536_000),
  'channel_affinity_setting.rules': json<ChannelAffinityRule[]>([], ChannelAffinityRules),
};
