import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Badge, Button, Card, Flex, List, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MonitorStatus, type UptimeGroupResult } from '@gw/contracts';
import { monitorBadgeOf, uptimePercent } from '../../console-content';

const LEGEND = [MonitorStatus.Up, MonitorStatus.Down, MonitorStatus.Pending, MonitorStatus.Maintenance].map(monitorBadgeOf);

function MonitorList({ group }: { group: UptimeGroupResult }) {
  const { t } = useTranslation('dashboard');
  if (group.error) return <Alert type="warning" showIcon title={t('uptime.unreachable', { message: group.error })} />;
  return (
    <List
      size="small"
      dataSource={group.monitors}
      locale={{ emptyText: t('uptime.noMonitors') }}
      renderItem={(m) => {
        const badge = monitorBadgeOf(m.status);
        return (
          <List.Item extra={<Typography.Text type="secondary">{uptimePercent(m.uptime)}</Typography.Text>}>
            <Badge status={badge.status} text={m.name} title={t(`uptime.states.${badge.labelKey}`)} />
          </List.Item>
        );
      }}
    />
  );
}

interface UptimeCardProps {
  groups: UptimeGroupResult[];
  refreshing: boolean;
  onRefresh: () => void;
}

/** Service availability from the administrator's Uptime Kuma status pages, one tab per page. */
export function UptimeCard({ groups, refreshing, onRefresh }: UptimeCardProps) {
  const { t } = useTranslation('dashboard');
  return (
    <Card
      title={t('uptime.title')}
      data-testid="dashboard-uptime"
      extra={<Button size="small" type="text" icon={<ReloadOutlined />} aria-label={t('uptime.refresh')} loading={refreshing} onClick={onRefresh} />}
    >
      {groups.length === 1 ? (
        <MonitorList group={groups[0]} />
      ) : (
        <Tabs size="small" items={groups.map((g, i) => ({ key: String(i), label: `${g.categoryName} (${g.monitors.length})`, children: <MonitorList group={g} /> }))} />
      )}
      <Flex gap={16} wrap style={{ marginTop: 12 }}>
        {LEGEND.map((badge) => (
          <Badge key={badge.labelKey} status={badge.status} text={t(`uptime.states.${badge.labelKey}`)} />
        ))}
      </Flex>
    </Card>
  );
}
