import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../../lib/notify';
import { useResetModelRatios } from '../../api/settings.api';
import { OptionsSection } from '../options-section';
import { BoolOption, JsonOption } from '../option-inputs';

const FIELDS = {
  ModelPrice: 'json',
  ModelRatio: 'json',
  CompletionRatio: 'json',
  CacheRatio: 'json',
  CreateCacheRatio: 'json',
  AudioRatio: 'json',
  AudioCompletionRatio: 'json',
  ImageRatio: 'json',
  ToolCallPrice: 'json',
  LongContextPrice: 'json',
  GroupRatio: 'json',
  GroupGroupRatio: 'json',
  UserUsableGroups: 'json',
  AutoGroups: 'json',
  DefaultUseAutoGroup: 'bool',
  'group_ratio_setting.group_special_usable_group': 'json',
} as const;

/** The price and group maps as JSON, with the reset to the shipped defaults. */
export function RatioJsonSection({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  const { modal } = App.useApp();
  const reset = useResetModelRatios();
  const confirmReset = () =>
    modal.confirm({
      title: t('ratios.resetTitle'),
      content: t('ratios.resetContent'),
      okButtonProps: { danger: true },
      onOk: () => reset.mutateAsync().then(() => notifySuccess(t('ratios.resetDone'))),
    });

  return (
    <OptionsSection
      title={t('ratios.title')}
      fields={FIELDS}
      options={options}
      testId="settings-ratios"
      extra={
        <Button danger onClick={confirmReset} loading={reset.isPending}>
          {t('ratios.reset')}
        </Button>
      }
    >
      <JsonOption name="ModelPrice" label={t('ratios.modelPrice')} help={t('ratios.modelPriceHelp')} rows={10} />
      <JsonOption name="ModelRatio" label={t('ratios.modelRatio')} help={t('ratios.modelRatioHelp')} rows={10} />
      <JsonOption name="CompletionRatio" label={t('ratios.completionRatio')} help={t('ratios.completionRatioHelp')} rows={8} />
      <JsonOption name="CacheRatio" label={t('ratios.cacheRatio')} help={t('ratios.cacheRatioHelp')} rows={8} />
      <JsonOption name="CreateCacheRatio" label={t('ratios.createCacheRatio')} help={t('ratios.createCacheRatioHelp')} rows={6} />
      <JsonOption name="AudioRatio" label={t('ratios.audioRatio')} help={t('ratios.audioRatioHelp')} rows={6} />
      <JsonOption name="AudioCompletionRatio" label={t('ratios.audioCompletionRatio')} help={t('ratios.audioCompletionRatioHelp')} rows={6} />
      <JsonOption name="ImageRatio" label={t('ratios.imageRatio')} help={t('ratios.imageRatioHelp')} rows={4} />
      <JsonOption name="ToolCallPrice" label={t('ratios.toolCallPrice')} help={t('ratios.toolCallPriceHelp')} rows={4} />
      <JsonOption name="LongContextPrice" label={t('ratios.longContextPrice')} help={t('ratios.longContextPriceHelp')} rows={6} />
      <JsonOption name="GroupRatio" label={t('ratios.groupRatio')} help={t('ratios.groupRatioHelp')} rows={6} />
      <JsonOption name="GroupGroupRatio" label={t('ratios.groupGroupRatio')} help={t('ratios.groupGroupRatioHelp')} rows={4} />
      <JsonOption name="UserUsableGroups" label={t('ratios.userUsableGroups')} help={t('ratios.userUsableGroupsHelp')} rows={6} />
      <JsonOption name="AutoGroups" label={t('ratios.autoGroups')} help={t('ratios.autoGroupsHelp')} rows={3} />
      <BoolOption name="DefaultUseAutoGroup" label={t('ratios.defaultUseAutoGroup')} help={t('ratios.defaultUseAutoGroupHelp')} />
      <JsonOption name="group_ratio_setting.group_special_usable_group" label={t('ratios.specialUsableGroups')} help={t('ratios.specialUsableGroupsHelp')} rows={4} />
    </OptionsSection>
  );
}
