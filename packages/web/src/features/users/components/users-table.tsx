import { useTranslation } from 'react-i18next';
import type { UserView } from '@gw/contracts';
import { PagedTable, type PagedRows } from '../../../components/table/paged-table';
import { useQuotaFormatter } from '../../status/use-quota-formatter';
import { userColumns } from './user-columns';

interface UsersTableProps extends PagedRows<UserView> {
  onEdit: (user: UserView) => void;
}

/** The paged user table; page sizes 10/20/50/100 (spec 1 §9). */
export function UsersTable({ data, onEdit, ...paging }: UsersTableProps) {
  const { t } = useTranslation('users');
  const formatQuota = useQuotaFormatter();
  return <PagedTable<UserView> {...paging} dataSource={data?.items} total={data?.total} columns={userColumns({ t, formatQuota, onEdit })} />;
}
