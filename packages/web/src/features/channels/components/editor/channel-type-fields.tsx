import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { isOtherRequired, otherFieldKindOf, type ChannelFormValues } from '../../channel-form';
import type { ChannelTypeChoice } from './use-channel-types';

/** Type (with its default base URL as placeholder), the type's extra field kept in `other`, and the base URL. */
export function ChannelTypeFields({ types, baseUrlRequired }: { types: ChannelTypeChoice[]; baseUrlRequired: boolean }) {
  const { t } = useTranslation('channels');
  const form = Form.useFormInstance<ChannelFormValues>();
  const type = Form.useWatch('type', form);
  const kind = otherFieldKindOf(type ?? 0);
  const defaultBaseUrl = types.find((c) => c.value === type)?.defaultBaseUrl ?? '';
  return (
    <>
      <Form.Item name="type" label={t('form.type')} required>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={types.map((c) => ({ value: c.value, label: `${c.label} (${c.value})` }))}
          data-testid="channel-type-select"
        />
      </Form.Item>
      {kind && (
        <Form.Item name="other" label={t(`other.${kind}.label`)} extra={t(`other.${kind}.help`)} required={isOtherRequired(type ?? 0)}>
          {kind === 'vertexRegion' ? (
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} placeholder={t(`other.${kind}.placeholder`)} spellCheck={false} />
          ) : (
            <Input placeholder={t(`other.${kind}.placeholder`)} />
          )}
        </Form.Item>
      )}
      <Form.Item
        name="base_url"
        label={t('form.baseUrl')}
        required={baseUrlRequired}
        extra={baseUrlRequired ? t('form.baseUrlRequiredHelp') : t('form.baseUrlHelp')}
      >
        <Input placeholder={defaultBaseUrl || t('form.baseUrlPlaceholder')} />
      </Form.Item>
    </>
  );
}
