import type { WebhookNotification } from '@gw/contracts';
import type { AutomaticStatusChange } from '../channels/automatic-status-change.js';

export const CHANNEL_STATUS_NOTICE_TYPE = 'channel_status';

/** The webhook body telling root of a change (`{{value}}` placeholders filled in order from `values`). */
export function channelStatusNotice(c: AutomaticStatusChange, channelName: string, timestamp: number): WebhookNotification {
  const base = { type: CHANNEL_STATUS_NOTICE_TYPE, timestamp };
  switch (c.change) {
    case 'disabled':
      return { ...base, title: 'Channel disabled', content: 'Channel {{value}} (#{{value}}) was disabled automatically: {{value}}', values: [channelName, c.channelId, c.reason] };
    case 'enabled':
      return { ...base, title: 'Channel enabled', content: 'Channel {{value}} (#{{value}}) passed a test and was enabled again.', values: [channelName, c.channelId] };
    case 'key_disabled':
      return {
        ...base,
        title: 'Channel key disabled',
        content: 'Key #{{value}} of channel {{value}} (#{{value}}) was disabled automatically: {{value}}',
        values: [c.keyIndex + 1, channelName, c.channelId, c.reason],
      };
    case 'key_enabled':
      return {
        ...base,
        title: 'Channel key enabled',
        content: 'Key #{{value}} of channel {{value}} (#{{value}}) passed a test and was enabled again.',
        values: [c.keyIndex + 1, channelName, c.channelId],
      };
  }
}
