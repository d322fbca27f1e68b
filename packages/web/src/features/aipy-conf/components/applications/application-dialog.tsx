import { useEffect } from 'react';
import { Button, Checkbox, Col, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  APP_DISPLAY_NAME_REQUIRED, APP_DXT_URL_REQUIRED, APP_NAME_REQUIRED, APP_VERSION_REQUIRED, APPLICATION_TYPES, ApplicationBody, type ApplicationView,
} from '@gw/contracts';
import { issuesToFields } from '../../../../lib/form-errors';
import { notifySuccess } from '../../../../lib/notify';
import { groupQueries } from '../../../groups/api/groups.queries';
import { useCreateApplication, useUpdateApplication } from '../../api/aipy-conf.queries';
import { applicationToValues, defaultPackageAddress, newApplicationValues, valuesToApplicationBody, type ApplicationFormValues } from '../../application-form';
import { AipyDialog } from '../aipy-dialog';

const required = (message: string) => [{ required: true, whitespace: true, message }];

/** Add or edit a marketplace application (spec 3 §2.17), with the default package address button. */
export function ApplicationDialog({ open, app, onClose }: { open: boolean; app: ApplicationView | null; onClose: () => void }) {
  const { t } = useTranslation('aipyConf');
  const [form] = Form.useForm<ApplicationFormValues>();
  const groups = useQuery({ ...groupQueries.names(), enabled: open });
  const create = useCreateApplication();
  const update = useUpdateApplication();

  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(app ? applicationToValues(app) : newApplicationValues());
    }
  }, [open, app, form]);

  const fillDefaultAddress = async () => {
    try {
      await form.validateFields(['name', 'version']);
    } catch {
      return;
    }
    const result = defaultPackageAddress(form.getFieldValue('name') ?? '', form.getFieldValue('version') ?? '', Date.now());
    if (!result.ok) return form.setFields([{ name: result.field, errors: [result.message] }]);
    form.setFields([{ name: 'dxt_url', value: result.url, errors: [] }]);
  };

  const submit = (values: ApplicationFormValues) => {
    const parsed = ApplicationBody.safeParse(valuesToApplicationBody(values));
    if (!parsed.success) return form.setFields(issuesToFields<ApplicationFormValues>(parsed.error, 'name'));
    const done = (message: string) => () => {
      notifySuccess(message);
      onClose();
    };
    if (app) return update.mutate({ id: app.id, body: parsed.data }, { onSuccess: done(t('messages.appUpdated')) });
    create.mutate(parsed.data, { onSuccess: done(t('messages.appCreated')) });
  };

  return (
    <AipyDialog open={open} title={app ? t('apps.editTitle') : t('apps.addTitle')} form={form} saving={create.isPending || update.isPending} onClose={onClose}>
      <Form form={form} layout="vertical" onFinish={submit} autoComplete="off" initialValues={newApplicationValues()}>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="name" label={t('apps.fields.name')} extra={t('apps.nameHelp')} rules={required(APP_NAME_REQUIRED)}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="display_name" label={t('apps.fields.displayName')} rules={required(APP_DISPLAY_NAME_REQUIRED)}>
              <Input />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="version" label={t('apps.fields.version')} rules={required(APP_VERSION_REQUIRED)}>
          <Input placeholder="1.0.0" />
        </Form.Item>
        <Form.Item label={t('apps.fields.dxtUrl')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="dxt_url" noStyle rules={required(APP_DXT_URL_REQUIRED)}>
              <Input aria-label={t('apps.fields.dxtUrl')} />
            </Form.Item>
            <Button icon={<LinkOutlined />} onClick={() => void fillDefaultAddress()}>
              {t('apps.defaultAddress')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Form.Item name="description" label={t('apps.fields.description')}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} />
        </Form.Item>
        <Form.Item name="homepage" label={t('apps.fields.homepage')}>
          <Input placeholder="https://" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="type" label={t('apps.fields.type')}>
              <Select aria-label={t('apps.fields.type')} options={APPLICATION_TYPES.map((type) => ({ value: type, label: t(`apps.types.${type}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="rank" label={t('apps.fields.rank')} extra={t('apps.rankHelp')}>
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="app_groups" label={t('apps.fields.groups')} extra={t('apps.groupsHelp')}>
          <Checkbox.Group options={(groups.data ?? []).map((g) => ({ value: g, label: g }))} />
        </Form.Item>
        <Form.Item name="keywords" label={t('apps.fields.keywords')}>
          <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', '，']} aria-label={t('apps.fields.keywords')} placeholder={t('prompts.tagsHelp')} />
        </Form.Item>
      </Form>
    </AipyDialog>
  );
}
