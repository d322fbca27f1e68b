import { App, Button, Flex, Form, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../../lib/notify';
import { responseCacheQueries, useClearResponseCache } from '../../api/response-cache.queries';

/** This process's cached answers, hits and misses (and Redis's count), and a button that clears the cache everywhere. */
export function ResponseCacheStats() {
  const { t } = useTranslation('settings');
  const { modal } = App.useApp();
  const stats = useQuery(responseCacheQueries.stats());
  const clear = useClearResponseCache();

  const start = () =>
    modal.confirm({
      title: t('responseCache.clearConfirmTitle'),
      content: t('responseCache.clearConfirmContent'),
      okButtonProps: { danger: true },
      onOk: () => clear.mutateAsync().then((count) => notifySuccess(t('responseCache.cleared', { count }))),
    });

  const data = stats.data;
  return (
    <Form.Item label={t('responseCache.stats')} extra={t('responseCache.statsHelp')}>
      <Flex gap="small" wrap align="center">
        <Typography.Text data-testid="response-cache-stats">
          {data
            ? t('responseCache.statsValue', { entries: data.entries, megabytes: (data.bytes / 1024 / 1024).toFixed(1), hits: data.hits, misses: data.misses }) +
              (data.shared_entries === null ? '' : ` ${t('responseCache.sharedValue', { count: data.shared_entries })}`)
            : stats.isError
              ? t('responseCache.statsUnavailable')
              : '…'}
        </Typography.Text>
        <Button onClick={() => void stats.refetch()} loading={stats.isFetching}>
          {t('responseCache.refresh')}
        </Button>
        <Button danger onClick={start} loading={clear.isPending} data-testid="response-cache-clear">
          {t('responseCache.clear')}
        </Button>
      </Flex>
    </Form.Item>
  );
}
