import { useEffect, useState } from 'react';
import { Button, Flex, Form, Input, Modal, Select } from 'antd';
import { CloudDownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CustomModelConfigView } from '@gw/contracts';
import { fitScreen } from '../../../components/responsive';
import { notifyError, notifySuccess } from '../../../lib/notify';
import {
  customModelQueries, useCreateCustomModelConfig, useLoadSupplierModels, useUpdateCustomModelConfig,
} from '../api/custom-models.queries';
import {
  cleanModels, configToValues, missingField, newCustomModelValues, selectAllModels, supplierOptions, valuesToCreateBody, valuesToUpdateBody,
  type CustomModelFormValues,
} from '../custom-model-form';

interface CustomModelDialogProps {
  open: boolean;
  /** null: add a new configuration. */
  config: CustomModelConfigView | null;
  configs: CustomModelConfigView[];
  onClose: () => void;
}

/**
 * Add or edit a model service (spec 3 §2.18): supplier (fixed when editing; configured ones disabled),
 * the user's key (masked), and the models, typed freely or loaded from the supplier.
 */
export function CustomModelDialog({ open, config, configs, onClose }: CustomModelDialogProps) {
  const { t } = useTranslation('customModels');
  const [form] = Form.useForm<CustomModelFormValues>();
  const [loaded, setLoaded] = useState<string[]>([]);
  const suppliers = useQuery({ ...customModelQueries.suppliers(), enabled: open });
  const create = useCreateCustomModelConfig();
  const update = useUpdateCustomModelConfig();
  const loadModels = useLoadSupplierModels();
  const chosen = Form.useWatch('models', form) ?? [];
  const isEdit = config !== null;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(config ? configToValues(config) : newCustomModelValues());
    setLoaded([]);
  }, [open, config, form]);

  const requireSupplierAndKey = (): boolean => {
    const missing = missingField(form.getFieldsValue(['supplier_id', 'key']) as CustomModelFormValues);
    if (!missing) return true;
    form.setFields([{ name: missing.field, errors: [missing.message] }]);
    notifyError(missing.message);
    return false;
  };

  const load = () => {
    if (!requireSupplierAndKey()) return;
    const { supplier_id, key } = form.getFieldsValue(['supplier_id', 'key']) as CustomModelFormValues;
    const supplier = suppliers.data?.find((s) => s.id === supplier_id);
    loadModels.mutate(
      { supplier_id: supplier_id ?? undefined, base_url: supplier?.base_url, type: supplier?.sdk, key: key.trim() },
      {
        onSuccess: (models) => {
          setLoaded(cleanModels(models ?? []));
          notifySuccess(t('dialog.loaded', { count: models?.length ?? 0 }));
        },
        onError: (error) => notifyError(error.message),
      },
    );
  };

  const submit = (values: CustomModelFormValues) => {
    if (!requireSupplierAndKey()) return;
    const done = (message: string) => () => {
      notifySuccess(message);
      onClose();
    };
    if (isEdit) return update.mutate({ id: config.id, body: valuesToUpdateBody(values) }, { onSuccess: done(t('dialog.updated')) });
    create.mutate(valuesToCreateBody(values), { onSuccess: done(t('dialog.created')) });
  };

  const modelOptions = cleanModels([...loaded, ...chosen]).map((m) => ({ value: m, label: m }));
  return (
    <Modal
      open={open}
      title={isEdit ? t('dialog.editTitle') : t('dialog.addTitle')}
      onCancel={onClose}
      width={fitScreen(600)}
      okText={t('dialog.save')}
      cancelText={t('dialog.cancel')}
      okButtonProps={{ loading: create.isPending || update.isPending }}
      onOk={() => form.submit()}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={submit} autoComplete="off" initialValues={newCustomModelValues()}>
        <Form.Item name="supplier_id" label={t('dialog.supplier')} required>
          <Select
            aria-label={t('dialog.supplier')}
            placeholder={t('dialog.supplierPlaceholder')}
            disabled={isEdit}
            loading={suppliers.isLoading}
            options={supplierOptions(suppliers.data ?? [], configs, config?.supplier_id ?? null)}
            onChange={() => {
              // A different supplier has different models: forget what was loaded and chosen.
              setLoaded([]);
              form.setFieldValue('models', []);
            }}
          />
        </Form.Item>
        <Form.Item name="key" label={t('dialog.key')} required extra={isEdit ? t('dialog.keyKeep') : undefined}>
          <Input.Password aria-label={t('dialog.key')} placeholder={t('dialog.keyPlaceholder')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="models" label={t('dialog.models')} extra={t('dialog.modelsHelp')}>
          <Select mode="tags" aria-label={t('dialog.models')} placeholder={t('dialog.modelsPlaceholder')} options={modelOptions} tokenSeparators={[',']} maxTagCount="responsive" />
        </Form.Item>
        <Flex gap={8} wrap>
          <Button icon={<CloudDownloadOutlined />} loading={loadModels.isPending} onClick={load}>
            {t('dialog.loadModels')}
          </Button>
          <Button onClick={() => form.setFieldValue('models', selectAllModels(chosen, loaded))} disabled={loaded.length === 0}>
            {t('dialog.selectAll')}
          </Button>
          <Button onClick={() => form.setFieldValue('models', [])}>{t('dialog.clear')}</Button>
        </Flex>
      </Form>
    </Modal>
  );
}
