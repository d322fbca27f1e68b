import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useUrlListState } from '../../../components/list-page/use-url-list-state';
import { usePageSelection } from '../../../components/list-page/use-page-selection';
import { ListCard } from '../../../components/list-page/list-card';
import { pagedRowsOf } from '../../../components/table/paged-table';
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
  const selection = usePageSelection(query.data?.items);
  return (
    <ListCard title={t('title')} dialogs={<TokensDialogs />}>
      <TokensSearchForm
        filters={list.filters}
        onSearch={(filters) => {
          list.setFilters(filters);
          void queryClient.invalidateQueries({ queryKey: tokenKeys.lists() });
        }}
      />
      <TokensToolbar selected={selection.selected} onCreate={openCreate} onCleared={selection.clear} />
      <TokensTable
        {...pagedRowsOf(query, list)}
        onEdit={openEdit}
        selected={selection.selected}
        onSelect={selection.setSelected}
      />
    </ListCard>
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
