import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModelMetaView, VendorView } from '@gw/contracts';
import { PagedTable, type PagedRows } from '../../../components/table/paged-table';
import { modelMetaColumns } from './model-meta-columns';

interface ModelMetaTableProps extends PagedRows<ModelMetaView> {
  vendors: VendorView[];
  onEdit: (meta: ModelMetaView) => void;
}

/** The paged metadata table. */
export function ModelMetaTable({ data, vendors, onEdit, ...paging }: ModelMetaTableProps) {
  const { t } = useTranslation('modelMetadata');
  const vendorsById = useMemo(() => new Map(vendors.map((v) => [v.id, v])), [vendors]);
  return (
    <PagedTable<ModelMetaView>
      {...paging}
      dataSource={data?.items}
      total={data?.total}
      locale={{ emptyText: t('empty') }}
      columns={modelMetaColumns({ t, vendorsById, onEdit })}
      data-testid="model-meta-table"
    />
  );
}
