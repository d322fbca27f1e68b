import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChannelView } from '@gw/contracts';
import { formatUnixTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useUpdateChannelBalance } from '../api/channels.queries';

/** The upstream balance in USD; clicking asks the upstream again (GET /api/channel/update_balance/:id). */
export function ChannelBalance({ channel }: { channel: ChannelView }) {
  const { t, i18n } = useTranslation('channels');
  const refresh = useUpdateChannelBalance();
  const updated = channel.balance_updated_time ? formatUnixTime(channel.balance_updated_time, i18n.language) : t('balance.never');
  return (
    <Tooltip title={t('balance.refreshHint', { time: updated })}>
      <Tag
        color="blue"
        role="button"
        style={{ cursor: refresh.isPending ? 'wait' : 'pointer' }}
        onClick={() => {
          if (refresh.isPending) return;
          refresh.mutate(channel.id, { onSuccess: (balance) => notifySuccess(t('balance.updated', { name: channel.name, balance: balance.toFixed(2) })) });
        }}
      >
        ${channel.balance.toFixed(2)}
      </Tag>
    </Tooltip>
  );
}
