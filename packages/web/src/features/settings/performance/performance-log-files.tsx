import { Alert, Button, Card, Flex, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LogFileInfo } from '@gw/contracts';
import { formatUnixTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { formatBytes } from './performance-format';
import { performanceQueries, useCleanupLogFiles } from './performance.queries';

/** GET /api/performance/logs and the clean-up of every file but the current one. */
export function PerformanceLogFiles() {
  const { t, i18n } = useTranslation('performance');
  const files = useQuery(performanceQueries.logFiles());
  const cleanup = useCleanupLogFiles();
  const enabled = files.data?.enabled ?? false;

  const clean = () =>
    cleanup.mutate(undefined, {
      onSuccess: (r) => notifySuccess(t('logs.cleaned', { count: r.deleted_count, size: formatBytes(r.freed_bytes) })),
    });

  return (
    <Card
      size="small"
      title={t('logs.title')}
      data-testid="performance-log-files"
      extra={
        <Button onClick={clean} loading={cleanup.isPending} disabled={!enabled}>
          {t('logs.clean')}
        </Button>
      }
    >
      {files.data && !enabled && <Alert type="info" showIcon title={t('logs.disabled')} />}
      {files.data && enabled && (
        <Flex vertical gap="small">
          <Typography.Text type="secondary">{t('logs.summary', { count: files.data.file_count, size: formatBytes(files.data.total_size) })}</Typography.Text>
          <Table<LogFileInfo>
            size="small"
            rowKey="name"
            pagination={false}
            dataSource={files.data.files}
            columns={[
              { key: 'name', title: t('logs.name'), dataIndex: 'name' },
              { key: 'size', title: t('logs.size'), dataIndex: 'size', render: (size: number) => formatBytes(size) },
              { key: 'modified', title: t('logs.modified'), dataIndex: 'mod_time', render: (time: number) => formatUnixTime(time, i18n.language) },
            ]}
          />
        </Flex>
      )}
    </Card>
  );
}
