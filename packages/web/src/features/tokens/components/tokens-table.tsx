import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageResult, TokenView } from '@gw/contracts';
import { tablePagination } from '../../../components/table/table-pagination';
import { useQuotaFormatter } from '../../status/use-quota-formatter';
import { tokenColumns } from './token-columns';

interface TokensTableProps {
  data: PageResult<TokenView> | undefined;
  loading: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
  onEdit: (token: TokenView) => void;
  selected: TokenView[];
  onSelect: (rows: TokenView[]) => void;
}

/** The paged token table with row selection for the batch actions. */
export function TokensTable({ data, loading, page, pageSize, onPageChange, onEdit, selected, onSelect }: TokensTableProps) {
  const { t, i18n } = useTranslation('tokens');
  const { t: tc } = useTranslation();
  const formatQuota = useQuotaFormatter();
  return (
    <Table<TokenView>
      rowKey="id"
      size="middle"
      scroll={{ x: 'max-content' }}
      loading={loading}
      dataSource={data?.items ?? []}
      columns={tokenColumns({ t, locale: i18n.language, formatQuota, onEdit })}
      rowSelection={{ selectedRowKeys: selected.map((r) => r.id), onChange: (_, rows) => onSelect(rows) }}
      pagination={tablePagination({ page, pageSize, total: data?.total ?? 0, onChange: onPageChange, t: tc })}
    />
  );
}
