import { Collapse, Flex, List, Progress, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserSubscriptionView } from '@gw/contracts';
import { splitSubscriptions, subscriptionUsage } from '../../subscriptions/api/subscription-labels';
import { STATUS_COLORS, useSubscriptionLabels } from '../../subscriptions/api/use-subscription-labels';

/** The user's subscriptions: the active ones with their usage and end time, the ended ones folded away. */
export function MySubscriptions({ subscriptions }: { subscriptions: UserSubscriptionView[] }) {
  const { t } = useTranslation('subscriptions');
  const { active, ended } = splitSubscriptions(subscriptions);
  return (
    <Flex vertical gap={8} data-testid="my-subscriptions">
      <Typography.Text strong>{t('wallet.mine')}</Typography.Text>
      <SubscriptionList items={active} empty={t('wallet.noActive')} />
      {ended.length > 0 && (
        <Collapse
          size="small"
          items={[{ key: 'ended', label: t('wallet.ended', { count: ended.length }), children: <SubscriptionList items={ended} empty="" /> }]}
        />
      )}
    </Flex>
  );
}

function SubscriptionList({ items, empty }: { items: UserSubscriptionView[]; empty: string }) {
  const { t } = useTranslation('subscriptions');
  const labels = useSubscriptionLabels();
  return (
    <List
      size="small"
      bordered
      dataSource={items}
      locale={{ emptyText: empty }}
      renderItem={(s) => {
        const usage = subscriptionUsage(s);
        return (
          <List.Item data-testid={`my-subscription-${s.id}`} extra={<Tag color={STATUS_COLORS[s.status]}>{labels.status(s.status)}</Tag>}>
            <Flex vertical gap={2} style={{ width: '100%' }}>
              <Typography.Text strong>{s.plan_title || t('userModal.planGone', { id: s.plan_id })}</Typography.Text>
              <Typography.Text>{t('usage', { used: labels.quota(usage.used), total: labels.budget(usage.total) })}</Typography.Text>
              {!usage.unlimited && <Progress percent={usage.percent} size="small" style={{ maxWidth: 360 }} />}
              <Typography.Text type="secondary">
                {s.status === 'active' ? t('wallet.endsAt', { time: labels.time(s.end_time) }) : t('wallet.endedAt', { time: labels.time(s.end_time) })}
                {s.status === 'active' && s.next_reset_time > 0 ? ` · ${t('wallet.nextReset', { time: labels.time(s.next_reset_time) })}` : ''}
              </Typography.Text>
            </Flex>
          </List.Item>
        );
      }}
    />
  );
}
