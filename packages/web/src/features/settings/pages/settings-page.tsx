import type { ReactNode } from 'react';
import { Alert, Card, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/page-spinner';
import { optionQueries } from '../api/options.queries';
import { ConsoleContentSettings } from '../components/console-content-settings';
import { ModelSettings } from '../components/model-settings';
import { OperationSettings } from '../components/operation-settings';
import { OtherSettings } from '../components/other-settings';
import { RateLimitSettings } from '../components/rate-limit-settings';
import { SystemSettings } from '../components/system-settings';
import { VisualSettings } from '../components/visual-settings';
import { PerformanceSettings } from '../performance/performance-settings';
import { useRoles } from '../../../lib/session';

const TABS = ['operation', 'dashboard', 'visual', 'ratelimit', 'models', 'system', 'other', 'performance'] as const;
type SettingsTab = (typeof TABS)[number];
/** Tabs only the root user sees (their routes are root-only on the server). */
const ROOT_TABS: ReadonlySet<SettingsTab> = new Set(['performance']);

const TAB_CONTENT: Record<SettingsTab, (options: Record<string, string>) => ReactNode> = {
  operation: (o) => <OperationSettings options={o} />,
  dashboard: (o) => <ConsoleContentSettings options={o} />,
  visual: (o) => <VisualSettings options={o} />,
  ratelimit: (o) => <RateLimitSettings options={o} />,
  models: (o) => <ModelSettings options={o} />,
  system: (o) => <SystemSettings options={o} />,
  other: (o) => <OtherSettings options={o} />,
  performance: (o) => <PerformanceSettings options={o} />,
};

/** /setting (admin): system settings, one tab per area, selected by the `tab` query (default operation). */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  const [params, setParams] = useSearchParams();
  const { isRoot } = useRoles();
  const tabs = TABS.filter((tab) => isRoot || !ROOT_TABS.has(tab));
  const options = useQuery(optionQueries.list());
  const requested = params.get('tab');
  const active: SettingsTab = tabs.includes(requested as SettingsTab) ? (requested as SettingsTab) : 'operation';

  if (options.isPending) return <PageSpinner />;
  if (options.isError) return <Alert type="error" showIcon title={options.error.message} />;
  return (
    <Card title={t('title')}>
      <Tabs
        activeKey={active}
        onChange={(tab) => setParams({ tab })}
        destroyOnHidden
        items={tabs.map((tab) => ({ key: tab, label: t(`tabs.${tab}`), children: TAB_CONTENT[tab](options.data) }))}
      />
    </Card>
  );
}
