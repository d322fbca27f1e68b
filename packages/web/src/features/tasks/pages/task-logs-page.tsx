import { useInfiniteQuery } from '@tanstack/react-query';
import { ListCard } from '../../../components/list-page/list-card';
import { taskQueries } from '../api/tasks.queries';
import { taskColumns } from '../components/task-columns';
import { TaskFilterForm } from '../components/task-filter-form';
import { TaskLogTable } from '../components/task-log-table';
import { TextDialog } from '../components/text-dialog';
import { TASK_FILTER_KEYS, taskDefaultWindow } from '../task-filters';
import { useTaskLogPage } from './use-task-log-page';

/** /task: music and video tasks (spec 3 §2.7): every user's for administrators, the caller's own otherwise. */
export function TaskLogsPage() {
  const { t, locale, isAdmin, list, defaults, query, dialog, setDialog, search } = useTaskLogPage(TASK_FILTER_KEYS, () => taskDefaultWindow(new Date()), 1);
  const tasks = useInfiniteQuery(taskQueries.tasks({ admin: isAdmin, query, page_size: list.pageSize }));
  const columns = taskColumns({ t, locale, isAdmin, openText: setDialog });

  return (
    <ListCard title={t('task.title')} dialogs={<TextDialog content={dialog} onClose={() => setDialog(null)} />}>
      <TaskFilterForm idKey="task_id" filters={list.filters} isAdmin={isAdmin} defaults={defaults} onSearch={search} />
      <TaskLogTable query={tasks} columns={columns} page={list.page} pageSize={list.pageSize} onPageChange={list.setPage} testId="task-log-table" />
    </ListCard>
  );
}
