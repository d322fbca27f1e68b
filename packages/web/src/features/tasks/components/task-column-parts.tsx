import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { ChannelTag, ExpandableText } from './task-cells';
import type { TextDialogContent } from './text-dialog';

/** What the drawing and task log column builders need. */
export interface TaskLogColumnDeps {
  t: TFunction<'tasks'>;
  locale: string;
  isAdmin: boolean;
  openText: (content: TextDialogContent) => void;
}

export type TaskLogColumn<Row> = ColumnsType<Row>[number] & { key: string; adminOnly?: boolean };

/** The channel that ran the task; for administrators only. */
export function channelColumn<Row extends { channel_id: number }>(t: TFunction<'tasks'>): TaskLogColumn<Row> {
  return { key: 'channel', adminOnly: true, title: t('columns.channel'), render: (_, r) => <ChannelTag channelId={r.channel_id} /> };
}

/** Why the task failed, pinned to the right, opening in full in the text dialog. */
export function failReasonColumn<Row extends { fail_reason: string }>({ t, openText }: Pick<TaskLogColumnDeps, 't' | 'openText'>): TaskLogColumn<Row> {
  return {
    key: 'failReason',
    title: t('columns.failReason'),
    fixed: 'right',
    render: (_, r) => <ExpandableText text={r.fail_reason} testId="task-fail-reason" onOpen={() => openText({ title: t('dialogs.failReason'), text: r.fail_reason })} />,
  };
}

/** The columns this viewer may see: administrator-only ones are dropped for everyone else. */
export function columnsFor<Row>(columns: TaskLogColumn<Row>[], isAdmin: boolean): TaskLogColumn<Row>[] {
  return columns.filter((c) => isAdmin || !c.adminOnly);
}
