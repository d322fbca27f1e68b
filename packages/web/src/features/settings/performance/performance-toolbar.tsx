import { App, Button, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StatusTestResult } from '@gw/contracts';
import { notifySuccess } from '../../../lib/notify';
import { formatBytes } from './performance-format';
import { useClearDiskCache, useResetPerformanceStats, useRunGc, useTestStatus } from './performance.queries';

/** The section's actions: refresh, reset the counters, collect garbage, clear the disk cache, test status. */
export function PerformanceToolbar({ onRefresh, refreshing }: { onRefresh: () => void; refreshing: boolean }) {
  const { t } = useTranslation('performance');
  const { modal } = App.useApp();
  const reset = useResetPerformanceStats();
  const gc = useRunGc();
  const diskCache = useClearDiskCache();
  const status = useTestStatus();

  const confirmReset = () =>
    modal.confirm({
      title: t('actions.resetConfirmTitle'),
      content: t('actions.resetConfirmContent'),
      onOk: () => reset.mutateAsync().then(() => notifySuccess(t('actions.resetDone'))),
    });

  return (
    <Flex vertical gap="small">
      <Flex gap="small" wrap>
        <Button type="primary" onClick={onRefresh} loading={refreshing} data-testid="performance-refresh">
          {t('actions.refresh')}
        </Button>
        <Button onClick={confirmReset} loading={reset.isPending} data-testid="performance-reset">
          {t('actions.reset')}
        </Button>
        <Button onClick={() => gc.mutate(undefined, { onSuccess: (r) => notifySuccess(t('actions.gcDone', { size: formatBytes(r.freed_bytes) })) })} loading={gc.isPending}>
          {t('actions.gc')}
        </Button>
        <Button onClick={() => diskCache.mutate(undefined, { onSuccess: () => notifySuccess(t('actions.diskCacheDone')) })} loading={diskCache.isPending}>
          {t('actions.diskCache')}
        </Button>
        <Button onClick={() => status.mutate()} loading={status.isPending} data-testid="performance-test-status">
          {t('actions.testStatus')}
        </Button>
      </Flex>
      {status.data && !status.isPending && <StatusTags result={status.data} />}
    </Flex>
  );
}

function StatusTags({ result }: { result: StatusTestResult }) {
  const { t } = useTranslation('performance');
  const color = (state: string) => (state === 'ok' ? 'success' : state === 'down' ? 'error' : 'default');
  return (
    <Flex gap="small" wrap data-testid="performance-status-result">
      <Tag color={color(result.database)}>{t('status.database', { state: t(`status.${result.database}`) })}</Tag>
      <Tag color={color(result.redis)}>{t('status.redis', { state: t(`status.${result.redis}`) })}</Tag>
      <Tag>{t('status.connections', { count: result.http_stats.active_connections })}</Tag>
    </Flex>
  );
}
