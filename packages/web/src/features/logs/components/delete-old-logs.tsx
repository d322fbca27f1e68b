import { useState } from 'react';
import { Button, DatePicker, Popconfirm, Progress, Space } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteLogsBefore } from '../api/logs.queries';

/** Root only: removes every log created before the chosen moment (a background task; its progress shows meanwhile). */
export function DeleteOldLogs() {
  const { t } = useTranslation('logs');
  const [before, setBefore] = useState<Dayjs | null>(null);
  const remove = useDeleteLogsBefore();
  const run = () => {
    if (!before) return notifyError(t('cleanup.pickDate'));
    remove.mutate(before.unix(), { onSuccess: (count) => notifySuccess(t('cleanup.done', { count })) });
  };
  return (
    <Space.Compact>
      <DatePicker showTime value={before} onChange={setBefore} placeholder={t('cleanup.before')} aria-label={t('cleanup.before')} />
      <Popconfirm title={t('cleanup.title')} description={t('cleanup.confirm')} okButtonProps={{ danger: true }} onConfirm={run} disabled={!before}>
        <Button danger icon={<DeleteOutlined />} loading={remove.isPending} onClick={before ? undefined : run}>
          {t('cleanup.submit')}
        </Button>
      </Popconfirm>
      {remove.progress !== null && <Progress percent={remove.progress} size="small" style={{ width: 120, marginInlineStart: 8 }} />}
    </Space.Compact>
  );
}
