import { useEffect } from 'react';
import { Button, Col, Divider, Flex, Form, Input, InputNumber, Modal, Row, Select, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SUBSCRIPTION_DURATION_UNITS, SUBSCRIPTION_RESET_PERIODS, type SubscriptionPlanView } from '@gw/contracts';
import { fitScreen } from '../../../components/responsive';
import { QUOTA_PRESETS } from '../../../lib/quota-presets';
import { notifySuccess } from '../../../lib/notify';
import { groupQueries } from '../../groups/api/groups.queries';
import { useSavePlan } from '../api/subscriptions.queries';
import { useSubscriptionLabels } from '../api/use-subscription-labels';
import { secondsAsAmount } from '../api/subscription-labels';
import { newPlanValues, planBodyOf, planToValues, type SubscriptionPlanFormValues } from '../subscription-plan-form';

const MIN_RESET_SECONDS = 60;

/** Add or edit a plan: every field of the contract's SubscriptionPlanFields, checked with it before saving. */
export function SubscriptionPlanDialog({ open, plan, onClose }: { open: boolean; plan: SubscriptionPlanView | null; onClose: () => void }) {
  const { t } = useTranslation('subscriptions');
  const labels = useSubscriptionLabels();
  const [form] = Form.useForm<SubscriptionPlanFormValues>();
  const save = useSavePlan();
  const groups = useQuery({ ...groupQueries.names(), enabled: open });
  const durationUnit = Form.useWatch('duration_unit', form) ?? 'month';
  const resetPeriod = Form.useWatch('quota_reset_period', form) ?? 'never';
  const budget = Form.useWatch('total_amount', form);
  const customSeconds = Form.useWatch('custom_seconds', form);
  const resetSeconds = Form.useWatch('quota_reset_custom_seconds', form);

  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(plan ? planToValues(plan) : newPlanValues());
    }
  }, [open, plan, form]);

  const submit = () => {
    const values = { ...newPlanValues(), ...(form.getFieldsValue(true) as Partial<SubscriptionPlanFormValues>) };
    const result = planBodyOf(values);
    if (!result.ok) return form.setFields(result.fields);
    save.mutate(
      { id: plan?.id ?? null, plan: result.plan },
      {
        onSuccess: () => {
          notifySuccess(plan ? t('messages.updated') : t('messages.created'));
          onClose();
        },
      },
    );
  };

  const secondsHelp = (seconds: number | null | undefined, fallback: string) =>
    typeof seconds === 'number' && seconds > 0 ? t('form.secondsEqual', { amount: labels.amount(secondsAsAmount(seconds)) }) : fallback;
  const groupOptions = [{ value: '', label: t('form.noUpgrade') }, ...(groups.data ?? []).map((g) => ({ value: g, label: g }))];

  return (
    <Modal
      open={open}
      title={plan ? t('dialog.editTitle') : t('dialog.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('dialog.save')}
      cancelText={t('dialog.cancel')}
      okButtonProps={{ loading: save.isPending }}
      width={fitScreen(720)}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={submit} autoComplete="off" initialValues={newPlanValues()}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="title" label={t('form.title')} rules={[{ required: true, whitespace: true, message: t('form.titleRequired') }]}>
              <Input maxLength={128} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="subtitle" label={t('form.subtitle')}>
              <Input maxLength={255} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="price_amount" label={t('form.price')} rules={[{ type: 'number', min: 0, message: t('form.notNegative') }]}>
              <InputNumber min={0} step={1} precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="currency" label={t('form.currency')}>
              <Input maxLength={8} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="sort_order" label={t('form.sortOrder')} extra={t('form.sortOrderHelp')}>
              <InputNumber precision={0} min={-1_000_000} max={1_000_000} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="enabled" label={t('form.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start" plain>{t('form.lengthSection')}</Divider>
        <Row gutter={16}>
          <Col xs={12}>
            <Form.Item name="duration_unit" label={t('form.durationUnit')}>
              <Select options={SUBSCRIPTION_DURATION_UNITS.map((value) => ({ value, label: t(`durationUnits.${value}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={12}>
            {durationUnit === 'custom' ? (
              <Form.Item name="custom_seconds" label={t('form.customSeconds')} extra={secondsHelp(customSeconds, t('form.customSecondsHelp'))} rules={[{ required: true, type: 'number', min: 1, message: t('form.customSecondsRequired') }]}>
                <InputNumber min={0} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            ) : (
              <Form.Item name="duration_value" label={t('form.durationValue')} rules={[{ required: true, type: 'number', min: 1, message: t('form.durationValueRequired') }]}>
                <InputNumber min={1} max={100_000} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            )}
          </Col>
        </Row>
        <Divider titlePlacement="start" plain>{t('form.budgetSection')}</Divider>
        <Form.Item
          name="total_amount"
          label={t('form.budget')}
          extra={typeof budget === 'number' && budget > 0 ? t('form.budgetEquals', { amount: labels.quota(budget) }) : t('form.budgetUnlimited')}
          rules={[{ type: 'number', min: 0, message: t('form.notNegative') }]}
        >
          <InputNumber min={0} precision={0} step={100000} style={{ width: '100%' }} />
        </Form.Item>
        <Flex wrap gap={6} style={{ marginTop: -12, marginBottom: 24 }}>
          <Button size="small" onClick={() => form.setFieldValue('total_amount', 0)}>
            {t('unlimited')}
          </Button>
          {QUOTA_PRESETS.map((p) => (
            <Button key={p.quota} size="small" onClick={() => form.setFieldValue('total_amount', p.quota)}>
              {labels.quota(p.quota)}
            </Button>
          ))}
        </Flex>
        <Row gutter={16}>
          <Col xs={12}>
            <Form.Item name="quota_reset_period" label={t('form.resetPeriod')} extra={t('form.resetPeriodHelp')}>
              <Select options={SUBSCRIPTION_RESET_PERIODS.map((value) => ({ value, label: t(`resetPeriods.${value}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={12}>
            {resetPeriod === 'custom' && (
              <Form.Item
                name="quota_reset_custom_seconds"
                label={t('form.resetSeconds')}
                extra={secondsHelp(resetSeconds, t('form.resetSecondsHelp', { min: MIN_RESET_SECONDS }))}
                rules={[{ required: true, type: 'number', min: MIN_RESET_SECONDS, message: t('form.resetSecondsRequired', { min: MIN_RESET_SECONDS }) }]}
              >
                <InputNumber min={0} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            )}
          </Col>
        </Row>
        <Divider titlePlacement="start" plain>{t('form.purchaseSection')}</Divider>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="upgrade_group" label={t('form.upgradeGroup')} extra={t('form.upgradeGroupHelp')}>
              <Select options={groupOptions} loading={groups.isLoading} showSearch />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="max_purchase_per_user" label={t('form.purchaseLimit')} extra={t('form.purchaseLimitHelp')} rules={[{ type: 'number', min: 0, message: t('form.notNegative') }]}>
              <InputNumber min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="stripe_price_id" label={t('form.stripePriceId')} extra={t('form.stripePriceIdHelp')}>
              <Input maxLength={128} placeholder="price_..." />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="creem_product_id" label={t('form.creemProductId')} extra={t('form.creemProductIdHelp')}>
              <Input maxLength={128} placeholder="prod_..." />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
