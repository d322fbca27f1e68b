import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChannelJsonField } from '../json-text-field';

/** Model and status-code mapping, parameter override, organisation and input limit. */
export function ChannelAdvancedFields() {
  const { t } = useTranslation('channels');
  return (
    <>
      <ChannelJsonField name="model_mapping" />
      <ChannelJsonField name="status_code_mapping" />
      <ChannelJsonField name="param_override" />
      <Form.Item name="openai_organization" label={t('form.organization')} extra={t('form.organizationHelp')}>
        <Input placeholder="org-..." />
      </Form.Item>
      <Form.Item name="max_input_tokens" label={t('form.maxInputTokens')} extra={t('form.maxInputTokensHelp')}>
        <InputNumber min={0} precision={0} style={{ width: 200 }} />
      </Form.Item>
    </>
  );
}
