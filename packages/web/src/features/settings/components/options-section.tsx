import { useEffect, useRef, type ReactNode } from 'react';
import { Button, Card, Form, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess, notifyWarning } from '../../../lib/notify';
import { useSaveOptions } from '../api/options.queries';
import { changedOptions, refreshedFormValues, saveOutcome, type OptionChange, type OptionFieldKinds, type OptionFormValues } from '../option-fields';

interface OptionsSectionProps {
  title: ReactNode;
  /** The section's options and how each is edited; a module constant (its identity drives the refresh). */
  fields: OptionFieldKinds;
  options: Record<string, string>;
  children: ReactNode;
  testId?: string;
  /** Pass a form when a field needs it (e.g. to fill other fields from a fetched document). */
  form?: FormInstance<OptionFormValues>;
  extra?: ReactNode;
  /** Reorders the changes before they are sent (given the options as loaded), e.g. a range's min and max. */
  orderChanges?: (changes: OptionChange[], saved: Record<string, string>) => OptionChange[];
}

/**
 * A card of options saved together: only changed options are sent, one PUT each; "nothing changed",
 * "partial save failed" and the server's refusals are reported. Reloaded options refresh the fields the
 * administrator has not edited.
 */
export function OptionsSection({ title, fields, options, children, testId, form: givenForm, extra, orderChanges }: OptionsSectionProps) {
  const { t } = useTranslation('settings');
  const [ownForm] = Form.useForm<OptionFormValues>();
  const form = givenForm ?? ownForm;
  const save = useSaveOptions();
  const loaded = useRef<Record<string, string> | null>(null);

  useEffect(() => {
    form.setFieldsValue(refreshedFormValues(fields, form.getFieldsValue(true) as OptionFormValues, loaded.current, options));
    loaded.current = options;
  }, [form, fields, options]);

  const submit = (values: OptionFormValues) => {
    const saved = loaded.current ?? options;
    const found = changedOptions(fields, values, saved);
    const changes = orderChanges ? orderChanges(found, saved) : found;
    if (changes.length === 0) return notifyWarning(t('saved.nothing'));
    save.mutate(changes, {
      onSuccess: (result) => {
        // A saved secret is write-only: the field goes back to empty ("keep the saved one").
        for (const key of result.saved) if (fields[key] === 'secret') form.setFieldValue(key, '');
        const outcome = saveOutcome(changes.length, result.failures);
        if (outcome.kind === 'success') notifySuccess(t('saved.success'));
        else if (outcome.kind === 'partial') notifyError(t('saved.partial', { message: outcome.failures[0] }));
        else if (outcome.kind === 'failed') notifyError(t('saved.failed', { message: outcome.failures[0] }));
      },
    });
  };

  return (
    <Card title={title} data-testid={testId} extra={extra}>
      <Form form={form} layout="vertical" onFinish={submit} onFinishFailed={() => notifyError(t('saved.invalid'))}>
        {children}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('save')}
        </Button>
      </Form>
    </Card>
  );
}
