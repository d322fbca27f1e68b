import { useTranslation } from 'react-i18next';
import { OptionsSection } from './options-section';
import { BoolOption, FieldGrid, GridCell, JsonOption, NumberOption } from './option-inputs';

const FIELDS = {
  ModelRequestRateLimitEnabled: 'bool',
  ModelRequestRateLimitDurationMinutes: 'number',
  ModelRequestRateLimitCount: 'number',
  ModelRequestRateLimitSuccessCount: 'number',
  ModelRequestRateLimitGroup: 'json',
  TokenConcurrencyPolicy: 'json',
} as const;

/** The "ratelimit" tab: per-user model request limits (spec 2 §5: period ≥ 0, count ≥ 0, successes ≥ 1), and per group. */
export function RateLimitSettings({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  return (
    <OptionsSection title={t('rateLimit.title')} fields={FIELDS} options={options} testId="settings-rate-limit">
      <BoolOption name="ModelRequestRateLimitEnabled" label={t('rateLimit.enabled')} />
      <FieldGrid>
        <GridCell>
          <NumberOption name="ModelRequestRateLimitDurationMinutes" label={t('rateLimit.duration')} help={t('rateLimit.durationHelp')} min={0} required />
        </GridCell>
        <GridCell>
          <NumberOption name="ModelRequestRateLimitCount" label={t('rateLimit.count')} help={t('rateLimit.countHelp')} min={0} required />
        </GridCell>
        <GridCell>
          <NumberOption name="ModelRequestRateLimitSuccessCount" label={t('rateLimit.successCount')} help={t('rateLimit.successCountHelp')} min={1} required />
        </GridCell>
      </FieldGrid>
      <JsonOption name="ModelRequestRateLimitGroup" label={t('rateLimit.byGroup')} help={t('rateLimit.byGroupHelp')} rows={4} />
      <JsonOption name="TokenConcurrencyPolicy" label={t('rateLimit.tokenConcurrency')} help={t('rateLimit.tokenConcurrencyHelp')} rows={4} />
    </OptionsSection>
  );
}
