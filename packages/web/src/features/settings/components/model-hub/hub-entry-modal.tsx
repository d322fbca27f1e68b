import { useEffect } from 'react';
import { AutoComplete, Button, Checkbox, Col, Flex, Form, Input, InputNumber, Modal, Row, Select, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { MODEL_HUB_ICON_MAX, ModelHubInput, type ModelHubEntry } from '@gw/contracts';
import { fitScreen } from '../../../../components/responsive';
import { issuesToFields } from '../../../../lib/form-errors';
import { notifyError } from '../../../../lib/notify';
import { HUB_TAG_SUGGESTIONS, HUB_TYPES, hubEntryToForm, hubFormToBody, isHubNameTaken, type HubEntryBody, type HubEntryFormValues } from '../../model-hub/hub-entry-form';
import type { PriceMaps } from '../../pricing/price-maps';

interface HubEntryModalProps {
  /** undefined: closed; null: a new entry. */
  entry: ModelHubEntry | null | undefined;
  entries: readonly ModelHubEntry[];
  maps: PriceMaps;
  /** Priced model names offered for a new entry's name. */
  modelNames: readonly string[];
  saving: boolean;
  onSubmit: (body: HubEntryBody) => Promise<unknown>;
  onClose: () => void;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** Edits one model hub entry: description, icon, tags, kinds, limits, order and visibility. */
export function HubEntryModal({ entry, entries, maps, modelNames, saving, onSubmit, onClose }: HubEntryModalProps) {
  const { t } = useTranslation('settings');
  const [form] = Form.useForm<HubEntryFormValues>();
  const icon = Form.useWatch('icon', form);

  useEffect(() => {
    if (entry === undefined) return;
    form.resetFields();
    form.setFieldsValue(hubEntryToForm(entry ?? undefined));
  }, [entry, form]);

  const submit = async (values: HubEntryFormValues) => {
    if (isHubNameTaken(entries, values.name, entry?.id)) return form.setFields([{ name: 'name', errors: [t('pricing.errors.nameTaken')] }]);
    const body = hubFormToBody(values, maps, entry?.id);
    const parsed = ModelHubInput.safeParse(body);
    if (!parsed.success) return form.setFields(issuesToFields<HubEntryFormValues>(parsed.error, 'name'));
    await onSubmit(body);
  };

  const upload = async (file: File) => {
    const dataUrl = await readAsDataUrl(file);
    if (dataUrl.length > MODEL_HUB_ICON_MAX) notifyError(t('hub.iconTooLarge'));
    else form.setFieldValue('icon', dataUrl);
    return false;
  };

  return (
    <Modal
      open={entry !== undefined}
      title={entry ? t('hub.editTitle', { name: entry.name }) : t('hub.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={saving}
      width={fitScreen(640)}
      forceRender
    >
      <Form form={form} name="hub-entry" layout="vertical" onFinish={submit} data-testid="hub-entry-form">
        <Form.Item name="name" label={t('pricing.modelName')} rules={[{ required: true, whitespace: true, message: t('pricing.errors.nameRequired') }]}>
          <AutoComplete options={modelNames.map((value) => ({ value }))} filterOption={(input, option) => String(option?.value ?? '').includes(input)} />
        </Form.Item>
        <Form.Item name="desc" label={t('hub.desc')}>
          <Input.TextArea rows={3} />
        </Form.Item>
        <Form.Item label={t('hub.icon')} extra={t('hub.iconHelp')}>
          <Flex gap="small" align="center">
            {icon ? <img src={icon} alt="" width={32} height={32} style={{ objectFit: 'contain' }} /> : null}
            <Form.Item name="icon" noStyle>
              <Input placeholder="https:// | data:image/…" />
            </Form.Item>
            <Upload accept="image/*" showUploadList={false} beforeUpload={upload}>
              <Button>{t('hub.upload')}</Button>
            </Upload>
          </Flex>
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="tags" label={t('hub.tags')} extra={t('hub.tagsHelp')}>
              <Select mode="tags" options={HUB_TAG_SUGGESTIONS.map((value) => ({ value }))} tokenSeparators={[',']} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="model_type" label={t('hub.modelType')}>
              <Select mode="multiple" options={HUB_TYPES.map((value) => ({ value, label: `${value} · ${t(`hub.types.${value}`)}` }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="max_token" label={t('hub.maxToken')}>
              <InputNumber min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="sort" label={t('hub.sort')} extra={t('hub.sortHelp')}>
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Flex gap="large" wrap>
          <Form.Item name="multimodal" valuePropName="checked">
            <Checkbox>{t('hub.multimodal')}</Checkbox>
          </Form.Item>
          <Form.Item name="hide" valuePropName="checked">
            <Checkbox>{t('hub.hide')}</Checkbox>
          </Form.Item>
        </Flex>
      </Form>
    </Modal>
  );
}
