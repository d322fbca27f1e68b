import { useEffect } from 'react';
import { Button, DatePicker, Flex, Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { CreateRedemptionBody, REDEMPTION_BATCH_MAX, REDEMPTION_NAME_MAX, UpdateRedemptionBody, type RedemptionView } from '@gw/contracts';
import { FormDrawer } from '../../../components/form/form-drawer';
import { fitScreen } from '../../../components/responsive';
import { issuesToFields } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { QUOTA_PRESETS } from '../../../lib/quota-presets';
import { useQuotaFormatter } from '../../status/use-quota-formatter';
import { useCreateRedemptions, useUpdateRedemption } from '../api/redemptions.queries';
import { newRedemptionValues, redemptionToValues, valuesToBody, type RedemptionFormValues } from '../redemption-form';

interface RedemptionFormDrawerProps {
  open: boolean;
  code: RedemptionView | null;
  onClose: () => void;
  onCreated: (codes: string[]) => void;
}

/** Create N codes (name 1–20, quota, count ≤ 100, optional expiry) or edit an unused one. */
export function RedemptionFormDrawer({ open, code, onClose, onCreated }: RedemptionFormDrawerProps) {
  const { t } = useTranslation('redemptions');
  const [form] = Form.useForm<RedemptionFormValues>();
  const formatQuota = useQuotaFormatter();
  const create = useCreateRedemptions();
  const update = useUpdateRedemption();
  const isEdit = code !== null;
  const quota = Form.useWatch('quota', form);

  useEffect(() => {
    if (open) form.setFieldsValue(code ? redemptionToValues(code) : newRedemptionValues());
  }, [open, code, form]);

  const submit = (values: RedemptionFormValues) => {
    const body = valuesToBody(values, formatQuota);
    if (isEdit) {
      const parsed = UpdateRedemptionBody.safeParse({ id: code.id, name: body.name, quota: body.quota, expired_time: body.expired_time });
      if (!parsed.success) return form.setFields(issuesToFields<RedemptionFormValues>(parsed.error, 'name'));
      return update.mutate(parsed.data, {
        onSuccess: () => {
          notifySuccess(t('form.updated'));
          onClose();
        },
      });
    }
    const parsed = CreateRedemptionBody.safeParse(body);
    if (!parsed.success) return form.setFields(issuesToFields<RedemptionFormValues>(parsed.error, 'name'));
    create.mutate(parsed.data, {
      onSuccess: (codes) => {
        onClose();
        onCreated(codes ?? []);
      },
    });
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
      submitTestId="redemption-submit"
    >
      <Form form={form} layout="vertical" onFinish={submit} autoComplete="off" initialValues={newRedemptionValues()}>
        <Form.Item name="name" label={t('form.name')} extra={t('form.nameHelp')} rules={[{ max: REDEMPTION_NAME_MAX, message: t('form.nameTooLong', { max: REDEMPTION_NAME_MAX }) }]}>
          <Input placeholder={t('form.namePlaceholder')} />
        </Form.Item>
        <Form.Item
          name="quota"
          label={t('form.quota')}
          extra={typeof quota === 'number' ? t('form.quotaEquals', { amount: formatQuota(quota) }) : undefined}
          rules={[{ required: true, type: 'number', min: 1, message: t('form.quotaRequired') }]}
        >
          <InputNumber min={1} precision={0} step={100000} style={{ width: '100%' }} />
        </Form.Item>
        <Flex wrap gap={6} style={{ marginTop: -12, marginBottom: 24 }}>
          {QUOTA_PRESETS.map((p) => (
            <Button key={p.quota} size="small" onClick={() => form.setFieldValue('quota', p.quota)}>
              {formatQuota(p.quota)}
            </Button>
          ))}
        </Flex>
        {!isEdit && (
          <Form.Item name="count" label={t('form.count')} rules={[{ required: true, type: 'number', min: 1, max: REDEMPTION_BATCH_MAX, message: t('form.countRange', { max: REDEMPTION_BATCH_MAX }) }]}>
            <InputNumber min={1} max={REDEMPTION_BATCH_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        )}
        <Form.Item name="expires" label={t('form.expires')} extra={t('form.expiresHelp')}>
          <DatePicker showTime style={{ width: '100%' }} placeholder={t('never')} />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}
