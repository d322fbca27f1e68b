import { useEffect } from 'react';
import { Form, Input, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { channelTypeOptions, SUPPLIER_SDKS, SupplierBody, type SupplierView } from '@gw/contracts';
import { issuesToFields } from '../../../../lib/form-errors';
import { notifySuccess } from '../../../../lib/notify';
import { useSaveSupplier } from '../../api/aipy-conf.queries';
import { newSupplierValues, supplierToValues, type SupplierFormValues } from '../../supplier-form';
import { AipyDialog } from '../aipy-dialog';

/** Add or edit a supplier: name, API type, SDK (openai or claude), base URL and whether it is disabled. */
export function SupplierDialog({ open, supplier, onClose }: { open: boolean; supplier: SupplierView | null; onClose: () => void }) {
  const { t } = useTranslation('aipyConf');
  const [form] = Form.useForm<SupplierFormValues>();
  const save = useSaveSupplier();

  useEffect(() => {
    if (open) form.setFieldsValue(supplier ? supplierToValues(supplier) : newSupplierValues());
  }, [open, supplier, form]);

  const submit = (values: SupplierFormValues) => {
    const parsed = SupplierBody.safeParse(values);
    if (!parsed.success) return form.setFields(issuesToFields<SupplierFormValues>(parsed.error, 'name'));
    save.mutate(
      { id: supplier?.id ?? null, body: parsed.data },
      {
        onSuccess: () => {
          notifySuccess(supplier ? t('messages.updated') : t('messages.added'));
          onClose();
        },
      },
    );
  };

  const required = (label: string) => [{ required: true, message: t('suppliers.required', { field: label }) }];
  return (
    <AipyDialog open={open} title={supplier ? t('suppliers.editTitle') : t('suppliers.addTitle')} form={form} saving={save.isPending} onClose={onClose} width={520}>
      <Form form={form} layout="vertical" onFinish={submit} autoComplete="off" initialValues={newSupplierValues()}>
        <Form.Item name="name" label={t('suppliers.fields.name')} rules={[...required(t('suppliers.fields.name')), { whitespace: true, message: t('suppliers.required', { field: t('suppliers.fields.name') }) }]}>
          <Input />
        </Form.Item>
        <Form.Item name="type" label={t('suppliers.fields.type')} rules={required(t('suppliers.fields.type'))}>
          <Select showSearch={{ optionFilterProp: 'label' }} options={channelTypeOptions.map((o) => ({ value: o.value, label: `${o.label} (${o.value})` }))} aria-label={t('suppliers.fields.type')} />
        </Form.Item>
        <Form.Item name="sdk" label={t('suppliers.fields.sdk')} rules={required(t('suppliers.fields.sdk'))}>
          <Radio.Group options={SUPPLIER_SDKS.map((s) => ({ value: s, label: s }))} />
        </Form.Item>
        <Form.Item name="base_url" label={t('suppliers.fields.baseUrl')} extra={t('suppliers.baseUrlHelp')} rules={required(t('suppliers.fields.baseUrl'))}>
          <Input placeholder="https://api.example.com" />
        </Form.Item>
        <Form.Item name="disable" label={t('suppliers.fields.disable')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </AipyDialog>
  );
}
