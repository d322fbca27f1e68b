import { useState } from 'react';
import { App, Button, DatePicker, Flex, Form, Progress } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useDeleteLogsBefore } from '../../../logs/api/logs.queries';

/** Deletes the logs older than a chosen time, after a confirmation, as a background task with its progress shown. */
export function LogCleanup() {
  const { t } = useTranslation('settings');
  const { modal } = App.useApp();
  const [time, setTime] = useState<Dayjs | null>(null);
  const clean = useDeleteLogsBefore();

  const start = () => {
    if (!time) return notifyError(t('logs.selectTime'));
    const target = time.unix();
    modal.confirm({
      title: t('logs.confirmTitle'),
      content: t('logs.confirmContent', { time: time.format('YYYY-MM-DD HH:mm:ss') }),
      okButtonProps: { danger: true },
      onOk: () => clean.mutateAsync(target).then((count) => notifySuccess(t('logs.cleaned', { count: Number(count) || 0 }))),
    });
  };

  return (
    <Form.Item label={t('logs.cleanupLabel')} extra={t('logs.cleanupHelp')} htmlFor="log-cleanup-time">
      <Flex gap="small" wrap>
        <DatePicker id="log-cleanup-time" showTime value={time} onChange={setTime} placeholder={t('logs.timePlaceholder')} />
        <Button danger onClick={start} loading={clean.isPending} data-testid="log-cleanup">
          {t('logs.cleanup')}
        </Button>
        {clean.progress !== null && <Progress percent={clean.progress} size="small" style={{ width: 160 }} data-testid="log-cleanup-progress" />}
      </Flex>
    </Form.Item>
  );
}
