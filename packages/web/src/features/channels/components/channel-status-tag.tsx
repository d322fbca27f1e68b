import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChannelStatus } from '@gw/contracts';
import { formatUnixTime } from '../../../lib/format';
import { statusInfoOf } from '../channel-status-info';

/** Spec 2 §4: enabled, disabled, or disabled automatically (with the reason and time in a tooltip). */
export function ChannelStatusTag({ status, otherInfo }: { status: number; otherInfo: string | null }) {
  const { t, i18n } = useTranslation('channels');
  if (status === ChannelStatus.Enabled) return <Tag color="green">{t('status.enabled')}</Tag>;
  if (status === ChannelStatus.ManuallyDisabled) return <Tag color="red">{t('status.disabled')}</Tag>;
  if (status === ChannelStatus.AutoDisabled) {
    const info = statusInfoOf(otherInfo);
    const tag = <Tag color="gold">{t('status.autoDisabled')}</Tag>;
    if (!info) return tag;
    const when = info.time ? formatUnixTime(info.time, i18n.language) : t('status.unknownTime');
    return <Tooltip title={t('status.reason', { reason: info.reason, time: when })}>{tag}</Tooltip>;
  }
  return <Tag>{t('status.unknown')}</Tag>;
}

/** A tag row: how many of its channels are enabled. */
export function TagStatusTag({ enabled, total }: { enabled: number; total: number }) {
  const { t } = useTranslation('channels');
  const color = enabled === total ? 'green' : enabled === 0 ? 'red' : 'orange';
  return <Tag color={color}>{t('status.tagEnabled', { enabled, total })}</Tag>;
}
