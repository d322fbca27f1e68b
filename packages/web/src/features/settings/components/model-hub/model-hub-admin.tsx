import { useMemo, useState } from 'react';
import { Alert, App, Button, Card, Flex, Input, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ModelHubEntry } from '@gw/contracts';
import { notifySuccess } from '../../../../lib/notify';
import { pricingAdminQueries, useSaveModelHub } from '../../api/pricing.queries';
import type { HubEntryBody } from '../../model-hub/hub-entry-form';
import { filterRows, parsePriceMaps, PRICING_PAGE_SIZE, pricingRows } from '../../pricing/price-maps';
import { hubColumns } from './hub-columns';
import { HubEntryModal } from './hub-entry-modal';

/** The model hub admin list (GET/PUT /api/model_hub/admin/): what /model-hub shows beside each price. */
export function ModelHubAdmin({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  const { modal } = App.useApp();
  const entries = useQuery(pricingAdminQueries.hubEntries());
  const save = useSaveModelHub();
  const maps = useMemo(() => parsePriceMaps(options), [options]);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<ModelHubEntry | null | undefined>(undefined);

  const list = entries.data ?? [];
  const rows = useMemo(() => filterRows(entries.data ?? [], search), [entries.data, search]);
  const freeNames = useMemo(() => {
    const taken = new Set(list.map((e) => e.name));
    return pricingRows(maps).map((r) => r.name).filter((n) => !taken.has(n));
  }, [list, maps]);

  const submit = (body: HubEntryBody) =>
    save.mutateAsync({ entries: [body] }).then(() => {
      notifySuccess(t('hub.saved'));
      setEditing(undefined);
    });
  const remove = (entry: ModelHubEntry) =>
    modal.confirm({
      title: t('hub.deleteTitle', { name: entry.name }),
      okButtonProps: { danger: true },
      onOk: () => save.mutateAsync({ delete: [entry.id] }).then(() => notifySuccess(t('hub.deleted'))),
    });

  return (
    <Card title={t('hub.title')} data-testid="model-hub-admin">
      {entries.isError ? (
        <Alert type="error" showIcon title={entries.error.message} />
      ) : (
        <>
          <Flex gap="small" wrap style={{ marginBottom: 16 }}>
            <Input.Search allowClear placeholder={t('pricing.search')} aria-label={t('hub.search')} onChange={(e) => setSearch(e.target.value)} style={{ width: 240 }} />
            <Button type="primary" onClick={() => setEditing(null)}>
              {t('hub.add')}
            </Button>
          </Flex>
          <Table<ModelHubEntry>
            rowKey="id"
            size="small"
            loading={entries.isPending}
            scroll={{ x: 'max-content' }}
            dataSource={rows}
            columns={hubColumns(t, maps, { onEdit: setEditing, onDelete: remove })}
            pagination={{ pageSize: PRICING_PAGE_SIZE, showSizeChanger: false }}
          />
        </>
      )}
      <HubEntryModal entry={editing} entries={list} maps={maps} modelNames={freeNames} saving={save.isPending} onSubmit={submit} onClose={() => setEditing(undefined)} />
    </Card>
  );
}
