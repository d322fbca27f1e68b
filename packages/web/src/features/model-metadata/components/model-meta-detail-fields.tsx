import { Button, Col, Dropdown, Form, Input, InputNumber, Row, Select, type FormInstance } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ENDPOINT_TYPES, type EndpointType } from '@gw/contracts';
import { notifyError } from '../../../lib/notify';
import { withEndpoint, type ModelMetaFormValues } from '../model-meta-form';

const MODALITIES = ['text', 'image', 'audio', 'video', 'file'] as const;

/** Endpoints (JSON text), limits, dates, size and modalities. */
export function ModelMetaDetailFields({ form }: { form: FormInstance<ModelMetaFormValues> }) {
  const { t } = useTranslation('modelMetadata');
  const modalityOptions = MODALITIES.map((m) => ({ value: m, label: t(`modalities.${m}`) }));
  const addEndpoint = (type: EndpointType) => {
    const next = withEndpoint(form.getFieldValue('endpoints') ?? '', type);
    if (next === null) return notifyError(t('form.endpointsNotObject'));
    form.setFields([{ name: 'endpoints', value: next, errors: [] }]);
  };
  return (
    <>
      <Form.Item label={t('form.endpoints')} extra={t('form.endpointsHelp')}>
        <Form.Item name="endpoints" noStyle>
          <Input.TextArea rows={5} aria-label={t('form.endpoints')} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        <Dropdown trigger={['click']} menu={{ items: ENDPOINT_TYPES.map((type) => ({ key: type, label: type })), onClick: ({ key }) => addEndpoint(key as EndpointType) }}>
          <Button size="small" style={{ marginTop: 8 }}>
            {t('form.addEndpoint')} <DownOutlined />
          </Button>
        </Dropdown>
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="context_length" label={t('form.contextLength')}>
            <InputNumber min={0} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="max_output_tokens" label={t('form.maxOutputTokens')}>
            <InputNumber min={0} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="knowledge_cutoff" label={t('form.knowledgeCutoff')}>
            <Input maxLength={32} placeholder={t('form.datePlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="release_date" label={t('form.releaseDate')}>
            <Input maxLength={32} placeholder={t('form.datePlaceholder')} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="parameter_count" label={t('form.parameterCount')}>
        <Input maxLength={32} placeholder={t('form.parameterCountPlaceholder')} />
      </Form.Item>
      <Form.Item name="input_modalities" label={t('form.inputModalities')}>
        <Select mode="tags" tokenSeparators={[',']} options={modalityOptions} />
      </Form.Item>
      <Form.Item name="output_modalities" label={t('form.outputModalities')}>
        <Select mode="tags" tokenSeparators={[',']} options={modalityOptions} />
      </Form.Item>
    </>
  );
}
