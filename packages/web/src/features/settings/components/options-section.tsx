import { useEffect, type ReactNode } from 'react';
import { Button, Card, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifySuccess, notifyWarning } from '../../../lib/notify';
import { useSaveChangedOptions } from '../api/options.queries';

interface OptionsSectionProps {
  title: string;
  keys: readonly string[];
  options: Record<string, string>;
  children: ReactNode;
  testId?: string;
}

/** A card of text options saved together; only changed keys are sent. */
export function OptionsSection({ title, keys, options, children, testId }: OptionsSectionProps) {
  const { t } = useTranslation('settings');
  const [form] = Form.useForm<Record<string, string>>();
  const save = useSaveChangedOptions();
  useEffect(() => {
    form.setFieldsValue(Object.fromEntries(keys.map((k) => [k, options[k] ?? ''])));
  }, [form, keys, options]);

  const submit = (values: Record<string, string | undefined>) => {
    const current = Object.fromEntries(keys.map((k) => [k, values[k] ?? '']));
    save.mutate(
      { values: current, original: options },
      { onSuccess: (count) => (count === 0 ? notifyWarning(t('saved.nothing')) : notifySuccess(t('saved.success'))) },
    );
  };

  return (
    <Card title={title} data-testid={testId}>
      <Form form={form} layout="vertical" onFinish={submit}>
        {children}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('save')}
        </Button>
      </Form>
    </Card>
  );
}
