import { Form, Input } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { UPTIME_KUMA_GROUPS_MAX, UptimeKumaGroup } from '@gw/contracts';
import type { ListEntry } from '../../console-content/list-text';
import { BoolOption } from '../option-inputs';
import { OptionsSection } from '../options-section';
import { textRules, urlRules } from './field-rules';
import { ListOptionEditor } from './list-option-editor';

const FIELDS = { 'console_setting.uptime_kuma_enabled': 'bool', 'console_setting.uptime_kuma_groups': 'json' } as const;

function UptimeGroupFields() {
  const { t } = useTranslation('settings');
  return (
    <>
      <Form.Item name="categoryName" label={t('consoleContent.uptime.categoryName')} rules={textRules(t, 50)}>
        <Input />
      </Form.Item>
      <Form.Item name="url" label={t('consoleContent.uptime.url')} extra={t('consoleContent.uptime.urlHelp')} rules={urlRules(t)}>
        <Input placeholder="https://status.example.com" />
      </Form.Item>
      <Form.Item
        name="slug"
        label={t('consoleContent.uptime.slug')}
        extra={t('consoleContent.uptime.slugHelp')}
        rules={[...textRules(t, 100), { pattern: /^[a-zA-Z0-9_-]+$/, message: t('consoleContent.uptime.badSlug') }]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="description" label={t('consoleContent.uptime.description')} rules={textRules(t, 200, false)}>
        <Input />
      </Form.Item>
    </>
  );
}

/** The service status panel's Uptime Kuma status pages (console_setting.uptime_kuma_groups). */
export function UptimeKumaSection({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  const columns: ColumnsType<ListEntry> = [
    { key: 'categoryName', dataIndex: 'categoryName', title: t('consoleContent.uptime.categoryName') },
    { key: 'url', dataIndex: 'url', title: t('consoleContent.uptime.url') },
    { key: 'slug', dataIndex: 'slug', title: t('consoleContent.uptime.slug') },
    { key: 'description', dataIndex: 'description', title: t('consoleContent.uptime.description'), ellipsis: true },
  ];
  return (
    <OptionsSection title={t('consoleContent.uptime.title')} fields={FIELDS} options={options} testId="settings-uptime-kuma">
      <BoolOption name="console_setting.uptime_kuma_enabled" label={t('consoleContent.uptime.enabled')} help={t('consoleContent.uptime.enabledHelp')} />
      <Form.Item name="console_setting.uptime_kuma_groups" extra={t('consoleContent.saveHint')}>
        <ListOptionEditor
          schema={UptimeKumaGroup}
          max={UPTIME_KUMA_GROUPS_MAX}
          columns={columns}
          fields={<UptimeGroupFields />}
          labels={{ add: t('consoleContent.uptime.add'), addTitle: t('consoleContent.uptime.addTitle'), editTitle: t('consoleContent.uptime.editTitle') }}
          testId="uptime-kuma-list"
        />
      </Form.Item>
    </OptionsSection>
  );
}
