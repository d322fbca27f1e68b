import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Flex, Form, Modal, Popconfirm, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fitScreen } from '../../../../components/responsive';
import { listText, parseListText, removeEntry, upsertEntry, type ListEntry } from '../../console-content/list-text';

type FormValues = Record<string, unknown>;

export interface ListOptionEditorProps {
  /** The option's JSON text (given by the Form.Item around the editor). */
  value?: string;
  onChange?: (text: string) => void;
  /** The contract's schema of one entry, checked before the entry is taken. */
  schema: z.ZodType;
  max: number;
  columns: ColumnsType<ListEntry>;
  /** The dialog's fields: Form.Items named after the entry's fields. */
  fields: ReactNode;
  /** Entry ↔ dialog values, when they differ (a date picker holds a dayjs). */
  toForm?: (entry: ListEntry) => FormValues;
  fromForm?: (values: FormValues) => ListEntry;
  /** The dialog's values for a new entry. */
  initialValues?: () => FormValues;
  labels: { add: string; addTitle: string; editTitle: string };
  testId: string;
}

/**
 * Edits a JSON list option as a table with add, edit and remove; the section's Save button stores it.
 * The dialog checks each entry with the contract schema, so the server's limits are met before saving.
 */
export function ListOptionEditor({ value, onChange, schema, max, columns, fields, toForm, fromForm, initialValues, labels, testId }: ListOptionEditorProps) {
  const { t } = useTranslation(['settings', 'common']);
  const entries = useMemo(() => parseListText(value), [value]);
  const [form] = Form.useForm<FormValues>();
  // undefined: closed; null: adding; a number: editing that entry.
  const [editing, setEditing] = useState<number | null | undefined>(undefined);

  useEffect(() => {
    if (editing === undefined) return;
    form.resetFields();
    form.setFieldsValue(editing === null ? (initialValues?.() ?? {}) : (toForm ? toForm(entries[editing]) : entries[editing]));
  }, [editing, entries, form, initialValues, toForm]);

  const save = (values: FormValues) => {
    const entry = fromForm ? fromForm(values) : values;
    const parsed = schema.safeParse(entry);
    if (!parsed.success) {
      const fieldNames = new Set(Object.keys(values));
      const issues = parsed.error.issues.filter((i) => fieldNames.has(String(i.path[0])));
      if (issues.length > 0) return form.setFields(issues.map((i) => ({ name: String(i.path[0]), errors: [i.message] })));
    }
    // The schema's output is trimmed and has its defaults; an entry it cannot judge is left to the server.
    const checked = parsed.success ? (parsed.data as ListEntry) : entry;
    onChange?.(listText(upsertEntry(entries, editing ?? null, checked)));
    setEditing(undefined);
  };

  const actions: ColumnsType<ListEntry>[number] = {
    key: 'actions',
    title: t('settings:consoleContent.actions'),
    width: 140,
    render: (_v, _entry, index) => (
      <Flex gap={4}>
        <Button size="small" type="link" onClick={() => setEditing(index)}>
          {t('common:actions.edit')}
        </Button>
        <Popconfirm title={t('settings:consoleContent.removeConfirm')} onConfirm={() => onChange?.(listText(removeEntry(entries, index)))}>
          <Button size="small" type="link" danger>
            {t('common:actions.delete')}
          </Button>
        </Popconfirm>
      </Flex>
    ),
  };

  return (
    <Flex vertical gap={8} data-testid={testId}>
      <Flex gap={8} align="center" wrap>
        <Button onClick={() => setEditing(null)} disabled={entries.length >= max}>
          {labels.add}
        </Button>
        <Typography.Text type="secondary">{t('settings:consoleContent.count', { count: entries.length, max })}</Typography.Text>
      </Flex>
      <Table<ListEntry>
        size="small"
        rowKey={(_e) => entries.indexOf(_e)}
        dataSource={entries}
        columns={[...columns, actions]}
        pagination={entries.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
      />
      <Modal
        open={editing !== undefined}
        title={editing === null ? labels.addTitle : labels.editTitle}
        onCancel={() => setEditing(undefined)}
        onOk={() => form.submit()}
        okText={t('common:actions.confirm')}
        width={fitScreen(560)}
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={save} data-testid={`${testId}-form`}>
          {fields}
        </Form>
      </Modal>
    </Flex>
  );
}
