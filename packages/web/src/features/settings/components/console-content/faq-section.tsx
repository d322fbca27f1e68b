import { Form, Input } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { FAQ_MAX, FaqItem } from '@gw/contracts';
import type { ListEntry } from '../../console-content/list-text';
import { BoolOption } from '../option-inputs';
import { OptionsSection } from '../options-section';
import { textRules } from './field-rules';
import { ListOptionEditor } from './list-option-editor';

const FIELDS = { 'console_setting.faq_enabled': 'bool', 'console_setting.faq': 'json' } as const;

function FaqFields() {
  const { t } = useTranslation('settings');
  return (
    <>
      <Form.Item name="question" label={t('consoleContent.faq.question')} rules={textRules(t, 200)}>
        <Input />
      </Form.Item>
      <Form.Item name="answer" label={t('consoleContent.faq.answer')} extra={t('consoleContent.htmlHelp')} rules={textRules(t, 1000)}>
        <Input.TextArea rows={5} />
      </Form.Item>
    </>
  );
}

/** The FAQ of the dashboard (console_setting.faq). */
export function FaqSection({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  const columns: ColumnsType<ListEntry> = [
    { key: 'question', dataIndex: 'question', title: t('consoleContent.faq.question'), ellipsis: true },
    { key: 'answer', dataIndex: 'answer', title: t('consoleContent.faq.answer'), ellipsis: true },
  ];
  return (
    <OptionsSection title={t('consoleContent.faq.title')} fields={FIELDS} options={options} testId="settings-faq">
      <BoolOption name="console_setting.faq_enabled" label={t('consoleContent.faq.enabled')} />
      <Form.Item name="console_setting.faq" extra={t('consoleContent.saveHint')}>
        <ListOptionEditor
          schema={FaqItem}
          max={FAQ_MAX}
          columns={columns}
          fields={<FaqFields />}
          labels={{ add: t('consoleContent.faq.add'), addTitle: t('consoleContent.faq.addTitle'), editTitle: t('consoleContent.faq.editTitle') }}
          testId="faq-list"
        />
      </Form.Item>
    </OptionsSection>
  );
}
