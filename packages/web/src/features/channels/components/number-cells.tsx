import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { CHANNEL_PRIORITY_MIN, type ChannelView } from '@gw/contracts';
import { notifySuccess } from '../../../lib/notify';
import { useEditTag, useUpdateChannel } from '../api/channels.queries';
import { tagSummaryOf, type ChannelRow } from '../channel-rows';
import { InlineNumber } from './inline-number';

type NumberField = 'priority' | 'weight';
const minOf = (field: NumberField) => (field === 'priority' ? CHANNEL_PRIORITY_MIN : 0);

/** A channel's priority (≥ -999) or weight (≥ 0, negatives clamped), saved with PUT {id, field}. */
function ChannelNumberCell({ channel, field }: { channel: ChannelView; field: NumberField }) {
  const { t } = useTranslation('channels');
  const update = useUpdateChannel();
  return (
    <InlineNumber
      value={channel[field]}
      min={minOf(field)}
      label={t(`columns.${field}`)}
      onCommit={(value) =>
        update.mutate({ id: channel.id, [field]: value }, { onSuccess: () => notifySuccess(t(`inline.${field}Saved`, { name: channel.name, value })) })
      }
    />
  );
}

/** The priority or weight of every channel of a tag, after a confirmation (PUT /api/channel/tag). */
function TagNumberCell({ tag, field, value, count }: { tag: string; field: NumberField; value: number; count: number }) {
  const { t } = useTranslation('channels');
  const { modal } = App.useApp();
  const edit = useEditTag();
  return (
    <InlineNumber
      value={value}
      min={minOf(field)}
      label={t(`columns.${field}`)}
      onCommit={async (next) => {
        const confirmed = await modal.confirm({
          title: t(`inline.tag.${field}Title`),
          content: t(`inline.tag.${field}Confirm`, { tag, count, value: next }),
          okText: t('inline.tag.ok'),
          cancelText: t('inline.tag.cancel'),
        });
        if (!confirmed) return false;
        edit.mutate({ tag, [field]: next }, { onSuccess: () => notifySuccess(t(`inline.tag.${field}Saved`, { tag, value: next })) });
        return true;
      }}
    />
  );
}

/** The priority or weight cell of a channel table row: a channel's own, or a tag row's (set on all its channels). */
export function RowNumberCell({ row, field }: { row: ChannelRow; field: NumberField }) {
  return row.kind === 'tag' ? (
    <TagNumberCell tag={row.tag} field={field} value={tagSummaryOf(row)[field]} count={row.children.length} />
  ) : (
    <ChannelNumberCell channel={row.channel} field={field} />
  );
}
