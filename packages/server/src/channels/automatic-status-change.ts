/** What happened to a channel without an administrator's hand (ChannelRoutingService reports it after the write). */
export type AutomaticStatusChange =
  | { channelId: number; change: 'disabled'; reason: string }
  | { channelId: number; change: 'enabled' }
  | { channelId: number; change: 'key_disabled'; keyIndex: number; reason: string }
  | { channelId: number; change: 'key_enabled'; keyIndex: number };
