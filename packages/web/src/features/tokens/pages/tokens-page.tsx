import { useState } from 'react';
import { Card, Flex, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TokenView } from '@gw/contracts';
import { useUrlListState } from '../../../components/list-page/use-url-list-state';
import { TOKEN_FILTER_KEYS } from '../api/tokens.api';
import { tokenKeys, tokenQueries } from '../api/tokens.queries';
import { TokensDialogProvider, useTokensDialog } from '../components/tokens-context';
import { TokensDialogs } from '../components/tokens-dialogs';
import { TokensSearchForm } from '../components/tokens-search-form';
import { TokensTable } from '../components/tokens-table';
import { TokensToolbar } from '../components/tokens-toolbar';

function TokensScreen() {
  const { t } = useTranslation('tokens');
  const queryClient = useQueryClient();
  const { openCreate, openEdit } = useTokensDialog();
  const list = useUrlListState(TOKEN_FILTER_KEYS);
  const query = useQuery(tokenQueries.list({ filters: list.filters, p: list.page, page_size: list.pageSize }));
  const [selected, setSelected] = useState<TokenView[]>([]);
  // Selection is per page: rows that left the page (deleted, paged away) drop out of it.
  const onPage = new Set(query.data?.items.map((r) => r.id));
  const selectedOnPage = selected.filter((r) => onPage.has(r.id));
  return (
    <Card>
      <Flex vertical gap={16}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <TokensSearchForm
          filters={list.filters}
          onSearch={(filters) => {
            list.setFilters(filters);
            void queryClient.invalidateQueries({ queryKey: tokenKeys.lists() });
          }}
        />
        <TokensToolbar selected={selectedOnPage} onCreate={openCreate} onCleared={() => setSelected([])} />
        <TokensTable
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
      <TokensDialogs />
    </Card>
  );
}

/** /token: the signed-in user's API tokens (spec 3 §2.2). */
export function TokensPage() {
  return (
    <TokensDialogProvider>
      <TokensScreen />
    </TokensDialogProvider>
  );
}
