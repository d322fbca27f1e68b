/** Errors for channels whose settings cannot produce a request; shared by the provider folders. */
import { RelayError } from '../relay-error.js';
import type { ChannelInfo } from './provider-adapter.js';

/**
 * The channel is misconfigured (no base URL, no account id…). It is the channel's fault, not the
 * caller's, so the pipeline may try another channel (code prefix `channel:` like new-api).
 */
export function channelConfigError(channel: ChannelInfo, problem: string): RelayError {
  return new RelayError(500, 'channel:invalid_config', `channel #${channel.id} (${channel.name}) ${problem}`, 'upstream');
}
