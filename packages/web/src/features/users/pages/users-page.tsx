import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useUrlListState } from '../../../components/list-page/use-url-list-state';
import { ListCard } from '../../../components/list-page/list-card';
import { pagedRowsOf } from '../../../components/table/paged-table';
import { USER_FILTER_KEYS, userKeys, userQueries } from '../api/users.queries';
import { UsersDialogProvider, useUsersDialog } from '../components/users-context';
import { UsersDialogs } from '../components/users-dialogs';
import { UsersSearchForm } from '../components/users-search-form';
import { UsersTable } from '../components/users-table';
import { TwoFactorStatsLine } from '../components/two-factor-stats';

function UsersScreen() {
  const { t } = useTranslation('users');
  const queryClient = useQueryClient();
  const { openAdd, openEdit } = useUsersDialog();
  const list = useUrlListState(USER_FILTER_KEYS);
  const query = useQuery(userQueries.list({ filters: list.filters, p: list.page, page_size: list.pageSize }));
  return (
    <ListCard title={t('title')} dialogs={<UsersDialogs />}>
      <TwoFactorStatsLine />
      <UsersSearchForm
        filters={list.filters}
        onAdd={openAdd}
        onSearch={(filters) => {
          list.setFilters(filters);
          void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
        }}
      />
      <UsersTable
        {...pagedRowsOf(query, list)}
        onEdit={openEdit}
      />
    </ListCard>
  );
}

/** /user: admin user management (spec 1 §2.8). */
export function UsersPage() {
  return (
    <UsersDialogProvider>
      <UsersScreen />
    </UsersDialogProvider>
  );
}
