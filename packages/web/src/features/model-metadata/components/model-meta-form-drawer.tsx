import { useEffect } from 'react';
import { Divider, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ModelMetaView, VendorView } from '@gw/contracts';
import { FormDrawer } from '../../../components/form/form-drawer';
import { fitScreen } from '../../../components/responsive';
import { notifySuccess } from '../../../lib/notify';
import { useSaveModelMeta } from '../api/model-metadata.queries';
import { modelMetaBodyOf, modelMetaToValues, newModelMetaValues, type ModelMetaFormValues } from '../model-meta-form';
import { ModelMetaBasicFields } from './model-meta-basic-fields';
import { ModelMetaDetailFields } from './model-meta-detail-fields';

interface ModelMetaFormDrawerProps {
  open: boolean;
  /** null while creating. */
  meta: ModelMetaView | null;
  /** A new entry's model name. */
  presetName: string;
  vendors: VendorView[];
  onClose: () => void;
}

/** Create or edit a metadata entry; the contract schema checks it before it is sent, the server's refusal is shown as a notice. */
export function ModelMetaFormDrawer({ open, meta, presetName, vendors, onClose }: ModelMetaFormDrawerProps) {
  const { t } = useTranslation('modelMetadata');
  const [form] = Form.useForm<ModelMetaFormValues>();
  const save = useSaveModelMeta();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(meta ? modelMetaToValues(meta) : newModelMetaValues(presetName));
  }, [open, meta, presetName, form]);

  const submit = () => {
    const values = { ...newModelMetaValues(), ...(form.getFieldsValue(true) as Partial<ModelMetaFormValues>) };
    const result = modelMetaBodyOf(values);
    if (!result.ok) return form.setFields(result.fields);
    save.mutate(
      { id: meta?.id ?? null, body: result.body },
      {
        onSuccess: () => {
          notifySuccess(meta ? t('form.updated') : t('form.created'));
          onClose();
        },
      },
    );
  };

  return (
    <FormDrawer
      title={meta ? t('form.editTitle') : t('form.createTitle')}
      open={open}
      size={fitScreen(560)}
      forceRender
      onClose={onClose}
      cancelLabel={t('form.cancel')}
      submitLabel={t('form.save')}
      submitting={save.isPending}
      onSubmit={() => form.submit()}
      submitTestId="model-meta-submit"
      data-testid="model-meta-drawer"
    >
      <Form form={form} name="model-meta" layout="vertical" onFinish={submit} autoComplete="off" initialValues={newModelMetaValues()}>
        <Divider titlePlacement="start">{t('form.basics')}</Divider>
        <ModelMetaBasicFields form={form} vendors={vendors} />
        <Divider titlePlacement="start">{t('form.details')}</Divider>
        <ModelMetaDetailFields form={form} />
      </Form>
    </FormDrawer>
  );
}
