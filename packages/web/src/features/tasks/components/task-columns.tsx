import { Tag, Typography } from 'antd';
import type { TaskView } from '@gw/contracts';
import { formatUnixTime } from '../../../lib/format';
import { taskActionOf, taskPlatformOf, taskStatusOf } from '../task-display';
import { DurationTag, ProgressCell } from './task-cells';
import { channelColumn, columnsFor, failReasonColumn, type TaskLogColumn, type TaskLogColumnDeps } from './task-column-parts';

const time = (seconds: number, locale: string) => (seconds ? formatUnixTime(seconds, locale) : '-');

/** The columns of the music and video task log (spec 3 §2.7); the channel column is for administrators only. */
export function taskColumns({ t, locale, isAdmin, openText }: TaskLogColumnDeps): TaskLogColumn<TaskView>[] {
  const columns: TaskLogColumn<TaskView>[] = [
    { key: 'submitTime', title: t('columns.submitTime'), render: (_, r) => time(r.submit_time, locale) },
    { key: 'finishTime', title: t('columns.finishTime'), render: (_, r) => time(r.finish_time, locale) },
    { key: 'progress', title: t('columns.progress'), render: (_, r) => <ProgressCell progress={r.progress} status={r.status} circle /> },
    { key: 'duration', title: t('columns.duration'), render: (_, r) => <DurationTag submit={r.submit_time} finish={r.finish_time} unit={1} /> },
    channelColumn(t),
    {
      key: 'platform',
      title: t('columns.platform'),
      render: (_, r) => {
        const platform = taskPlatformOf(r.platform);
        return <Tag color={platform.color}>{platform.key === 'unknown' && r.platform ? r.platform : t(`platforms.${platform.key}`)}</Tag>;
      },
    },
    {
      key: 'type',
      title: t('columns.type'),
      render: (_, r) => {
        const action = taskActionOf(r.action);
        return <Tag color={action.color}>{action.key === 'unknown' && r.action ? r.action : t(`taskActions.${action.key}`)}</Tag>;
      },
    },
    {
      key: 'taskId',
      title: t('columns.taskId'),
      render: (_, r) => (
        <Typography.Link title={t('recordHint')} onClick={() => openText({ title: t('dialogs.record', { id: r.task_id || r.id }), text: JSON.stringify(r, null, 2), code: true })}>
          {r.task_id || `#${r.id}`}
        </Typography.Link>
      ),
    },
    {
      key: 'status',
      title: t('columns.status'),
      render: (_, r) => {
        const status = taskStatusOf(r.status);
        return <Tag color={status.color}>{t(`status.${status.key}`)}</Tag>;
      },
    },
    failReasonColumn({ t, openText }),
  ];
  return columnsFor(columns, isAdmin);
}
