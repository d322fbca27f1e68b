import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ActivityView } from '@gw/contracts';
import { StackedCell } from '../../../components/table/stacked-cell';
import { formatUnixTime } from '../../../lib/format';
import { canGrantRewards } from '../activity-form';

interface ColumnDeps {
  t: TFunction<'activityConfig'>;
  locale: string;
  now: number;
  formatQuota: (quota: number) => string;
  onEdit: (activity: ActivityView) => void;
  onReward: (activity: ActivityView) => void;
}

/** Columns of the activity list (spec 3 §2.13, §3 "Activity"). */
export function activityColumns({ t, locale, now, formatQuota, onEdit, onReward }: ColumnDeps): ColumnsType<ActivityView> {
  const dateOf = (seconds: number) => (seconds ? formatUnixTime(seconds, locale) : t('unlimited'));
  return [
    { title: t('columns.id'), dataIndex: 'id', width: 72 },
    {
      title: t('columns.name'),
      key: 'name',
      render: (_, a) => (
        <StackedCell title={a.name}>
          <Typography.Text type="secondary" ellipsis={{ tooltip: a.desc }} style={{ maxWidth: 280 }}>
            {a.desc}
          </Typography.Text>
        </StackedCell>
      ),
    },
    { title: t('columns.quota'), key: 'quota', render: (_, a) => formatQuota(a.quota) },
    {
      title: t('columns.status'),
      key: 'status',
      render: (_, a) => <Tag color={a.status ? 'green' : 'default'}>{a.status ? t('status.active') : t('status.ended')}</Tag>,
    },
    { title: t('columns.start'), key: 'start', render: (_, a) => dateOf(a.start_date) },
    { title: t('columns.end'), key: 'end', render: (_, a) => dateOf(a.end_date) },
    { title: t('columns.rewarded'), dataIndex: 'rewarded_count' },
    { title: t('columns.created'), key: 'created', render: (_, a) => formatUnixTime(a.created_at, locale) },
    {
      title: t('columns.actions'),
      key: 'actions',
      render: (_, a) => {
        const grantable = canGrantRewards(a, now);
        return (
          <Space size={4}>
            <Button size="small" onClick={() => onEdit(a)}>
              {t('actions.edit')}
            </Button>
            <Tooltip title={grantable ? undefined : t('reward.notGrantable')}>
              <Button size="small" type="primary" ghost disabled={!grantable} onClick={() => onReward(a)}>
                {t('actions.reward')}
              </Button>
            </Tooltip>
          </Space>
        );
      },
    },
  ];
}
