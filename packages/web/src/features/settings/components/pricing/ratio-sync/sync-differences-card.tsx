import { useMemo, useState } from 'react';
import { Button, Card, Flex, Input, Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { RATIO_SYNC_FIELDS, type RatioDifferences, type RatioSyncField } from '@gw/contracts';
import { choiceCount, type SyncChoices } from '../../../pricing/ratio-sync/sync-choices';
import { filterSyncRows, syncRows, upstreamNames, type SyncRow } from '../../../pricing/ratio-sync/sync-rows';
import { syncColumns } from './sync-columns';
import { useApplySyncChoices } from './use-apply-sync-choices';

interface SyncDifferencesCardProps {
  options: Record<string, string>;
  /** Null until a fetch has answered. */
  differences: RatioDifferences | null;
  choices: SyncChoices;
  onChoicesChange: (next: SyncChoices) => void;
  onApplied: (applied: SyncChoices) => void;
}

const PAGE_SIZE = 10;

/** The differences table: filter by model and ratio type, pick values per cell or per upstream column, apply them. */
export function SyncDifferencesCard({ options, differences, choices, onChoicesChange, onApplied }: SyncDifferencesCardProps) {
  const { t } = useTranslation('ratioSync');
  const [search, setSearch] = useState('');
  const [field, setField] = useState<RatioSyncField | null>(null);
  const [page, setPage] = useState(1);
  const allRows = useMemo(() => syncRows(differences ?? {}), [differences]);
  const rows = useMemo(() => filterSyncRows(allRows, { search, field }), [allRows, search, field]);
  const upstreams = useMemo(() => upstreamNames(rows), [rows]);
  const { confirm, isPending } = useApplySyncChoices(options, differences ?? {}, onApplied);
  const count = choiceCount(choices);
  const filter = (patch: () => void) => {
    patch();
    setPage(1);
  };

  return (
    <Card title={t('table.title')} data-testid="ratio-sync-differences">
      <Flex gap="small" wrap style={{ marginBottom: 16 }}>
        <Input.Search allowClear placeholder={t('table.search')} aria-label={t('table.search')} onChange={(e) => filter(() => setSearch(e.target.value))} style={{ width: 220 }} />
        <Select<RatioSyncField>
          allowClear
          aria-label={t('table.fieldFilter')}
          placeholder={t('table.allFields')}
          value={field ?? undefined}
          onChange={(value) => filter(() => setField(value ?? null))}
          options={RATIO_SYNC_FIELDS.map((value) => ({ value, label: t(`fields.${value}`) }))}
          style={{ width: 200 }}
        />
        <Button type="primary" disabled={count === 0} loading={isPending} onClick={() => confirm(choices)}>
          {t('table.apply', { count })}
        </Button>
        <Button disabled={count === 0} onClick={() => onChoicesChange({})}>
          {t('table.clear')}
        </Button>
      </Flex>
      <Table<SyncRow>
        rowKey="key"
        size="small"
        scroll={{ x: 'max-content' }}
        dataSource={rows}
        columns={syncColumns({ t, rows, upstreams, choices, onChoicesChange })}
        locale={{ emptyText: differences === null ? t('table.empty') : allRows.length === 0 ? t('results.noDifferences') : t('table.nothingMatches') }}
        pagination={{ current: page, pageSize: PAGE_SIZE, showSizeChanger: false, onChange: setPage, total: rows.length }}
      />
    </Card>
  );
}
