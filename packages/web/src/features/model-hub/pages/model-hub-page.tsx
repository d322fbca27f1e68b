import { useMemo, useState } from 'react';
import { Alert, Card, Flex, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../components/hooks/use-debounced-value';
import { useStoredUser } from '../../../lib/session';
import { modelHubQueries } from '../api/model-hub.queries';
import { matchesSearch, mergeModels, SEARCH_DEBOUNCE_MS } from '../pricing';
import { ALL_VENDORS, hubVendorOptions, vendorFilterOf } from '../hub-vendors';
import { HubVendorFilter } from '../components/hub-vendor-filter';
import { ModelHubTable } from '../components/model-hub-table';
import { ModelHubToolbar } from '../components/model-hub-toolbar';

/** Prices use the chosen group, else the user's own group, else "default", else the first usable group. */
function defaultGroup(groups: Record<string, number>, userGroup: string | undefined): string {
  if (userGroup && userGroup in groups) return userGroup;
  if ('default' in groups) return 'default';
  return Object.keys(groups)[0] ?? '';
}

/** /model-hub: the public model catalogue and price list (spec 3 §2.16); works signed out. */
export function ModelHubPage() {
  const { t } = useTranslation('modelHub');
  const user = useStoredUser();
  const pricing = useQuery(modelHubQueries.pricing(user?.id ?? 0));
  const hub = useQuery({ ...modelHubQueries.entries(), meta: { silent: true } });
  const [search, setSearch] = useState('');
  const [chosenGroup, setChosenGroup] = useState<string>();
  const [vendor, setVendor] = useState(ALL_VENDORS);
  const query = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const groups = pricing.data?.groupRatio ?? {};
  const group = chosenGroup ?? defaultGroup(groups, user?.group);
  const models = useMemo(() => mergeModels(pricing.data?.models ?? [], hub.data ?? [], pricing.data?.vendors), [pricing.data, hub.data]);
  const vendorOptions = useMemo(() => hubVendorOptions(models, pricing.data?.vendors ?? []), [models, pricing.data]);
  const rows = useMemo(() => {
    const ofVendor = vendorFilterOf(vendor, vendorOptions);
    return models.filter((row) => ofVendor(row) && matchesSearch(row, query));
  }, [models, vendor, vendorOptions, query]);
  const userInfo = user ? { group: user.group, ratio: groups[user.group] ?? 1 } : undefined;

  return (
    <Card>
      <Flex vertical gap={16}>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>{t('title')}</Typography.Title>
          <Typography.Text type="secondary">{t('subtitle')}</Typography.Text>
        </div>
        {pricing.isError && <Alert type="error" showIcon title={pricing.error.message} />}
        <ModelHubToolbar search={search} onSearch={setSearch} group={group} groups={groups} onGroup={setChosenGroup} user={userInfo} />
        <HubVendorFilter options={vendorOptions} value={vendor} onChange={setVendor} />
        <ModelHubTable key={`${vendor}\n${query}`} rows={rows} loading={pricing.isPending} groupRatio={groups[group] ?? 1} userGroup={user?.group} endpoints={pricing.data?.supportedEndpoint} />
      </Flex>
    </Card>
  );
}
