import { Card, Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApplicationsTab } from '../components/applications/applications-tab';
import { PromptsTab } from '../components/prompts/prompts-tab';
import { RolesTab } from '../components/roles/roles-tab';
import { SuppliersTab } from '../components/suppliers/suppliers-tab';

const TABS = ['suppliers', 'prompts', 'roles', 'apps'] as const;
type TabKey = (typeof TABS)[number];

/** /aipy-conf (administrators): suppliers, suggested prompts, roles and the agent marketplace (spec 3 §2.17). */
export function AipyConfPage() {
  const { t } = useTranslation('aipyConf');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active: TabKey = TABS.find((k) => k === requested) ?? 'suppliers';
  return (
    <Card>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('title')}
      </Typography.Title>
      <Tabs
        activeKey={active}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'suppliers', label: t('tabs.suppliers'), children: <SuppliersTab /> },
          { key: 'prompts', label: t('tabs.prompts'), children: <PromptsTab /> },
          { key: 'roles', label: t('tabs.roles'), children: <RolesTab /> },
          { key: 'apps', label: t('tabs.apps'), children: <ApplicationsTab /> },
        ]}
      />
    </Card>
  );
}
