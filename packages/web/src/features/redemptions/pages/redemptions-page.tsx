import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useUrlListState } from '../../../components/list-page/use-url-list-state';
import { usePageSelection } from '../../../components/list-page/use-page-selection';
import { ListCard } from '../../../components/list-page/list-card';
import { pagedRowsOf } from '../../../components/table/paged-table';
import { REDEMPTION_FILTER_KEYS } from '../api/redemptions.api';
import { redemptionKeys, redemptionQueries } from '../api/redemptions.queries';
import { RedemptionsDialogProvider, useRedemptionsDialog } from '../components/redemptions-context';
import { RedemptionsDialogs } from '../components/redemptions-dialogs';
import { RedemptionsSearchForm } from '../components/redemptions-search-form';
import { RedemptionsTable } from '../components/redemptions-table';
import { RedemptionsToolbar } from '../components/redemptions-toolbar';

function RedemptionsScreen() {
  const { t } = useTranslation('redemptions');
  const queryClient = useQueryClient();
  const { openCreate, openEdit } = useRedemptionsDialog();
  const list = useUrlListState(REDEMPTION_FILTER_KEYS);
  const query = useQuery(redemptionQueries.list({ filters: list.filters, p: list.page, page_size: list.pageSize }));
  const selection = usePageSelection(query.data?.items);
  return (
    <ListCard title={t('title')} dialogs={<RedemptionsDialogs />}>
      <RedemptionsSearchForm
        filters={list.filters}
        onSearch={(filters) => {
          list.setFilters(filters);
          void queryClient.invalidateQueries({ queryKey: redemptionKeys.lists() });
        }}
      />
      <RedemptionsToolbar selected={selection.selected} onCreate={openCreate} onCleared={selection.clear} />
      <RedemptionsTable
        {...pagedRowsOf(query, list)}
        onEdit={openEdit}
        selected={selection.selected}
        onSelect={selection.setSelected}
      />
    </ListCard>
  );
}

/** /redemption (administrators): manage redemption codes (spec 3 §2.3). */
export function RedemptionsPage() {
  return (
    <RedemptionsDialogProvider>
      <RedemptionsScreen />
    </RedemptionsDialogProvider>
  );
}
