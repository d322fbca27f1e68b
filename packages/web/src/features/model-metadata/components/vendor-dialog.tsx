import { useEffect } from 'react';
import { Form, Input, Modal, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { VENDOR_DESCRIPTION_MAX, VENDOR_NAME_MAX, type VendorView } from '@gw/contracts';
import { EntityIcon } from '../../../components/icon/entity-icon';
import { fitScreen } from '../../../components/responsive';
import { notifySuccess } from '../../../lib/notify';
import { useSaveVendor } from '../api/model-metadata.queries';
import { newVendorValues, vendorBodyOf, vendorToValues, type VendorFormValues } from '../vendor-form';

/** Add or edit a vendor: name, description, icon and status. */
export function VendorDialog({ open, vendor, onClose }: { open: boolean; vendor: VendorView | null; onClose: () => void }) {
  const { t } = useTranslation('modelMetadata');
  const [form] = Form.useForm<VendorFormValues>();
  const save = useSaveVendor();
  const icon = Form.useWatch('icon', form);
  const name = Form.useWatch('name', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(vendor ? vendorToValues(vendor) : newVendorValues());
  }, [open, vendor, form]);

  const submit = () => {
    const result = vendorBodyOf({ ...newVendorValues(), ...(form.getFieldsValue(true) as Partial<VendorFormValues>) });
    if (!result.ok) return form.setFields(result.fields);
    save.mutate(
      { id: vendor?.id ?? null, body: result.body },
      {
        onSuccess: () => {
          notifySuccess(vendor ? t('vendors.updated') : t('vendors.created'));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={vendor ? t('vendors.form.editTitle') : t('vendors.form.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('vendors.form.save')}
      cancelText={t('vendors.form.cancel')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'vendor-submit' }}
      width={fitScreen(520)}
      forceRender
      data-testid="vendor-dialog"
    >
      <Form form={form} name="vendor" layout="vertical" onFinish={submit} autoComplete="off" initialValues={newVendorValues()}>
        <Form.Item name="name" label={t('vendors.form.name')} rules={[{ required: true, whitespace: true, message: t('vendors.form.nameRequired') }]}>
          <Input maxLength={VENDOR_NAME_MAX} />
        </Form.Item>
        <Form.Item name="description" label={t('vendors.form.description')}>
          <Input.TextArea rows={2} maxLength={VENDOR_DESCRIPTION_MAX} />
        </Form.Item>
        <Form.Item name="icon" label={t('vendors.form.icon')} extra={t('form.iconHelp')}>
          <Input prefix={<EntityIcon icon={icon} name={name ?? ''} size={20} />} allowClear />
        </Form.Item>
        <Form.Item name="enabled" label={t('vendors.form.status')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
