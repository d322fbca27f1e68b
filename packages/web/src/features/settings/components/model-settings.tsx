import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { OptionsSection } from './options-section';
import { BoolOption, JsonOption, NumberOption } from './option-inputs';

const GEMINI = { 'gemini.safety_settings': 'json', 'gemini.version_settings': 'json' } as const;
const CLAUDE = {
  'claude.model_headers_settings': 'json',
  'claude.default_max_tokens': 'json',
  'claude.thinking_adapter_enabled': 'bool',
  'claude.thinking_adapter_budget_tokens_percentage': 'number',
} as const;
const GLOBAL = { 'global.pass_through_request_enabled': 'bool' } as const;

/** The "models" tab: Gemini and Claude request settings and global pass-through. */
export function ModelSettings({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  return (
    <Flex vertical gap={16}>
      <OptionsSection title={t('models.gemini')} fields={GEMINI} options={options} testId="settings-gemini">
        <JsonOption name="gemini.safety_settings" label={t('models.geminiSafety')} help={t('models.geminiSafetyHelp')} rows={6} />
        <JsonOption name="gemini.version_settings" label={t('models.geminiVersion')} help={t('models.geminiVersionHelp')} rows={6} />
      </OptionsSection>
      <OptionsSection title={t('models.claude')} fields={CLAUDE} options={options} testId="settings-claude">
        <JsonOption name="claude.model_headers_settings" label={t('models.claudeHeaders')} help={t('models.claudeHeadersHelp')} rows={6} />
        <JsonOption name="claude.default_max_tokens" label={t('models.claudeMaxTokens')} help={t('models.claudeMaxTokensHelp')} rows={6} />
        <BoolOption name="claude.thinking_adapter_enabled" label={t('models.claudeThinking')} help={t('models.claudeThinkingHelp')} />
        <NumberOption
          name="claude.thinking_adapter_budget_tokens_percentage"
          label={t('models.claudeBudget')}
          help={t('models.claudeBudgetHelp')}
          min={0.1}
          max={1}
          step={0.1}
          required
        />
      </OptionsSection>
      <OptionsSection title={t('models.global')} fields={GLOBAL} options={options} testId="settings-global">
        <BoolOption name="global.pass_through_request_enabled" label={t('models.passThrough')} help={t('models.passThroughHelp')} />
      </OptionsSection>
    </Flex>
  );
}
