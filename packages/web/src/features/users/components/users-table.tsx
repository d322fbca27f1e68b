import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS, type PageResult, type UserView } from '@gw/contracts';
import { useQuotaFormatter } from '../../status/use-quota-formatter';
import { userColumns } from './user-columns';

interface UsersTableProps {
  data: PageResult<UserView> | undefined;
  loading: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
  onEdit: (user: UserView) => void;
}

/** The paged user table; page sizes 10/20/50/100 (spec 1 §9). */
export function UsersTable({ data, loading, page, pageSize, onPageChange, onEdit }: UsersTableProps) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation();
  const formatQuota = useQuotaFormatter();
  return (
    <Table<UserView>
      rowKey="id"
      size="middle"
      scroll={{ x: 'max-content' }}
      loading={loading}
      dataSource={data?.items ?? []}
      columns={userColumns({ t, formatQuota, onEdit })}
      pagination={{
        current: Math.max(1, page),
        pageSize,
        total: data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
        showTotal: (total, [start, end]) => tc('pagination.total', { start, end, total }),
        onChange: onPageChange,
      }}
    />
  );
}
