import { Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { channelProxyProblem } from '@gw/contracts';
import { notifySuccess } from '../../../../lib/notify';
import type { ChannelFormValues } from '../../channel-form';
import { absorbSettingText } from '../../channel-setting-form';
import { JsonTextField } from '../json-text-field';

const SWITCHES = [
  { key: 'force_format', label: 'forceFormat' },
  { key: 'thinking_to_content', label: 'thinkingToContent' },
  { key: 'pass_through_body_enabled', label: 'passThroughBody' },
] as const;

/**
 * The channel's `setting` JSON: the keys the gateway acts on as fields, every other key in a JSON text
 * area. A known key typed into the text area moves into its field when the text area loses focus.
 */
export function ChannelSettingsFields() {
  const { t } = useTranslation('channels');
  const form = Form.useFormInstance<ChannelFormValues>();
  const systemPrompt = Form.useWatch(['settings', 'system_prompt'], form);

  const moveKnownKeys = () => {
    const result = absorbSettingText(form.getFieldValue('settings') as ChannelFormValues['settings'], form.getFieldValue('setting') as string);
    if ('problem' in result || result.moved.length === 0) return;
    form.setFieldsValue({ settings: result.settings, setting: result.setting });
    form.setFields(result.moved.map((key) => ({ name: ['settings', key], errors: [] })));
    if (result.moved.includes('proxy')) void form.validateFields([['settings', 'proxy']]).catch(() => undefined);
    notifySuccess(t('settings.moved', { keys: result.moved.join(', ') }));
  };

  return (
    <>
      {SWITCHES.map(({ key, label }) => (
        <Form.Item key={key} name={['settings', key]} label={t(`settings.${label}`)} valuePropName="checked" extra={t(`settings.${label}Help`)}>
          <Switch aria-label={t(`settings.${label}`)} />
        </Form.Item>
      ))}
      <Form.Item
        name={['settings', 'proxy']}
        label={t('settings.proxy')}
        extra={t('settings.proxyHelp')}
        validateTrigger="onBlur"
        rules={[{ validator: (_, v: string | undefined) => { const p = channelProxyProblem(v ?? ''); return p ? Promise.reject(new Error(p)) : Promise.resolve(); } }]}
      >
        <Input placeholder="socks5://user:pass@127.0.0.1:1080" spellCheck={false} />
      </Form.Item>
      <Form.Item name={['settings', 'system_prompt']} label={t('settings.systemPrompt')} extra={t('settings.systemPromptHelp')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 10 }} placeholder={t('settings.systemPromptPlaceholder')} />
      </Form.Item>
      {(systemPrompt ?? '').trim() !== '' && (
        <Form.Item name={['settings', 'system_prompt_override']} label={t('settings.systemPromptOverride')} valuePropName="checked" extra={t('settings.systemPromptOverrideHelp')}>
          <Switch aria-label={t('settings.systemPromptOverride')} />
        </Form.Item>
      )}
      <JsonTextField
        name="setting"
        label={t('form.setting')}
        invalidMessage={t('problems.json')}
        placeholder={t('form.settingPlaceholder')}
        extra={t('form.settingHelp')}
        rows={3}
        check={(text) => {
          const result = absorbSettingText(form.getFieldValue('settings') as ChannelFormValues['settings'], text);
          return 'problem' in result ? result.problem : null;
        }}
        onBlur={moveKnownKeys}
      />
    </>
  );
}
