import { Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListCard } from '../../../components/list-page/list-card';
import { useUrlListState } from '../../../components/list-page/use-url-list-state';
import { pagedRowsOf } from '../../../components/table/paged-table';
import { MODEL_META_FILTER_KEYS } from '../api/model-metadata.api';
import { modelMetaQueries, vendorQueries } from '../api/model-metadata.queries';
import { ModelMetadataDialogProvider, useModelMetadataDialog } from '../components/model-metadata-context';
import { ModelMetadataDialogs } from '../components/model-metadata-dialogs';
import { ModelMetaTable } from '../components/model-meta-table';
import { ModelMetaToolbar } from '../components/model-meta-toolbar';
import { VendorTabs } from '../components/vendor-tabs';

function ModelMetadataScreen() {
  const { t } = useTranslation('modelMetadata');
  const { openCreate, openEdit, setMissingOpen, setVendorsOpen, setSyncOpen } = useModelMetadataDialog();
  const list = useUrlListState(MODEL_META_FILTER_KEYS);
  const query = useQuery(modelMetaQueries.list({ filters: list.filters, p: list.page, page_size: list.pageSize }));
  const vendors = useQuery(vendorQueries.list()).data ?? [];
  return (
    <ListCard title={t('title')} dialogs={<ModelMetadataDialogs vendors={vendors} />}>
      <Typography.Text type="secondary">{t('hint')}</Typography.Text>
      <ModelMetaToolbar
        keyword={list.filters.keyword}
        onSearch={(keyword) => list.setFilters({ ...list.filters, keyword })}
        onAdd={() => openCreate()}
        onMissing={() => setMissingOpen(true)}
        onVendors={() => setVendorsOpen(true)}
        onSync={() => setSyncOpen(true)}
      />
      <VendorTabs vendors={vendors} counts={query.data?.vendor_counts} value={list.filters.vendor} onChange={(vendor) => list.setFilters({ ...list.filters, vendor })} />
      <ModelMetaTable {...pagedRowsOf(query, list)} vendors={vendors} onEdit={openEdit} />
    </ListCard>
  );
}

/** /models (administrators): model metadata and vendors (new-api's model management page). */
export function ModelMetadataPage() {
  return (
    <ModelMetadataDialogProvider>
      <ModelMetadataScreen />
    </ModelMetadataDialogProvider>
  );
}
