import { useTranslation } from 'react-i18next';
import type { RedemptionView } from '@gw/contracts';
import { idRowSelection, PagedTable, type PagedRows } from '../../../components/table/paged-table';
import { useQuotaFormatter } from '../../status/use-quota-formatter';
import { redemptionColumns } from './redemption-columns';

interface RedemptionsTableProps extends PagedRows<RedemptionView> {
  onEdit: (code: RedemptionView) => void;
  selected: RedemptionView[];
  onSelect: (rows: RedemptionView[]) => void;
}

/** The paged redemption code table with row selection. */
export function RedemptionsTable({ data, onEdit, selected, onSelect, ...paging }: RedemptionsTableProps) {
  const { t, i18n } = useTranslation('redemptions');
  const formatQuota = useQuotaFormatter();
  return (
    <PagedTable<RedemptionView>
      {...paging}
      dataSource={data?.items}
      total={data?.total}
      columns={redemptionColumns({ t, locale: i18n.language, formatQuota, onEdit })}
      rowSelection={idRowSelection(selected, onSelect)}
    />
  );
}
