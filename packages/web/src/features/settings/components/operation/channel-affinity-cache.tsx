import { Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { channelAffinityQueries, useClearChannelAffinityCache } from '../../api/channel-affinity.queries';
import { ClearableCacheField } from './clearable-cache-field';

/** How many keys the affinity store remembers (in all and per named rule), and a button that clears it. */
export function ChannelAffinityCache() {
  const { t } = useTranslation('settings');
  return (
    <ClearableCacheField
      label={t('channelAffinity.cache')}
      help={t('channelAffinity.cacheHelp')}
      stats={useQuery(channelAffinityQueries.stats())}
      summary={(s) => t('channelAffinity.cacheStats', { total: s.total, capacity: s.cache_capacity })}
      extra={(s) =>
        Object.entries(s.by_rule_name ?? {}).map(([name, count]) => (
          <Tag key={name}>
            {name}: {count}
          </Tag>
        ))
      }
      clear={useClearChannelAffinityCache()}
      texts={{
        unavailable: t('channelAffinity.cacheUnavailable'),
        refresh: t('channelAffinity.refresh'),
        clear: t('channelAffinity.clear'),
        confirmTitle: t('channelAffinity.clearConfirmTitle'),
        confirmContent: t('channelAffinity.clearConfirmContent'),
        cleared: (count) => t('channelAffinity.cleared', { count }),
      }}
      testId="channel-affinity"
    />
  );
}
