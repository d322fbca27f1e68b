import { useState } from 'react';
import { Card, Flex, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RedemptionView } from '@gw/contracts';
import { useUrlListState } from '../../../components/list-page/use-url-list-state';
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
  const [selected, setSelected] = useState<RedemptionView[]>([]);
  // Selection is per page: rows that left the page (deleted, paged away) drop out of it.
  const onPage = new Set(query.data?.items.map((r) => r.id));
  const selectedOnPage = selected.filter((r) => onPage.has(r.id));
  return (
    <Card>
      <Flex vertical gap={16}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <RedemptionsSearchForm
          keyword={list.filters.keyword}
          onSearch={(keyword) => {
            list.setFilters({ keyword });
            void queryClient.invalidateQueries({ queryKey: redemptionKeys.lists() });
          }}
        />
        <RedemptionsToolbar selected={selectedOnPage} onCreate={openCreate} onCleared={() => setSelected([])} />
        <RedemptionsTable
          data={query.data}
          loading={query.isFetching}
          page={list.page}
          pageSize={list.pageSize}
          onPageChange={list.setPage}
          onEdit={openEdit}
          selected={selectedOnPage}
          onSelect={setSelected}
        />
      </Flex>
      <RedemptionsDialogs />
    </Card>
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
