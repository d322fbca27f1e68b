import { useState } from 'react';
import { Button, Card, Flex, Space, Switch, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SubscriptionPlanView } from '@gw/contracts';
import { notifySuccess } from '../../../lib/notify';
import { planPriceText } from '../api/subscription-labels';
import { subscriptionQueries, useResetPlanBudgets, useSetPlanEnabled } from '../api/subscriptions.queries';
import { useSubscriptionLabels } from '../api/use-subscription-labels';
import { SubscriptionPlanDialog } from './subscription-plan-dialog';
import { ResetBudgetsButton } from './reset-budgets-button';

/** The plan list of the admin page (GET /api/subscription/admin/plans, disabled plans too), with add, edit and the sale switch. */
export function SubscriptionPlansCard() {
  const { t } = useTranslation('subscriptions');
  const labels = useSubscriptionLabels();
  const plans = useQuery(subscriptionQueries.adminPlans());
  const setEnabled = useSetPlanEnabled();
  const reset = useResetPlanBudgets();
  const [dialog, setDialog] = useState<{ open: boolean; plan: SubscriptionPlanView | null }>({ open: false, plan: null });

  return (
    <Card
      title={t('admin.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, plan: null })}>
          {t('admin.add')}
        </Button>
      }
      data-testid="subscription-plans"
    >
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('admin.hint')}</Typography.Text>
        <Table<SubscriptionPlanView>
          rowKey="id"
          size="small"
          loading={plans.isFetching}
          dataSource={(plans.data ?? []).map((item) => item.plan)}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('admin.empty') }}
          columns={[
            { title: t('columns.id'), dataIndex: 'id', width: 64 },
            {
              title: t('columns.title'),
              key: 'title',
              render: (_, p) => (
                <Flex vertical>
                  <Typography.Text strong>{p.title}</Typography.Text>
                  {p.subtitle && <Typography.Text type="secondary">{p.subtitle}</Typography.Text>}
                </Flex>
              ),
            },
            { title: t('columns.price'), key: 'price', render: (_, p) => planPriceText(p) },
            { title: t('columns.duration'), key: 'duration', render: (_, p) => labels.duration(p) },
            { title: t('columns.budget'), key: 'budget', render: (_, p) => labels.budget(p.total_amount) },
            { title: t('columns.reset'), key: 'reset', render: (_, p) => labels.reset(p.quota_reset_period, p.quota_reset_custom_seconds) },
            { title: t('columns.upgradeGroup'), key: 'group', render: (_, p) => (p.upgrade_group ? <Tag>{p.upgrade_group}</Tag> : '—') },
            { title: t('columns.purchaseLimit'), key: 'limit', render: (_, p) => (p.max_purchase_per_user > 0 ? p.max_purchase_per_user : t('noLimit')) },
            { title: t('columns.sortOrder'), dataIndex: 'sort_order' },
            {
              title: t('columns.enabled'),
              key: 'enabled',
              render: (_, p) => (
                <Switch
                  checked={p.enabled}
                  aria-label={t('admin.enabledLabel', { title: p.title })}
                  loading={setEnabled.isPending && setEnabled.variables?.id === p.id}
                  onChange={(enabled) => setEnabled.mutate({ id: p.id, enabled }, { onSuccess: () => notifySuccess(enabled ? t('messages.enabled') : t('messages.disabled')) })}
                />
              ),
            },
            {
              title: t('columns.actions'),
              key: 'actions',
              render: (_, p) => (
                <Space size={4}>
                  <Button size="small" onClick={() => setDialog({ open: true, plan: p })}>
                    {t('admin.edit')}
                  </Button>
                  <ResetBudgetsButton
                    confirm={t('reset.planConfirm', { title: p.title })}
                    pending={reset.isPending && reset.variables?.planId === p.id}
                    onReset={(advance) => reset.mutateAsync({ planId: p.id, advance }).then((r) => (notifySuccess(t('reset.done', { count: r.reset_count, users: r.user_count })), r))}
                    testId={`reset-plan-${p.id}`}
                  />
                </Space>
              ),
            },
          ]}
        />
      </Flex>
      <SubscriptionPlanDialog open={dialog.open} plan={dialog.plan} onClose={() => setDialog((d) => ({ ...d, open: false }))} />
    </Card>
  );
}
