import { Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { RedemptionView } from '@gw/contracts';
import { StackedCell } from '../../../components/table/stacked-cell';
import { formatUnixTime } from '../../../lib/format';
import { RedemptionRowActions } from './redemption-row-actions';
import { RedemptionStatusTag } from './redemption-status-tag';

interface ColumnDeps {
  t: TFunction<'redemptions'>;
  locale: string;
  formatQuota: (quota: number) => string;
  onEdit: (code: RedemptionView) => void;
}

/** Columns of the redemption code list (spec 3 §2.3, §3). */
export function redemptionColumns({ t, locale, formatQuota, onEdit }: ColumnDeps): ColumnsType<RedemptionView> {
  return [
    { title: t('columns.id'), dataIndex: 'id', width: 72 },
    {
      title: t('columns.name'),
      key: 'name',
      render: (_, c) => (
        <StackedCell title={c.name}>
          <Typography.Text type="secondary" code style={{ fontSize: 12 }}>{`${c.key.slice(0, 6)}…${c.key.slice(-4)}`}</Typography.Text>
        </StackedCell>
      ),
    },
    { title: t('columns.status'), key: 'status', render: (_, c) => <RedemptionStatusTag status={c.status} /> },
    { title: t('columns.quota'), key: 'quota', render: (_, c) => formatQuota(c.quota) },
    { title: t('columns.created'), key: 'created', render: (_, c) => formatUnixTime(c.created_time, locale) },
    {
      title: t('columns.redeemed'),
      key: 'redeemed',
      render: (_, c) =>
        c.used_user_id ? (
          <Space orientation="vertical" size={0}>
            <span>{formatUnixTime(c.redeemed_time, locale)}</span>
            <Typography.Text type="secondary">{t('redeemedBy', { id: c.used_user_id })}</Typography.Text>
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('notRedeemed')}</Typography.Text>
        ),
    },
    { title: t('columns.expires'), key: 'expires', render: (_, c) => (c.expired_time ? formatUnixTime(c.expired_time, locale) : t('never')) },
    { title: t('columns.actions'), key: 'actions', render: (_, c) => <RedemptionRowActions code={c} onEdit={onEdit} /> },
  ];
}
