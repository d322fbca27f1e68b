import { useMemo, useState } from 'react';
import { Alert, Card, Flex, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useRoles } from '../../../lib/session';
import { useSiteStatus } from '../../status/api/status.queries';
import { dashboardQueries } from '../api/dashboard.queries';
import { ConsoleContentPanels } from '../components/console-content/console-content-panels';
import { DashboardFilters } from '../components/dashboard-filters';
import { UsageChart } from '../components/usage-chart';
import { UsageTotalsCards } from '../components/usage-totals';
import { defaultRangeOf, granularityOf, totalsOf, type Granularity } from '../usage-series';

function Dashboard({ initialGranularity }: { initialGranularity: Granularity }) {
  const { t } = useTranslation('dashboard');
  const { isAdmin } = useRoles();
  const [granularity, setGranularity] = useState(initialGranularity);
  const [range, setRange] = useState(() => defaultRangeOf(initialGranularity, Math.floor(Date.now() / 1000)));
  const [username, setUsername] = useState('');
  const usage = useQuery(dashboardQueries.usage({ admin: isAdmin, start_timestamp: range[0], end_timestamp: range[1], username }));
  const rows = useMemo(() => usage.data ?? [], [usage.data]);
  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex vertical gap={12}>
          <Typography.Title level={3} style={{ margin: 0 }}>{t('title')}</Typography.Title>
          <DashboardFilters
            range={range}
            onRange={setRange}
            granularity={granularity}
            onGranularity={setGranularity}
            username={isAdmin ? username : undefined}
            onUsername={isAdmin ? setUsername : undefined}
          />
        </Flex>
      </Card>
      {usage.isError && <Alert type="error" showIcon title={usage.error.message} />}
      <UsageTotalsCards totals={totalsOf(rows)} minutes={Math.max(1, (range[1] - range[0]) / 60)} />
      <UsageChart rows={rows} granularity={granularity} range={range} />
    </Flex>
  );
}

/**
 * /detail: the data dashboard (issue 4 item 5), shown when the administrator enabled data export, and
 * below it the administrator's panels (API addresses, announcements, FAQ, service status).
 */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { status, isConfirmed } = useSiteStatus();
  return (
    <Flex vertical gap={16}>
      {isConfirmed && !status.enable_data_export ? (
        <Alert type="info" showIcon title={t('disabled')} data-testid="dashboard-disabled" />
      ) : (
        <Dashboard initialGranularity={granularityOf(status.data_export_default_time)} />
      )}
      <ConsoleContentPanels status={status} />
    </Flex>
  );
}
