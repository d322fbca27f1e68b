import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useUrlListState } from '../../../components/list-page/use-url-list-state';
import { useRoles } from '../../../lib/session';
import { taskKeys } from '../api/tasks.queries';
import type { TextDialogContent } from '../components/text-dialog';
import { taskQueryOf, type DefaultWindow } from '../task-filters';

/**
 * What the drawing and task log pages share: filters in the URL, the default time window (fixed when the
 * page opens), the server query they make, the text dialog, and a search that starts over from the first
 * server page, even with unchanged filters.
 */
export function useTaskLogPage<K extends string>(
  filterKeys: readonly (K | 'channel_id' | 'start_timestamp' | 'end_timestamp')[],
  defaultWindow: () => DefaultWindow,
  timeScale: 1 | 1000,
) {
  const { t, i18n } = useTranslation('tasks');
  const { isAdmin } = useRoles();
  const queryClient = useQueryClient();
  const list = useUrlListState(filterKeys);
  const [defaults] = useState(defaultWindow);
  const query = useMemo(() => taskQueryOf(list.filters, { isAdmin, defaults, timeScale }), [list.filters, isAdmin, defaults, timeScale]);
  const [dialog, setDialog] = useState<TextDialogContent | null>(null);
  const search = (filters: Record<K | 'channel_id' | 'start_timestamp' | 'end_timestamp', string>) => {
    list.setFilters(filters);
    void queryClient.resetQueries({ queryKey: taskKeys.all });
  };
  return { t, locale: i18n.language, isAdmin, list, defaults, query, dialog, setDialog, search };
}
