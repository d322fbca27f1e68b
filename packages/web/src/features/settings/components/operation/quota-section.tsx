import { Divider } from 'antd';
import { useTranslation } from 'react-i18next';
import { OptionsSection } from '../options-section';
import { BoolOption, FieldGrid, GridCell, NumberOption } from '../option-inputs';

const FIELDS = {
  QuotaForNewUser: 'number',
  PreConsumedQuota: 'number',
  'quota_setting.enable_free_model_pre_consume': 'bool',
  QuotaForInviter: 'number',
  QuotaForInvitee: 'number',
  StreamCacheQueueLength: 'number',
  'token_setting.max_user_tokens': 'number',
  FuelPackEnabled: 'bool',
  FuelPackLimit: 'number',
  FuelPackQuota: 'number',
} as const;

/** Quota grants, pre-consumption and the per-user token cap, with the fuel-pack block (interval and quota are required). */
export function QuotaSection({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  return (
    <OptionsSection title={t('quota.title')} fields={FIELDS} options={options} testId="settings-quota">
      <FieldGrid>
        <GridCell>
          <NumberOption name="QuotaForNewUser" label={t('quota.newUser')} min={0} required />
        </GridCell>
        <GridCell>
          <NumberOption name="PreConsumedQuota" label={t('quota.preConsumed')} help={t('quota.preConsumedHelp')} min={0} required />
        </GridCell>
        <GridCell>
          <NumberOption name="QuotaForInviter" label={t('quota.inviter')} min={0} required />
        </GridCell>
        <GridCell>
          <NumberOption name="QuotaForInvitee" label={t('quota.invitee')} min={0} required />
        </GridCell>
        <GridCell>
          <NumberOption name="StreamCacheQueueLength" label={t('quota.streamCacheQueueLength')} min={0} required />
        </GridCell>
        <GridCell>
          <NumberOption name="token_setting.max_user_tokens" label={t('quota.maxUserTokens')} help={t('quota.maxUserTokensHelp')} min={1} max={100000} required />
        </GridCell>
      </FieldGrid>
      <BoolOption name="quota_setting.enable_free_model_pre_consume" label={t('quota.freeModelPreConsume')} help={t('quota.freeModelPreConsumeHelp')} />
      <Divider titlePlacement="start">{t('quota.fuelPack')}</Divider>
      <BoolOption name="FuelPackEnabled" label={t('quota.fuelPackEnabled')} />
      <FieldGrid>
        <GridCell>
          <NumberOption name="FuelPackLimit" label={t('quota.fuelPackLimit')} help={t('quota.fuelPackLimitHelp')} min={1} required />
        </GridCell>
        <GridCell>
          <NumberOption name="FuelPackQuota" label={t('quota.fuelPackQuota')} min={0} required />
        </GridCell>
      </FieldGrid>
    </OptionsSection>
  );
}
