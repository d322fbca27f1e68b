import { Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { LogType, type LogView } from '@gw/contracts';
import { formatUnixTime } from '../../../lib/format';
import { firstTokenColor, parseOther, durationColor } from '../log-other';
import { isRelayFailureLog } from '../log-type';
import { LogTypeTag } from './log-type-tag';
import { UserInfoPopover } from './user-info-popover';

interface ColumnDeps {
  t: TFunction<'logs'>;
  locale: string;
  isAdmin: boolean;
  formatQuota: (quota: number) => string;
}

export type LogColumn = ColumnsType<LogView>[number] & { key: string; adminOnly?: boolean };

function TimingCell({ log, t }: { log: LogView; t: TFunction<'logs'> }) {
  if (log.type !== LogType.Consume && !isRelayFailureLog(log)) return null;
  const frt = parseOther(log.other).frt;
  return (
    <Space size={4} wrap>
      <Tag color={durationColor(log.use_time)}>{t('timing.seconds', { value: log.use_time })}</Tag>
      {log.is_stream && typeof frt === 'number' && frt > 0 && (
        <Tooltip title={t('timing.firstToken')}>
          <Tag color={firstTokenColor(frt)}>{t('timing.seconds', { value: (frt / 1000).toFixed(1) })}</Tag>
        </Tooltip>
      )}
      <Tag>{log.is_stream ? t('timing.stream') : t('timing.nonStream')}</Tag>
    </Space>
  );
}

/** Every column of the log table; admin-only ones (channel, user, retry, remark) carry `adminOnly` (spec 3 §2.5). */
export function logColumns({ t, locale, isAdmin, formatQuota }: ColumnDeps): LogColumn[] {
  const columns: LogColumn[] = [
    { key: 'time', title: t('columns.time'), render: (_, l) => formatUnixTime(l.created_at, locale) },
    { key: 'channel', adminOnly: true, title: t('columns.channel'), render: (_, l) => (l.channel ? <Tooltip title={l.channel_name}><Tag>{l.channel}</Tag></Tooltip> : null) },
    { key: 'user', adminOnly: true, title: t('columns.user'), render: (_, l) => (l.user_id ? <UserInfoPopover userId={l.user_id} username={l.username} /> : null) },
    { key: 'token', title: t('columns.token'), render: (_, l) => (l.token_name ? <Tag color="blue">{l.token_name}</Tag> : null) },
    { key: 'group', title: t('columns.group'), render: (_, l) => (l.group ? <Tag>{l.group}</Tag> : null) },
    { key: 'type', title: t('columns.type'), render: (_, l) => <LogTypeTag log={l} /> },
    { key: 'model', title: t('columns.model'), render: (_, l) => (l.model_name ? <Typography.Text copyable={{ text: l.model_name }}>{l.model_name}</Typography.Text> : null) },
    { key: 'timing', title: t('columns.timing'), render: (_, l) => <TimingCell log={l} t={t} /> },
    { key: 'prompt', title: t('columns.prompt'), render: (_, l) => (l.type === LogType.Consume ? l.prompt_tokens : null) },
    { key: 'completion', title: t('columns.completion'), render: (_, l) => (l.type === LogType.Consume ? l.completion_tokens : null) },
    { key: 'quota', title: t('columns.quota'), render: (_, l) => (l.type === LogType.Consume ? formatQuota(l.quota) : null) },
    {
      key: 'retry',
      adminOnly: true,
      title: t('columns.retry'),
      render: (_, l) => {
        const tried = parseOther(l.other).admin_info?.use_channel ?? [];
        return tried.length > 1 ? t('retry.path', { path: tried.join(' → ') }) : null;
      },
    },
    { key: 'ip', title: t('columns.ip'), render: (_, l) => l.ip || null },
    {
      key: 'content',
      title: t('columns.content'),
      render: (_, l) => (l.content ? <Typography.Paragraph ellipsis={{ rows: 2, tooltip: l.content }} style={{ margin: 0, maxWidth: 260 }}>{l.content}</Typography.Paragraph> : null),
    },
    { key: 'remark', adminOnly: true, title: t('columns.remark'), render: (_, l) => l.remark || null },
  ];
  return columns.filter((c) => isAdmin || !c.adminOnly);
}
