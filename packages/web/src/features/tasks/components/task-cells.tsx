import { Image, Progress, Tag, Typography, theme } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCopyText } from '../../../components/copy/use-copy-text';
import { channelColorOf, isFailedTask, parseProgress, taskDurationColor, taskDurationSeconds } from '../task-display';

/** Submit-to-finish time, green at 60 s or less and red above (spec 3 §2.6); '-' while unfinished. */
export function DurationTag({ submit, finish, unit }: { submit: number; finish: number; unit: 1 | 1000 }) {
  const { t } = useTranslation('tasks');
  const seconds = taskDurationSeconds(submit, finish, unit);
  if (seconds === null) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Tag color={taskDurationColor(seconds)} icon={<ClockCircleOutlined />} data-testid="task-duration">
      {t('seconds', { value: seconds })}
    </Tag>
  );
}

/** The channel id; a click copies it (spec 3 §2.6). */
export function ChannelTag({ channelId }: { channelId: number }) {
  const { t } = useTranslation('tasks');
  const copy = useCopyText();
  if (!channelId) return null;
  return (
    <Tag color={channelColorOf(channelId)} style={{ cursor: 'pointer' }} onClick={() => void copy(String(channelId), t('channelCopied', { id: channelId }))}>
      #{channelId}
    </Tag>
  );
}

/** The progress as a bar (drawing) or circle (tasks); a failed task is drawn in the warning colour. */
export function ProgressCell({ progress, status, circle = false }: { progress: string; status: string; circle?: boolean }) {
  const { token } = theme.useToken();
  const percent = parseProgress(progress);
  if (percent === null) return <span>{progress}</span>;
  const failed = isFailedTask(status);
  return (
    <span data-testid="task-progress" data-failed={failed ? 'true' : 'false'}>
      <Progress
        percent={percent}
        size={circle ? 44 : 'small'}
        type={circle ? 'circle' : 'line'}
        // "normal" keeps a failed task at 100% from turning into the green success tick.
        status={failed ? 'normal' : undefined}
        strokeColor={failed ? token.colorWarning : undefined}
        style={circle ? undefined : { minWidth: 140 }}
      />
    </span>
  );
}

/** A long text cut to one line; a click opens the whole of it (spec 3 §2.6 prompt and fail reason). */
export function ExpandableText({ text, onOpen, testId }: { text: string; onOpen: () => void; testId?: string }) {
  const { t } = useTranslation('tasks');
  if (!text) return <Typography.Text type="secondary">{t('none')}</Typography.Text>;
  return (
    <Typography.Link ellipsis onClick={onOpen} style={{ maxWidth: 180 }} title={text} data-testid={testId}>
      {text}
    </Typography.Link>
  );
}

/** The result image as a thumbnail; a click opens the enlarged preview (spec 3 §2.6). */
export function ResultImage({ url, taskId }: { url: string; taskId: string }) {
  const { t } = useTranslation('tasks');
  if (!url) return <Typography.Text type="secondary">{t('none')}</Typography.Text>;
  return <Image src={url} alt={t('imageAlt', { id: taskId })} width={56} height={56} style={{ objectFit: 'cover' }} data-testid="task-image" />;
}
