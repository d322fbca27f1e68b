import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageResult, RedemptionView } from '@gw/contracts';
import { tablePagination } from '../../../components/table/table-pagination';
import { useQuotaFormatter } from '../../status/use-quota-formatter';
import { redemptionColumns } from './redemption-columns';

interface RedemptionsTableProps {
  data: PageResult<RedemptionView> | undefined;
  loading: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
  onEdit: (code: RedemptionView) => void;
  selected: RedemptionView[];
  onSelect: (rows: RedemptionView[]) => void;
}

/** The paged redemption code table with row selection. */
export function RedemptionsTable({ data, loading, page, pageSize, onPageChange, onEdit, selected, onSelect }: RedemptionsTableProps) {
  const { t, i18n } = useTranslation('redemptions');
  const { t: tc } = useTranslation();
  const formatQuota = useQuotaFormatter();
  return (
    <Table<RedemptionView>
      rowKey="id"
      size="middle"
      scroll={{ x: 'max-content' }}
      loading={loading}
      dataSource={data?.items ?? []}
      columns={redemptionColumns({ t, locale: i18n.language, formatQuota, onEdit })}
      rowSelection={{ selectedRowKeys: selected.map((r) => r.id), onChange: (_, rows) => onSelect(rows) }}
      pagination={tablePagination({ page, pageSize, total: data?.total ?? 0, onChange: onPageChange, t: tc })}
    />
  );
}
