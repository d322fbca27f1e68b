import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMatch, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListCard } from '../../../components/list-page/list-card';
import { usePageSelection } from '../../../components/list-page/use-page-selection';
import { useUrlListState } from '../../../components/list-page/use-url-list-state';
import { useColumnVisibility } from '../../../components/table/use-column-visibility';
import { pagedRowsOf } from '../../../components/table/paged-table';
import { StorageKey } from '../../../lib/storage';
import { useQuotaFormatter } from '../../status/use-quota-formatter';
import { CHANNEL_FILTER_KEYS } from '../api/channels.api';
import { channelKeys, channelQueries } from '../api/channels.queries';
import { coolingCountOf } from '../channel-health';
import { channelColumns } from '../components/channel-columns';
import { ChannelsDialogProvider } from '../components/channels-context';
import { ChannelsDialogs } from '../components/channels-dialogs';
import { ChannelsSearchForm } from '../components/channels-search-form';
import { ChannelsTable } from '../components/channels-table';
import { ChannelsToolbar } from '../components/channels-toolbar';

/** Which editor the route asks for: /channel/add → create, /channel/edit/:id → that channel. */
function useEditorRoute(): 'create' | number | null {
  const isAdd = useMatch('/channel/add') !== null;
  const { id } = useParams();
  if (isAdd) return 'create';
  const n = Number(id);
  return id !== undefined && Number.isInteger(n) && n > 0 ? n : null;
}

function ChannelsScreen() {
  const { t } = useTranslation('channels');
  const queryClient = useQueryClient();
  const formatQuota = useQuotaFormatter();
  const list = useUrlListState(CHANNEL_FILTER_KEYS);
  const query = useQuery(channelQueries.list({ filters: list.filters, p: list.page, page_size: list.pageSize }));
  // The channels' live health, read again every 10 s while the list is shown.
  const health = useQuery(channelQueries.health()).data;
  const selection = usePageSelection(query.data?.items);
  const visibility = useColumnVisibility(StorageKey.channelColumns);
  const tagMode = list.filters.tag_mode === '1';
  const columns = channelColumns({ t, formatQuota, tagMode, health });
  const editor = useEditorRoute();
  return (
    <ListCard title={t('title')} dialogs={<ChannelsDialogs editor={editor} onBatchTagged={selection.clear} />}>
      <ChannelsSearchForm
        filters={list.filters}
        onChange={(filters) => {
          list.setFilters(filters);
          void queryClient.invalidateQueries({ queryKey: channelKeys.lists() });
        }}
      />
      <ChannelsToolbar
        selected={selection.selected}
        onCleared={selection.clear}
        columns={columns}
        visibility={visibility}
        coolingCount={coolingCountOf(health)}
      />
      <ChannelsTable
        {...pagedRowsOf(query, list)}
        tagMode={tagMode}
        columns={columns}
        visibility={visibility}
        selected={selection.selected}
        onSelect={selection.setSelected}
      />
    </ListCard>
  );
}

/** /channel, /channel/add, /channel/edit/:id (root): manage upstream channels (spec 2 §2). */
export function ChannelsPage() {
  return (
    <ChannelsDialogProvider>
      <ChannelsScreen />
    </ChannelsDialogProvider>
  );
}
