import { Flex, List, Modal, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fitScreen } from '../../../components/responsive';
import { formatUnixTime } from '../../../lib/format';
import { useQuotaFormatter } from '../../status/use-quota-formatter';
import { rewardQueries } from '../api/rewards.queries';

/** The recent-activities dialog (GET /api/activity_list): name, reward, dates, whether it runs and whether the user was rewarded. */
export function RecentActivitiesModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('activityCenter');
  const formatQuota = useQuotaFormatter();
  const query = useQuery({ ...rewardQueries.recentActivities(), enabled: open });
  const dateOf = (seconds: number) => (seconds ? formatUnixTime(seconds, i18n.language) : t('activities.unlimited'));
  return (
    <Modal open={open} title={t('activities.title')} onCancel={onClose} footer={null} width={fitScreen(640)}>
      <List
        loading={query.isFetching}
        dataSource={query.data ?? []}
        locale={{ emptyText: t('activities.empty') }}
        renderItem={(a) => (
          <List.Item key={a.id} extra={
              <Flex vertical gap={4} align="end">
                <Tag color={a.in_progress ? 'green' : 'default'}>{a.in_progress ? t('activities.active') : t('activities.notStarted')}</Tag>
                {a.rewarded && <Tag color="gold">{t('activities.rewarded', { time: formatUnixTime(a.rewarded_at, i18n.language) })}</Tag>}
              </Flex>
            }>
            <List.Item.Meta
              title={
                <span>
                  {a.name} <Typography.Text type="success">+{formatQuota(a.quota)}</Typography.Text>
                </span>
              }
              description={
                <>
                  <div>{a.desc}</div>
                  <Typography.Text type="secondary">{t('activities.period', { start: dateOf(a.start_date), end: dateOf(a.end_date) })}</Typography.Text>
                </>
              }
            />
          </List.Item>
        )}
      />
    </Modal>
  );
}
