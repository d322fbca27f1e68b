import { useState } from 'react';
import { Button, Flex, Modal, Popconfirm, Progress, Select, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UserSubscriptionView, UserView } from '@gw/contracts';
import { fitScreen } from '../../../components/responsive';
import { notifySuccess } from '../../../lib/notify';
import { subscriptionUsage } from '../../subscriptions/api/subscription-labels';
import {
  subscriptionQueries, useDeleteSubscription, useGiveUserPlan, useInvalidateSubscription, useResetUserPlanBudgets,
} from '../../subscriptions/api/subscriptions.queries';
import { ResetBudgetsButton } from '../../subscriptions/components/reset-budgets-button';
import { STATUS_COLORS, useSubscriptionLabels } from '../../subscriptions/api/use-subscription-labels';

/**
 * A user's subscription plans (new-api's admin subscription management): every subscription with its usage,
 * period, status and source; resetting the budgets of a plan's subscriptions, ending one now or deleting it
 * asks first; a plan can be given from the list of every plan.
 */
export function UserSubscriptionsModal({ open, user, onClose }: { open: boolean; user: UserView | null; onClose: () => void }) {
  const { t } = useTranslation('subscriptions');
  return (
    <Modal
      open={open && user !== null}
      title={user ? t('userModal.title', { name: user.username }) : ''}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('userModal.close')}</Button>}
      width={fitScreen(1100)}
      destroyOnHidden
    >
      {user && <UserSubscriptions userId={user.id} />}
    </Modal>
  );
}

function UserSubscriptions({ userId }: { userId: number }) {
  const { t } = useTranslation('subscriptions');
  const labels = useSubscriptionLabels();
  const subs = useQuery(subscriptionQueries.user(userId));
  const plans = useQuery(subscriptionQueries.adminPlans());
  const give = useGiveUserPlan(userId);
  const invalidate = useInvalidateSubscription(userId);
  const remove = useDeleteSubscription(userId);
  const reset = useResetUserPlanBudgets(userId);
  const [planId, setPlanId] = useState<number | null>(null);

  const giveChosen = () => {
    if (planId === null) return;
    give.mutate(planId, {
      onSuccess: () => {
        notifySuccess(t('userModal.given'));
        setPlanId(null);
      },
    });
  };

  return (
    <Flex vertical gap={16} data-testid="user-subscriptions">
      <Flex gap={8} wrap align="center">
        <Select<number>
          value={planId ?? undefined}
          onChange={setPlanId}
          placeholder={t('userModal.choosePlan')}
          aria-label={t('userModal.choosePlan')}
          loading={plans.isLoading}
          style={{ minWidth: 280 }}
          options={(plans.data ?? []).map(({ plan }) => ({
            value: plan.id,
            label: plan.enabled ? plan.title : t('userModal.planOffSale', { title: plan.title }),
          }))}
        />
        <Button type="primary" disabled={planId === null} loading={give.isPending} onClick={giveChosen} data-testid="give-plan">
          {t('userModal.give')}
        </Button>
      </Flex>
      <Table<UserSubscriptionView>
        rowKey="id"
        size="small"
        loading={subs.isFetching}
        dataSource={(subs.data ?? []).map((s) => s.subscription)}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('userModal.empty') }}
        columns={[
          { title: t('columns.id'), dataIndex: 'id', width: 64 },
          { title: t('columns.plan'), key: 'plan', render: (_, s) => s.plan_title || t('userModal.planGone', { id: s.plan_id }) },
          {
            title: t('columns.usage'),
            key: 'usage',
            render: (_, s) => {
              const usage = subscriptionUsage(s);
              return (
                <Flex vertical style={{ minWidth: 160 }}>
                  <Typography.Text>{t('usage', { used: labels.quota(usage.used), total: labels.budget(usage.total) })}</Typography.Text>
                  {!usage.unlimited && <Progress percent={usage.percent} size="small" showInfo={false} />}
                </Flex>
              );
            },
          },
          { title: t('columns.start'), key: 'start', render: (_, s) => labels.time(s.start_time) },
          { title: t('columns.end'), key: 'end', render: (_, s) => labels.time(s.end_time) },
          { title: t('columns.status'), key: 'status', render: (_, s) => <Tag color={STATUS_COLORS[s.status]}>{labels.status(s.status)}</Tag> },
          { title: t('columns.source'), key: 'source', render: (_, s) => labels.source(s.source) },
          {
            title: t('columns.actions'),
            key: 'actions',
            render: (_, s) => (
              <Space size={4}>
                <ResetBudgetsButton
                  confirm={t('reset.userConfirm', { title: s.plan_title || s.plan_id })}
                  disabled={s.status !== 'active'}
                  pending={reset.isPending && reset.variables?.planId === s.plan_id}
                  onReset={(advance) => reset.mutateAsync({ planId: s.plan_id, advance }).then((r) => (notifySuccess(t('reset.done', { count: r.reset_count, users: r.user_count })), r))}
                  testId={`reset-subscription-${s.id}`}
                />
                <Popconfirm
                  title={t('userModal.invalidateConfirm', { title: s.plan_title || s.plan_id })}
                  okText={t('userModal.invalidate')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => invalidate.mutate(s.id, { onSuccess: () => notifySuccess(t('userModal.invalidated')) })}
                  disabled={s.status !== 'active'}
                >
                  <Button size="small" disabled={s.status !== 'active'} loading={invalidate.isPending && invalidate.variables === s.id}>
                    {t('userModal.invalidate')}
                  </Button>
                </Popconfirm>
                <Popconfirm
                  title={t('userModal.deleteConfirm', { title: s.plan_title || s.plan_id })}
                  okText={t('userModal.delete')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove.mutate(s.id, { onSuccess: () => notifySuccess(t('userModal.deleted')) })}
                >
                  <Button size="small" danger loading={remove.isPending && remove.variables === s.id}>
                    {t('userModal.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </Flex>
  );
}
