import { useTranslation } from 'react-i18next';
import type { TokenView } from '@gw/contracts';
import { idRowSelection, PagedTable, type PagedRows } from '../../../components/table/paged-table';
import { useQuotaFormatter } from '../../status/use-quota-formatter';
import { tokenColumns } from './token-columns';

interface TokensTableProps extends PagedRows<TokenView> {
  onEdit: (token: TokenView) => void;
  selected: TokenView[];
  onSelect: (rows: TokenView[]) => void;
}

/** The paged token table with row selection for the batch actions. */
export function TokensTable({ data, onEdit, selected, onSelect, ...paging }: TokensTableProps) {
  const { t, i18n } = useTranslation('tokens');
  const formatQuota = useQuotaFormatter();
  return (
    <PagedTable<TokenView>
      {...paging}
      dataSource={data?.items}
      total={data?.total}
      columns={tokenColumns({ t, locale: i18n.language, formatQuota, onEdit })}
      rowSelection={idRowSelection(selected, onSelect)}
    />
  );
}
