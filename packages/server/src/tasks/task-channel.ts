import type { RoutableChannel } from '../channels/routing-table.js';
import { selectChannel } from '../channels/select-channel.js';
import { channelKeys } from '../relay/pipeline/attempt-channel.js';
import { channelProxyOf } from '../channels/channel-setting.js';
import { sha256Hex } from '../platform/crypto.js';
import { RelayError, forbidden } from '../relay/relay-error.js';
import type { ApiKeyPrincipal } from '../relay/pipeline/authenticate-api-key.js';
import type { TaskDeps } from './task-deps.js';

/** Where to send a task: the channel's base address (no trailing slash) and one of its keys. */
export interface TaskEndpoint {
  channel: RoutableChannel;
  baseUrl: string;
  key: string;
  /** The key's fingerprint, stored with the task (keyHintOf). */
  keyHint: string;
  /** The channel's proxy (`setting.proxy`): every call for the task goes through it. */
  proxy: string | undefined;
}

/** A short fingerprint of a channel key: tells a channel's keys apart without storing any of them. */
export function keyHintOf(key: string): string {
  return key ? sha256Hex(key).slice(0, 16) : '';
}

/**
 * The channel's address and a key: the key with fingerprint `keyHint` (the one that submitted a task:
 * the upstream account holding the task is the only one that knows it), else one at random.
 */
export function endpointOf(channel: RoutableChannel, keyHint = ''): TaskEndpoint {
  const keys = channelKeys(channel.key ?? '');
  const known = keyHint && keys.length > 1 ? keys.find((k) => keyHintOf(k) === keyHint) : undefined;
  const key = known ?? (keys.length > 1 ? keys[Math.floor(Math.random() * keys.length)] : (keys[0] ?? ''));
  return { channel, baseUrl: (channel.base_url ?? '').replace(/\/+$/, ''), key, keyHint: keyHintOf(key), proxy: channelProxyOf(channel) };
}

/**
 * The next channel for a new task of `model`: the administrator's pinned channel, or the router's
 * choice among enabled channels of the platform's types that list the model (highest priority first,
 * weighted, never one already tried). Null when none is left.
 */
export function chooseTaskChannel(deps: TaskDeps, principal: ApiKeyPrincipal, model: string, types: readonly number[], tried: ReadonlySet<number>): RoutableChannel | null {
  const table = deps.routing.table;
  if (principal.pinnedChannelId !== null) {
    if (tried.has(principal.pinnedChannelId)) return null;
    const pinned = table.channel(principal.pinnedChannelId);
    if (!pinned) throw new RelayError(400, 'channel_not_found', `channel ${principal.pinnedChannelId} does not exist or is not enabled`, 'client', 'invalid_request_error');
    if (!types.includes(pinned.type)) throw new RelayError(400, 'channel_type_mismatch', `channel ${pinned.id} cannot run ${model} tasks`, 'client', 'invalid_request_error');
    return pinned;
  }
  const exclude = new Set(tried);
  for (;;) {
    const choice = selectChannel(table, { group: principal.group, model, exclude, isCooling: (id) => deps.health.isCooling(id) });
    if (!choice) return null;
    if (types.includes(choice.channel.type)) return choice.channel;
    // A channel of another kind that happens to list the model cannot run this task.
    exclude.add(choice.channel.id);
  }
}

/** The channel that ran an earlier task: follow-up actions must go back to it (the upstream keeps the task). */
export function originalChannel(deps: TaskDeps, channelId: number): RoutableChannel {
  const channel = deps.routing.table.channel(channelId);
  if (!channel) throw forbidden(`the channel that ran the original task (#${channelId}) is disabled or no longer exists`, 'channel_disabled');
  return channel;
}

export function noChannel(model: string, group: string): RelayError {
  return new RelayError(503, 'model_not_found', `no available channel for ${model} under group ${group}`, 'gateway');
}
