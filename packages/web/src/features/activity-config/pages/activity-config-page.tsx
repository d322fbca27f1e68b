import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ActivityView } from '@gw/contracts';
import { ListCard } from '../../../components/list-page/list-card';
import { useUrlListState } from '../../../components/list-page/use-url-list-state';
import { pagedRowsOf } from '../../../components/table/paged-table';
import { ACTIVITY_FILTER_KEYS } from '../api/activities.api';
import { activityKeys, activityQueries } from '../api/activities.queries';
import { ActivitiesSearchForm } from '../components/activities-search-form';
import { ActivitiesTable } from '../components/activities-table';
import { ActivityFormDrawer } from '../components/activity-form-drawer';
import { GrantRewardsModal } from '../components/grant-rewards-modal';

/** /activity-config (administrators): list, create and edit activities and grant their rewards (spec 3 §2.13). */
export function ActivityConfigPage() {
  const { t } = useTranslation('activityConfig');
  const queryClient = useQueryClient();
  const list = useUrlListState(ACTIVITY_FILTER_KEYS);
  const query = useQuery(activityQueries.list({ filters: list.filters, p: list.page, page_size: list.pageSize }));
  const [editor, setEditor] = useState<{ open: boolean; activity: ActivityView | null }>({ open: false, activity: null });
  const [rewarding, setRewarding] = useState<ActivityView | null>(null);
  return (
    <ListCard
      title={t('title')}
      dialogs={
        <>
          <ActivityFormDrawer open={editor.open} activity={editor.activity} onClose={() => setEditor((e) => ({ ...e, open: false }))} />
          <GrantRewardsModal activity={rewarding} onClose={() => setRewarding(null)} />
        </>
      }
    >
      <ActivitiesSearchForm
        filters={list.filters}
        onSearch={(filters) => {
          list.setFilters(filters);
          void queryClient.invalidateQueries({ queryKey: activityKeys.lists() });
        }}
        onAdd={() => setEditor({ open: true, activity: null })}
      />
      <ActivitiesTable
        {...pagedRowsOf(query, list)}
        onEdit={(activity) => setEditor({ open: true, activity })}
        onReward={setRewarding}
      />
    </ListCard>
  );
}
