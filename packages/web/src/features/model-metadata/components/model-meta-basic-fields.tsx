import { Flex, Form, Input, Select, Switch, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { MODEL_META_DESCRIPTION_MAX, MODEL_META_NAME_MAX, NAME_RULES, type VendorView } from '@gw/contracts';
import { EntityIcon } from '../../../components/icon/entity-icon';
import type { ModelMetaFormValues } from '../model-meta-form';
import { nameRuleKeyOf } from '../model-meta-display';

/** Name, name rule, vendor, description, icon, tags and the enabled switch. */
export function ModelMetaBasicFields({ form, vendors }: { form: FormInstance<ModelMetaFormValues>; vendors: VendorView[] }) {
  const { t } = useTranslation('modelMetadata');
  const icon = Form.useWatch('icon', form);
  const name = Form.useWatch('model_name', form);
  return (
    <>
      <Form.Item name="model_name" label={t('form.modelName')} rules={[{ required: true, whitespace: true, message: t('form.modelNameRequired') }]}>
        <Input maxLength={MODEL_META_NAME_MAX} />
      </Form.Item>
      <Form.Item name="name_rule" label={t('form.nameRule')} extra={t('form.nameRuleHelp')}>
        <Select options={NAME_RULES.map((rule) => ({ value: rule, label: t(`nameRules.${nameRuleKeyOf(rule)}`) }))} />
      </Form.Item>
      <Form.Item name="vendor_id" label={t('form.vendor')}>
        <Select
          showSearch={{ optionFilterProp: 'title' }}
          options={[
            { value: 0, title: t('form.noVendor'), label: t('form.noVendor') },
            ...vendors.map((v) => ({
              value: v.id,
              title: v.name,
              label: (
                <Flex gap={8} align="center">
                  <EntityIcon icon={v.icon} name={v.name} size={18} />
                  <span>{v.name}</span>
                </Flex>
              ),
            })),
          ]}
        />
      </Form.Item>
      <Form.Item name="description" label={t('form.description')}>
        <Input.TextArea rows={3} maxLength={MODEL_META_DESCRIPTION_MAX} />
      </Form.Item>
      <Form.Item name="icon" label={t('form.icon')} extra={t('form.iconHelp')}>
        <Input prefix={<EntityIcon icon={icon} name={name ?? ''} size={20} />} allowClear />
      </Form.Item>
      <Form.Item name="tags" label={t('form.tags')}>
        <Select mode="tags" tokenSeparators={[',']} placeholder={t('form.tagsPlaceholder')} options={[]} notFoundContent={null} />
      </Form.Item>
      <Form.Item name="enabled" label={t('form.status')} extra={t('form.statusHelp')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  );
}
