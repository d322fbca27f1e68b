import { Alert, Card, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/page-spinner';
import { optionQueries } from '../api/options.queries';
import { OtherSettings } from '../components/other-settings';

const TABS = ['other'] as const;
type SettingsTab = (typeof TABS)[number];

/** /setting (admin): system settings, one tab per area, selected by the `tab` query. */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  const [params, setParams] = useSearchParams();
  const options = useQuery(optionQueries.list());
  const requested = params.get('tab');
  const active: SettingsTab = TABS.includes(requested as SettingsTab) ? (requested as SettingsTab) : 'other';

  if (options.isPending) return <PageSpinner />;
  if (options.isError) return <Alert type="error" showIcon title={options.error.message} />;
  return (
    <Card title={t('title')}>
      <Tabs
        activeKey={active}
        onChange={(tab) => setParams({ tab })}
        items={[{ key: 'other', label: t('tabs.other'), children: <OtherSettings options={options.data} /> }]}
      />
    </Card>
  );
}
