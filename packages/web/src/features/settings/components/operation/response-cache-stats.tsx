import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { responseCacheQueries, useClearResponseCache } from '../../api/response-cache.queries';
import { ClearableCacheField } from './clearable-cache-field';

/** This process's cached answers, hits and misses (and Redis's count), and a button that clears the cache everywhere. */
export function ResponseCacheStats() {
  const { t } = useTranslation('settings');
  return (
    <ClearableCacheField
      label={t('responseCache.stats')}
      help={t('responseCache.statsHelp')}
      stats={useQuery(responseCacheQueries.stats())}
      summary={(s) =>
        t('responseCache.statsValue', { entries: s.entries, megabytes: (s.bytes / 1024 / 1024).toFixed(1), hits: s.hits, misses: s.misses }) +
        (s.shared_entries === null ? '' : ` ${t('responseCache.sharedValue', { count: s.shared_entries })}`)
      }
      clear={useClearResponseCache()}
      texts={{
        unavailable: t('responseCache.statsUnavailable'),
        refresh: t('responseCache.refresh'),
        clear: t('responseCache.clear'),
        confirmTitle: t('responseCache.clearConfirmTitle'),
        confirmContent: t('responseCache.clearConfirmContent'),
        cleared: (count) => t('responseCache.cleared', { count }),
      }}
      testId="response-cache"
    />
  );
}
