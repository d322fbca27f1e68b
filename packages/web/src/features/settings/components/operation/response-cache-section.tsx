import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { RESPONSE_CACHE_MODES } from '@gw/contracts';
import { OptionsSection } from '../options-section';
import { FieldGrid, GridCell, NumberOption } from '../option-inputs';
import { ResponseCacheStats } from './response-cache-stats';

const FIELDS = {
  'response_cache.mode': 'text',
  'response_cache.ttl_seconds': 'number',
  'response_cache.billing_ratio': 'number',
  'response_cache.max_memory_mb': 'number',
} as const;

/** The relay's response cache: when it answers, how long it keeps answers, what a cached answer costs, its memory bound; its figures and clearing. */
export function ResponseCacheSection({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  return (
    <OptionsSection title={t('responseCache.title')} fields={FIELDS} options={options} testId="settings-response-cache">
      <FieldGrid>
        <GridCell>
          <Form.Item name="response_cache.mode" label={t('responseCache.mode')} extra={t('responseCache.modeHelp')}>
            <Select options={RESPONSE_CACHE_MODES.map((m) => ({ value: m, label: t(`responseCache.modes.${m}`) }))} />
          </Form.Item>
        </GridCell>
        <GridCell>
          <NumberOption name="response_cache.ttl_seconds" label={t('responseCache.ttl')} help={t('responseCache.ttlHelp')} min={1} max={2_592_000} required />
        </GridCell>
        <GridCell>
          <NumberOption name="response_cache.billing_ratio" label={t('responseCache.billingRatio')} help={t('responseCache.billingRatioHelp')} min={0} max={1} step={0.05} required />
        </GridCell>
        <GridCell>
          <NumberOption name="response_cache.max_memory_mb" label={t('responseCache.maxMemory')} help={t('responseCache.maxMemoryHelp')} min={1} required />
        </GridCell>
      </FieldGrid>
      <ResponseCacheStats />
    </OptionsSection>
  );
}
