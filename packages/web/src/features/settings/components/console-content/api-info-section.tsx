import { Form, Input, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { API_INFO_COLORS, API_INFO_MAX, ApiInfoItem } from '@gw/contracts';
import type { ListEntry } from '../../console-content/list-text';
import { BoolOption } from '../option-inputs';
import { OptionsSection } from '../options-section';
import { textRules, urlRules } from './field-rules';
import { ListOptionEditor } from './list-option-editor';

const FIELDS = { 'console_setting.api_info_enabled': 'bool', 'console_setting.api_info': 'json' } as const;
const newEntry = () => ({ color: 'blue' });

function ApiInfoFields() {
  const { t } = useTranslation('settings');
  return (
    <>
      <Form.Item name="url" label={t('consoleContent.apiInfo.url')} rules={urlRules(t)}>
        <Input placeholder="https://api.example.com" />
      </Form.Item>
      <Form.Item name="route" label={t('consoleContent.apiInfo.route')} extra={t('consoleContent.apiInfo.routeHelp')} rules={textRules(t, 100)}>
        <Input />
      </Form.Item>
      <Form.Item name="description" label={t('consoleContent.apiInfo.description')} rules={textRules(t, 200)}>
        <Input />
      </Form.Item>
      <Form.Item name="color" label={t('consoleContent.apiInfo.color')} rules={[{ required: true, message: t('validation.required') }]}>
        <Select options={API_INFO_COLORS.map((value) => ({ value, label: value }))} />
      </Form.Item>
    </>
  );
}

/** The API addresses card of the dashboard (console_setting.api_info). */
export function ApiInfoSection({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  const columns: ColumnsType<ListEntry> = [
    { key: 'route', title: t('consoleContent.apiInfo.route'), render: (_v, e) => <Tag>{String(e.route ?? '')}</Tag> },
    { key: 'url', dataIndex: 'url', title: t('consoleContent.apiInfo.url') },
    { key: 'description', dataIndex: 'description', title: t('consoleContent.apiInfo.description'), ellipsis: true },
    { key: 'color', dataIndex: 'color', title: t('consoleContent.apiInfo.color') },
  ];
  return (
    <OptionsSection title={t('consoleContent.apiInfo.title')} fields={FIELDS} options={options} testId="settings-api-info">
      <BoolOption name="console_setting.api_info_enabled" label={t('consoleContent.apiInfo.enabled')} />
      <Form.Item name="console_setting.api_info" extra={t('consoleContent.saveHint')}>
        <ListOptionEditor
          schema={ApiInfoItem}
          max={API_INFO_MAX}
          columns={columns}
          fields={<ApiInfoFields />}
          initialValues={newEntry}
          labels={{ add: t('consoleContent.apiInfo.add'), addTitle: t('consoleContent.apiInfo.addTitle'), editTitle: t('consoleContent.apiInfo.editTitle') }}
          testId="api-info-list"
        />
      </Form.Item>
    </OptionsSection>
  );
}
