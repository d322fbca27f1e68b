import { useInfiniteQuery } from '@tanstack/react-query';
import { ListCard } from '../../../components/list-page/list-card';
import { taskQueries } from '../api/tasks.queries';
import { drawingColumns } from '../components/drawing-columns';
import { MjNotifyBanner } from '../components/mj-notify-banner';
import { TaskFilterForm } from '../components/task-filter-form';
import { TaskLogTable } from '../components/task-log-table';
import { TextDialog } from '../components/text-dialog';
import { DRAWING_FILTER_KEYS, drawingDefaultWindow } from '../task-filters';
import { useTaskLogPage } from './use-task-log-page';

/** /midjourney: drawing tasks (spec 3 §2.6): every user's for administrators, the caller's own otherwise. */
export function DrawingLogsPage() {
  const { t, locale, isAdmin, list, defaults, query, dialog, setDialog, search } = useTaskLogPage(DRAWING_FILTER_KEYS, () => drawingDefaultWindow(Date.now()), 1000);
  const tasks = useInfiniteQuery(taskQueries.drawings({ admin: isAdmin, query, page_size: list.pageSize }));
  const columns = drawingColumns({ t, locale, isAdmin, openText: setDialog });

  return (
    <ListCard title={t('drawing.title')} dialogs={<TextDialog content={dialog} onClose={() => setDialog(null)} />}>
      <MjNotifyBanner isAdmin={isAdmin} />
      <TaskFilterForm idKey="mj_id" filters={list.filters} isAdmin={isAdmin} defaults={defaults} onSearch={search} />
      <TaskLogTable query={tasks} columns={columns} page={list.page} pageSize={list.pageSize} onPageChange={list.setPage} testId="drawing-log-table" />
    </ListCard>
  );
}
