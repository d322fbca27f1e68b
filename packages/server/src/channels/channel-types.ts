/** Channel types and statuses for server code; the table itself lives in contracts so the console shares it. */
export {
  ChannelType,
  ChannelStatus,
  channelTypeLabels,
  channelTypeOptions,
  channelTypeLabel,
  isChannelType,
  type ChannelTypeValue,
  type ChannelStatusValue,
} from '@gw/contracts';
