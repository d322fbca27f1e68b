import { Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { channelTypeLabel, type ChannelHealthOverview } from '@gw/contracts';
import { StackedCell } from '../../../components/table/stacked-cell';
import { healthById, isCooling } from '../channel-health';
import { splitList, tagSummaryOf, type ChannelRow } from '../channel-rows';
import { ChannelBalance } from './channel-balance';
import { ChannelHealthCell } from './channel-health-cell';
import { ChannelResponseTime } from './channel-response-time';
import { ChannelRowActions } from './channel-row-actions';
import { ChannelStatusTag, TagStatusTag } from './channel-status-tag';
import { KeysCountTag } from './multi-key/keys-count-tag';
import { RowNumberCell } from './number-cells';
import { TagRowActions } from './tag-row-actions';

export type ChannelColumn = ColumnsType<ChannelRow>[number] & { key: string };

interface ColumnDeps {
  t: TFunction<'channels'>;
  formatQuota: (quota: number) => string;
  tagMode: boolean;
  /** The channels' live health (GET /api/channel/health); undefined until it has loaded. */
  health: ChannelHealthOverview | undefined;
}

function GroupTags({ groups }: { groups: string[] }) {
  return (
    <Space size={[2, 2]} wrap style={{ maxWidth: 200 }}>
      {groups.map((g) => (
        <Tag key={g}>{g}</Tag>
      ))}
    </Space>
  );
}

/** Every column of the channel table (spec 2 §3, §9); a tag row (tag mode) fills its own cells. */
export function channelColumns({ t, formatQuota, tagMode, health }: ColumnDeps): ChannelColumn[] {
  const healthOf = healthById(health);
  return [
    { key: 'id', title: t('columns.id'), render: (_, r) => (r.kind === 'channel' ? r.channel.id : null) },
    {
      key: 'name',
      title: t('columns.name'),
      render: (_, r) => {
        if (r.kind === 'tag') {
          return (
            <Space size={4}>
              <Tag color="purple">{r.tag}</Tag>
              <Typography.Text type="secondary">{t('tag.count', { count: r.children.length })}</Typography.Text>
            </Space>
          );
        }
        return (
          <StackedCell title={r.channel.name}>
            {!tagMode && r.channel.tag && <Typography.Text type="secondary">{t('tag.label', { tag: r.channel.tag })}</Typography.Text>}
          </StackedCell>
        );
      },
    },
    {
      key: 'group',
      title: t('columns.group'),
      render: (_, r) => <GroupTags groups={r.kind === 'tag' ? tagSummaryOf(r).groups : splitList(r.channel.group)} />,
    },
    { key: 'type', title: t('columns.type'), render: (_, r) => (r.kind === 'channel' ? <Tag color="geekblue">{channelTypeLabel(r.channel.type)}</Tag> : null) },
    {
      key: 'status',
      title: t('columns.status'),
      render: (_, r) => {
        if (r.kind === 'tag') {
          const s = tagSummaryOf(r);
          return <TagStatusTag enabled={s.enabled} total={s.total} />;
        }
        return (
          <Space size={4} wrap={false}>
            <ChannelStatusTag status={r.channel.status} otherInfo={r.channel.other_info} />
            <KeysCountTag info={r.channel.channel_info} />
          </Space>
        );
      },
    },
    {
      key: 'responseTime',
      title: t('columns.responseTime'),
      render: (_, r) => (r.kind === 'channel' ? <ChannelResponseTime responseTime={r.channel.response_time} testTime={r.channel.test_time} /> : null),
    },
    {
      key: 'health',
      title: t('columns.health'),
      render: (_, r) => (r.kind === 'channel' ? <ChannelHealthCell health={healthOf.get(r.channel.id)} rules={health} /> : null),
    },
    { key: 'balance', title: t('columns.balance'), render: (_, r) => (r.kind === 'channel' ? <ChannelBalance channel={r.channel} /> : null) },
    {
      key: 'usedQuota',
      title: t('columns.usedQuota'),
      render: (_, r) => formatQuota(r.kind === 'tag' ? tagSummaryOf(r).usedQuota : r.channel.used_quota),
    },
    { key: 'priority', title: t('columns.priority'), render: (_, r) => <RowNumberCell row={r} field="priority" /> },
    { key: 'weight', title: t('columns.weight'), render: (_, r) => <RowNumberCell row={r} field="weight" /> },
    {
      key: 'actions',
      title: t('columns.actions'),
      fixed: 'right',
      render: (_, r) => (r.kind === 'tag' ? <TagRowActions tag={r.tag} /> : <ChannelRowActions channel={r.channel} cooling={isCooling(healthOf.get(r.channel.id))} />),
    },
  ];
}
