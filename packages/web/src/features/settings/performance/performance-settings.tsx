import { Alert, Flex, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/page-spinner';
import { formatUnixTime } from '../../../lib/format';
import { PerformanceLogFiles } from './performance-log-files';
import { PerformanceSections } from './performance-sections';
import { PerformanceToolbar } from './performance-toolbar';
import { SystemLoadSection } from './system-load-section';
import { performanceQueries } from './performance.queries';

/** The settings tab "Performance" (root): the system performance check, the answering process's figures, its actions and log files. */
export function PerformanceSettings({ options }: { options: Record<string, string> }) {
  const { t, i18n } = useTranslation('performance');
  const stats = useQuery(performanceQueries.stats());

  return (
    <Flex vertical gap={16} data-testid="settings-performance">
      <PerformanceToolbar onRefresh={() => void stats.refetch()} refreshing={stats.isFetching} />
      {stats.isPending && <PageSpinner />}
      {stats.isError && <Alert type="error" showIcon title={stats.error.message} />}
      {stats.data && (
        <>
          <Alert
            type="info"
            showIcon
            title={t('note', {
              pid: stats.data.process.pid,
              worker: stats.data.process.worker_id === null ? '' : t('workerSuffix', { id: stats.data.process.worker_id }),
            })}
          />
          <Typography.Text type="secondary" data-testid="performance-since">
            {t('since', { time: formatUnixTime(stats.data.stats_since, i18n.language) })}
          </Typography.Text>
          <PerformanceSections stats={stats.data} />
        </>
      )}
      <SystemLoadSection options={options} load={stats.data?.system_load} />
      <PerformanceLogFiles />
    </Flex>
  );
}
