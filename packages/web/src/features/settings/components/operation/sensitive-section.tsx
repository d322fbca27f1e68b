import { useTranslation } from 'react-i18next';
import { OptionsSection } from '../options-section';
import { BoolOption, SwitchRow, TextOption } from '../option-inputs';

const FIELDS = { CheckSensitiveEnabled: 'bool', CheckSensitiveOnPromptEnabled: 'bool', StopOnSensitiveEnabled: 'bool', SensitiveWords: 'text' } as const;

/** The sensitive-word filter (one word per line). */
export function SensitiveSection({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  return (
    <OptionsSection title={t('sensitive.title')} fields={FIELDS} options={options} testId="settings-sensitive">
      <SwitchRow>
        <BoolOption name="CheckSensitiveEnabled" label={t('sensitive.enabled')} />
        <BoolOption name="CheckSensitiveOnPromptEnabled" label={t('sensitive.onPrompt')} />
        <BoolOption name="StopOnSensitiveEnabled" label={t('sensitive.stop')} help={t('sensitive.stopHelp')} />
      </SwitchRow>
      <TextOption name="SensitiveWords" label={t('sensitive.words')} help={t('sensitive.wordsHelp')} rows={6} />
    </OptionsSection>
  );
}
