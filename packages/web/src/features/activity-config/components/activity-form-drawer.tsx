import { useEffect } from 'react';
import { DatePicker, Form, Input, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_DESC_MAX, ACTIVITY_NAME_MAX, ActivityBody, type ActivityView } from '@gw/contracts';
import { FormDrawer } from '../../../components/form/form-drawer';
import { fitScreen } from '../../../components/responsive';
import { notifySuccess } from '../../../lib/notify';
import { useQuotaFormatter } from '../../status/use-quota-formatter';
import { useCreateActivity, useUpdateActivity } from '../api/activities.queries';
import { activityToValues, datesInOrder, formFieldOf, newActivityValues, valuesToActivityBody, type ActivityFormValues } from '../activity-form';

interface ActivityFormDrawerProps {
  open: boolean;
  /** null: create a new activity. */
  activity: ActivityView | null;
  onClose: () => void;
}

/** Create or edit an activity (spec 3 §2.13, §5): name, description and quota required; empty dates mean unlimited. */
export function ActivityFormDrawer({ open, activity, onClose }: ActivityFormDrawerProps) {
  const { t } = useTranslation('activityConfig');
  const [form] = Form.useForm<ActivityFormValues>();
  const formatQuota = useQuotaFormatter();
  const create = useCreateActivity();
  const update = useUpdateActivity();
  const quota = Form.useWatch('quota', form);
  const isEdit = activity !== null;

  useEffect(() => {
    if (open) form.setFieldsValue(activity ? activityToValues(activity) : newActivityValues());
  }, [open, activity, form]);

  const submit = (values: ActivityFormValues) => {
    if (!datesInOrder(values.start, values.end)) return form.setFields([{ name: 'end', errors: [t('form.datesOrder')] }]);
    const parsed = ActivityBody.safeParse(valuesToActivityBody(values));
    if (!parsed.success) {
      return form.setFields(parsed.error.issues.map((i) => ({ name: formFieldOf(String(i.path[0] ?? '')), errors: [i.message] })));
    }
    const done = (message: string) => () => {
      notifySuccess(message);
      onClose();
    };
    if (isEdit) return update.mutate({ id: activity.id, body: parsed.data }, { onSuccess: done(t('form.updated')) });
    create.mutate(parsed.data, { onSuccess: done(t('form.created')) });
  };

  return (
    <FormDrawer
      title={isEdit ? t('form.editTitle') : t('form.createTitle')}
      open={open}
      size={fitScreen(480)}
      forceRender
      onClose={onClose}
      cancelLabel={t('form.cancel')}
      submitLabel={t('form.submit')}
      submitting={create.isPending || update.isPending}
      onSubmit={() => form.submit()}
      submitTestId="activity-submit"
    >
      <Form form={form} layout="vertical" onFinish={submit} autoComplete="off" initialValues={newActivityValues()}>
        <Form.Item
          name="name"
          label={t('form.name')}
          rules={[
            { required: true, whitespace: true, message: t('form.nameRequired') },
            { max: ACTIVITY_NAME_MAX, message: t('form.tooLong', { max: ACTIVITY_NAME_MAX }) },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="desc"
          label={t('form.desc')}
          rules={[
            { required: true, whitespace: true, message: t('form.descRequired') },
            { max: ACTIVITY_DESC_MAX, message: t('form.tooLong', { max: ACTIVITY_DESC_MAX }) },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} />
        </Form.Item>
        <Form.Item
          name="quota"
          label={t('form.quota')}
          extra={typeof quota === 'number' ? t('form.quotaEquals', { amount: formatQuota(quota) }) : undefined}
          rules={[{ required: true, type: 'number', min: 1, message: t('form.quotaRequired') }]}
        >
          <InputNumber min={1} precision={0} step={100000} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="status" label={t('form.status')} valuePropName="checked">
          <Switch checkedChildren={t('status.active')} unCheckedChildren={t('status.ended')} />
        </Form.Item>
        <Form.Item name="start" label={t('form.start')} extra={t('form.dateHelp')}>
          <DatePicker showTime style={{ width: '100%' }} placeholder={t('unlimited')} />
        </Form.Item>
        <Form.Item name="end" label={t('form.end')} extra={t('form.dateHelp')}>
          <DatePicker showTime style={{ width: '100%' }} placeholder={t('unlimited')} />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
