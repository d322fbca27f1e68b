import { App, Button, Flex, Form, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../../lib/notify';
import { channelAffinityQueries, useClearChannelAffinityCache } from '../../api/channel-affinity.queries';

/** How many keys the affinity store remembers (in all and per named rule), and a button that clears it. */
export function ChannelAffinityCache() {
  const { t } = useTranslation('settings');
  const { modal } = App.useApp();
  const stats = useQuery(channelAffinityQueries.stats());
  const clear = useClearChannelAffinityCache();

  const start = () =>
    modal.confirm({
      title: t('channelAffinity.clearConfirmTitle'),
      content: t('channelAffinity.clearConfirmContent'),
      okButtonProps: { danger: true },
      onOk: () => clear.mutateAsync().then((count) => notifySuccess(t('channelAffinity.cleared', { count }))),
    });

  return (
    <Form.Item label={t('channelAffinity.cache')} extra={t('channelAffinity.cacheHelp')}>
      <Flex gap="small" wrap align="center">
        <Typography.Text data-testid="channel-affinity-stats">
          {stats.data ? t('channelAffinity.cacheStats', { total: stats.data.total, capacity: stats.data.cache_capacity }) : stats.isError ? t('channelAffinity.cacheUnavailable') : '…'}
        </Typography.Text>
        {Object.entries(stats.data?.by_rule_name ?? {}).map(([name, count]) => (
          <Tag key={name}>
            {name}: {count}
          </Tag>
        ))}
        <Button onClick={() => void stats.refetch()} loading={stats.isFetching}>
          {t('channelAffinity.refresh')}
        </Button>
        <Button danger onClick={start} loading={clear.isPending} data-testid="channel-affinity-clear">
          {t('channelAffinity.clear')}
        </Button>
      </Flex>
    </Form.Item>
  );
}
