import { Tag, Typography } from 'antd';
import type { DrawingTaskView } from '@gw/contracts';
import { formatUnixTime } from '../../../lib/format';
import { drawingActionOf, drawingStatusOf, submitCodeOf } from '../task-display';
import { DurationTag, ExpandableText, ProgressCell, ResultImage } from './task-cells';
import { channelColumn, columnsFor, failReasonColumn, type TaskLogColumn, type TaskLogColumnDeps } from './task-column-parts';

/** The columns of the drawing log (spec 3 §2.6); the channel column is for administrators only. */
export function drawingColumns({ t, locale, isAdmin, openText }: TaskLogColumnDeps): TaskLogColumn<DrawingTaskView>[] {
  const columns: TaskLogColumn<DrawingTaskView>[] = [
    // submit_time is in milliseconds.
    { key: 'submitTime', title: t('columns.submitTime'), render: (_, r) => formatUnixTime(Math.floor(r.submit_time / 1000), locale) },
    { key: 'duration', title: t('columns.duration'), render: (_, r) => <DurationTag submit={r.submit_time} finish={r.finish_time} unit={1000} /> },
    channelColumn(t),
    {
      key: 'type',
      title: t('columns.type'),
      render: (_, r) => {
        const action = drawingActionOf(r.action);
        return <Tag color={action.color}>{t(`actions.${action.key}`)}</Tag>;
      },
    },
    {
      key: 'taskId',
      title: t('columns.taskId'),
      render: (_, r) =>
        r.mj_id ? (
          <Typography.Link title={t('recordHint')} onClick={() => openText({ title: t('dialogs.record', { id: r.mj_id }), text: JSON.stringify(r, null, 2), code: true })}>
            {r.mj_id}
          </Typography.Link>
        ) : null,
    },
    {
      key: 'submitResult',
      title: t('columns.submitResult'),
      render: (_, r) => {
        const code = submitCodeOf(r.code);
        return <Tag color={code.color}>{t(`submitCode.${code.key}`)}</Tag>;
      },
    },
    {
      key: 'status',
      title: t('columns.status'),
      render: (_, r) => {
        const status = drawingStatusOf(r.status);
        return <Tag color={status.color}>{t(`status.${status.key}`)}</Tag>;
      },
    },
    { key: 'progress', title: t('columns.progress'), render: (_, r) => <ProgressCell progress={r.progress} status={r.status} /> },
    { key: 'image', title: t('columns.image'), render: (_, r) => <ResultImage url={r.image_url} taskId={r.mj_id} /> },
    {
      key: 'prompt',
      title: t('columns.prompt'),
      render: (_, r) => <ExpandableText text={r.prompt} testId="task-prompt" onOpen={() => openText({ title: t('dialogs.prompt'), text: r.prompt })} />,
    },
    {
      key: 'promptEn',
      title: t('columns.promptEn'),
      render: (_, r) => <ExpandableText text={r.prompt_en} onOpen={() => openText({ title: t('dialogs.promptEn'), text: r.prompt_en })} />,
    },
    failReasonColumn({ t, openText }),
  ];
  return columnsFor(columns, isAdmin);
}
