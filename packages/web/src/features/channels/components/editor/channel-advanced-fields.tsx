import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { JsonTextField } from '../json-text-field';

/** Model and status-code mapping, parameter override, settings JSON, organisation and input limit. */
export function ChannelAdvancedFields() {
  const { t } = useTranslation('channels');
  return (
    <>
      <JsonTextField
        name="model_mapping"
        label={t('form.modelMapping')}
        invalidMessage={t('problems.modelMapping')}
        placeholder={t('form.modelMappingPlaceholder')}
        extra={t('form.modelMappingHelp')}
      />
      <JsonTextField
        name="status_code_mapping"
        label={t('form.statusCodeMapping')}
        invalidMessage={t('problems.statusCodeMapping')}
        placeholder={t('form.statusCodeMappingPlaceholder')}
        extra={t('form.statusCodeMappingHelp')}
      />
      <JsonTextField
        name="param_override"
        label={t('form.paramOverride')}
        invalidMessage={t('problems.json')}
        placeholder={t('form.paramOverridePlaceholder')}
        extra={t('form.paramOverrideHelp')}
      />
      <JsonTextField
        name="setting"
        label={t('form.setting')}
        invalidMessage={t('problems.json')}
        placeholder={t('form.settingPlaceholder')}
        extra={t('form.settingHelp')}
      />
      <Form.Item name="openai_organization" label={t('form.organization')} extra={t('form.organizationHelp')}>
        <Input placeholder="org-..." />
      </Form.Item>
      <Form.Item name="max_input_tokens" label={t('form.maxInputTokens')} extra={t('form.maxInputTokensHelp')}>
        <InputNumber min={0} precision={0} style={{ width: 200 }} />
      </Form.Item>
    </>
  );
}
