import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { rulesTextProblem } from '../../channel-affinity-rules';
import { OptionsSection } from '../options-section';
import { BoolOption, FieldGrid, GridCell, NumberOption, SwitchRow } from '../option-inputs';
import { ChannelAffinityCache } from './channel-affinity-cache';

const FIELDS = {
  'channel_affinity_setting.enabled': 'bool',
  'channel_affinity_setting.switch_on_success': 'bool',
  'channel_affinity_setting.max_entries': 'number',
  'channel_affinity_setting.default_ttl_seconds': 'number',
  'channel_affinity_setting.rules': 'json',
} as const;

const RULES_EXAMPLE = '[{"name": "codex", "model_regex": ["^gpt-"], "path_regex": ["/v1/responses"], "key_sources": [{"type": "gjson", "path": "prompt_cache_key"}], "include_rule_name": true}]';

/** Channel affinity: requests sharing a key (a conversation, a session) stay on the channel that served them, so upstream prompt caches hit. */
export function ChannelAffinitySection({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  const rulesRule = {
    validator: (_r: unknown, value: string | undefined) => {
      const problem = rulesTextProblem(value);
      return problem ? Promise.reject(new Error(t(problem === 'json' ? 'validation.json' : 'channelAffinity.rulesNotArray'))) : Promise.resolve();
    },
  };
  return (
    <OptionsSection title={t('channelAffinity.title')} fields={FIELDS} options={options} testId="settings-channel-affinity">
      <SwitchRow>
        <BoolOption name="channel_affinity_setting.enabled" label={t('channelAffinity.enabled')} />
        <BoolOption name="channel_affinity_setting.switch_on_success" label={t('channelAffinity.switchOnSuccess')} help={t('channelAffinity.switchOnSuccessHelp')} />
      </SwitchRow>
      <FieldGrid>
        <GridCell>
          <NumberOption name="channel_affinity_setting.max_entries" label={t('channelAffinity.maxEntries')} help={t('channelAffinity.maxEntriesHelp')} min={1} max={10000000} required />
        </GridCell>
        <GridCell>
          <NumberOption name="channel_affinity_setting.default_ttl_seconds" label={t('channelAffinity.defaultTtl')} help={t('channelAffinity.defaultTtlHelp')} min={1} required />
        </GridCell>
      </FieldGrid>
      <Form.Item name="channel_affinity_setting.rules" label={t('channelAffinity.rules')} extra={t('channelAffinity.rulesHelp')} validateTrigger="onBlur" rules={[rulesRule]}>
        <Input.TextArea rows={10} spellCheck={false} style={{ fontFamily: 'monospace' }} placeholder={RULES_EXAMPLE} />
      </Form.Item>
      <ChannelAffinityCache />
    </OptionsSection>
  );
}
