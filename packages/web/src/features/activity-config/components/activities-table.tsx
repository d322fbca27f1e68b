import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ActivityView, PageResult } from '@gw/contracts';
import { tablePagination } from '../../../components/table/table-pagination';
import { useQuotaFormatter } from '../../status/use-quota-formatter';
import { activityColumns } from './activity-columns';

interface ActivitiesTableProps {
  data: PageResult<ActivityView> | undefined;
  loading: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
  onEdit: (activity: ActivityView) => void;
  onReward: (activity: ActivityView) => void;
}

/** The paged activity table. */
export function ActivitiesTable({ data, loading, page, pageSize, onPageChange, onEdit, onReward }: ActivitiesTableProps) {
  const { t, i18n } = useTranslation('activityConfig');
  const { t: tc } = useTranslation();
  const formatQuota = useQuotaFormatter();
  const now = Math.floor(Date.now() / 1000);
  return (
    <Table<ActivityView>
      rowKey="id"
      size="middle"
      scroll={{ x: 'max-content' }}
      loading={loading}
      dataSource={data?.items ?? []}
      columns={activityColumns({ t, locale: i18n.language, now, formatQuota, onEdit, onReward })}
      pagination={tablePagination({ page, pageSize, total: data?.total ?? 0, onChange: onPageChange, t: tc })}
    />
  );
}
