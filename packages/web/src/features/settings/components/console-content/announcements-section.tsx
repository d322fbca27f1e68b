import { DatePicker, Form, Input, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ANNOUNCEMENT_TYPES, ANNOUNCEMENTS_MAX, Announcement } from '@gw/contracts';
import type { ListEntry } from '../../console-content/list-text';
import { BoolOption } from '../option-inputs';
import { OptionsSection } from '../options-section';
import { textRules } from './field-rules';
import { ListOptionEditor } from './list-option-editor';

const FIELDS = { 'console_setting.announcements_enabled': 'bool', 'console_setting.announcements': 'json' } as const;
const newEntry = () => ({ publishDate: dayjs(), type: 'default' });
// The dialog's date picker holds a dayjs; the option stores an RFC 3339 date-time as new-api does.
const toForm = (e: ListEntry) => ({ ...e, publishDate: typeof e.publishDate === 'string' ? dayjs(e.publishDate) : undefined });
const fromForm = (v: Record<string, unknown>): ListEntry => ({ ...v, publishDate: (v.publishDate as Dayjs | undefined)?.toISOString() ?? '', extra: v.extra ?? '' });

function AnnouncementFields() {
  const { t } = useTranslation('settings');
  return (
    <>
      <Form.Item name="content" label={t('consoleContent.announcements.content')} extra={t('consoleContent.htmlHelp')} rules={textRules(t, 500)}>
        <Input.TextArea rows={4} />
      </Form.Item>
      <Form.Item name="publishDate" label={t('consoleContent.announcements.publishDate')} rules={[{ required: true, message: t('validation.required') }]}>
        <DatePicker showTime style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="type" label={t('consoleContent.announcements.type')}>
        <Select options={ANNOUNCEMENT_TYPES.map((value) => ({ value, label: t(`consoleContent.announcements.types.${value}`) }))} />
      </Form.Item>
      <Form.Item name="extra" label={t('consoleContent.announcements.extra')} rules={textRules(t, 200, false)}>
        <Input />
      </Form.Item>
    </>
  );
}

/** The announcements timeline of the dashboard (console_setting.announcements). */
export function AnnouncementsSection({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  const columns: ColumnsType<ListEntry> = [
    { key: 'content', dataIndex: 'content', title: t('consoleContent.announcements.content'), ellipsis: true },
    { key: 'publishDate', title: t('consoleContent.announcements.publishDate'), render: (_v, e) => dayjs(String(e.publishDate)).format('YYYY-MM-DD HH:mm') },
    { key: 'type', title: t('consoleContent.announcements.type'), render: (_v, e) => t(`consoleContent.announcements.types.${(e.type as Announcement['type']) ?? 'default'}`) },
  ];
  return (
    <OptionsSection title={t('consoleContent.announcements.title')} fields={FIELDS} options={options} testId="settings-announcements">
      <BoolOption name="console_setting.announcements_enabled" label={t('consoleContent.announcements.enabled')} />
      <Form.Item name="console_setting.announcements" extra={t('consoleContent.saveHint')}>
        <ListOptionEditor
          schema={Announcement}
          max={ANNOUNCEMENTS_MAX}
          columns={columns}
          fields={<AnnouncementFields />}
          toForm={toForm}
          fromForm={fromForm}
          initialValues={newEntry}
          labels={{ add: t('consoleContent.announcements.add'), addTitle: t('consoleContent.announcements.addTitle'), editTitle: t('consoleContent.announcements.editTitle') }}
          testId="announcements-list"
        />
      </Form.Item>
    </OptionsSection>
  );
}
