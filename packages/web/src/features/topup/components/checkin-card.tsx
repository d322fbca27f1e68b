import { useState } from 'react';
import { Button, Card, Col, Flex, List, Row, Statistic, Tag, Typography } from 'antd';
import { CalendarOutlined, CheckOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { useQuotaFormatter } from '../../status/use-quota-formatter';
import { checkinQueries, useCheckIn } from '../api/checkin.queries';
import { monthOf, shiftMonth } from '../checkin-month';

/**
 * Daily check-in (shown while the site offers it): the check-in button, the reward range, totals, and the
 * check-in days of a month with their rewards, month by month. Checking in refreshes the balance.
 */
export function CheckinCard() {
  const { t } = useTranslation('topup');
  const formatQuota = useQuotaFormatter();
  const thisMonth = monthOf(new Date());
  const [month, setMonth] = useState(thisMonth);
  const stats = useQuery(checkinQueries.month(month));
  const checkIn = useCheckIn();
  const data = stats.data;
  const done = data?.checked_in_today ?? false;

  const submit = () =>
    checkIn.mutate(undefined, {
      onSuccess: (result) => notifySuccess(t('checkin.success', { amount: formatQuota(result.quota_awarded) })),
    });

  const range = data && (data.min_quota === data.max_quota ? formatQuota(data.min_quota) : `${formatQuota(data.min_quota)} – ${formatQuota(data.max_quota)}`);

  return (
    <Card
      title={<Flex gap={8}><CalendarOutlined />{t('checkin.title')}</Flex>}
      loading={stats.isPending}
      data-testid="checkin-card"
      extra={
        <Button type="primary" icon={done ? <CheckOutlined /> : undefined} disabled={done} loading={checkIn.isPending} onClick={submit} data-testid="checkin-button">
          {done ? t('checkin.done') : t('checkin.submit')}
        </Button>
      }
    >
      <Flex vertical gap={16}>
        {range && <Typography.Text type="secondary">{t('checkin.range', { range })}</Typography.Text>}
        <Row gutter={[16, 16]}>
          <Col xs={8}>
            <Statistic title={t('checkin.monthCount', { month })} value={data?.checkin_count ?? 0} data-testid="checkin-month-count" />
          </Col>
          <Col xs={8}>
            <Statistic title={t('checkin.totalCount')} value={data?.total_checkins ?? 0} data-testid="checkin-total-count" />
          </Col>
          <Col xs={8}>
            <Statistic title={t('checkin.totalQuota')} value={formatQuota(data?.total_quota ?? 0)} data-testid="checkin-total-quota" />
          </Col>
        </Row>
        <Flex justify="space-between" align="center">
          <Button icon={<LeftOutlined />} aria-label={t('checkin.previousMonth')} onClick={() => setMonth(shiftMonth(month, -1))} />
          <Typography.Text strong data-testid="checkin-month">{month}</Typography.Text>
          <Button icon={<RightOutlined />} aria-label={t('checkin.nextMonth')} disabled={month >= thisMonth} onClick={() => setMonth(shiftMonth(month, 1))} />
        </Flex>
        <List
          size="small"
          bordered
          data-testid="checkin-records"
          dataSource={data?.records ?? []}
          locale={{ emptyText: t('checkin.none') }}
          renderItem={(r) => (
            <List.Item extra={<Tag color="success">+{formatQuota(r.quota_awarded)}</Tag>}>
              <Typography.Text>{r.checkin_date}</Typography.Text>
            </List.Item>
          )}
        />
      </Flex>
    </Card>
  );
}
