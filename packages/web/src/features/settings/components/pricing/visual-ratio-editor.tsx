import { useEffect, useMemo, useRef, useState } from 'react';
import { App, Button, Card, Flex, Input, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../../lib/notify';
import {
  changedModelCount,
  filterRows,
  hasModel,
  parsePriceMaps,
  priceMapChanges,
  PRICING_PAGE_SIZE,
  pricingRows,
  removeModel,
  setPricingFor,
  type ModelPricing,
  type PricingRow,
} from '../../pricing/price-maps';
import { pricingColumns } from './pricing-columns';
import { PriceEditorModal, type PriceEditorTarget } from './price-editor-modal';
import { useSavePriceMaps } from './use-save-price-maps';

/**
 * The visual ratio editor: every priced model in a table (pages of 10), edited in a draft and saved as
 * the ModelPrice / ModelRatio / CompletionRatio options (only the maps that changed).
 */
export function VisualRatioEditor({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  const { modal } = App.useApp();
  const loaded = useMemo(() => parsePriceMaps(options), [options]);
  const [draft, setDraft] = useState(loaded);
  const base = useRef(loaded);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<PriceEditorTarget | null>(null);
  const { save, isPending } = useSavePriceMaps();

  // Reloaded options replace the draft unless it holds unsaved edits.
  useEffect(() => {
    setDraft((current) => (priceMapChanges(base.current, current).length === 0 ? loaded : current));
    base.current = loaded;
  }, [loaded]);

  const rows = useMemo(() => filterRows(pricingRows(draft), search), [draft, search]);
  const pending = changedModelCount(loaded, draft);

  const apply = (names: string[], pricing: ModelPricing) => {
    setDraft((current) => setPricingFor(current, names, pricing));
    setTarget(null);
  };
  const remove = (row: PricingRow) =>
    modal.confirm({
      title: t('pricing.deleteTitle', { name: row.name }),
      okButtonProps: { danger: true },
      onOk: () => {
        setDraft((current) => removeModel(current, row.name));
        setSelected((s) => s.filter((n) => n !== row.name));
      },
    });
  const openBatch = () => (selected.length === 0 ? notifyError(t('pricing.selectFirst')) : setTarget({ kind: 'batch', names: selected }));
  const submit = async () => {
    if (await save(loaded, draft)) setSelected([]);
  };

  return (
    <Card title={t('pricing.visualTitle')} data-testid="visual-ratio-editor">
      <Flex gap="small" wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('pricing.search')}
          aria-label={t('pricing.search')}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
          style={{ width: 240 }}
        />
        <Button onClick={() => setTarget({ kind: 'add' })}>{t('pricing.add')}</Button>
        <Button onClick={openBatch}>{t('pricing.batchSet', { count: selected.length })}</Button>
        <Button disabled={pending === 0} onClick={() => setDraft(loaded)}>
          {t('pricing.discard')}
        </Button>
        <Button type="primary" onClick={submit} loading={isPending}>
          {t('pricing.save', { count: pending })}
        </Button>
      </Flex>
      <Table<PricingRow>
        rowKey="name"
        size="small"
        scroll={{ x: 'max-content' }}
        dataSource={rows}
        columns={pricingColumns(t, { onEdit: (row) => setTarget({ kind: 'edit', row }), onDelete: remove })}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), preserveSelectedRowKeys: true }}
        pagination={{ current: page, pageSize: PRICING_PAGE_SIZE, showSizeChanger: false, onChange: setPage, total: rows.length }}
      />
      <PriceEditorModal target={target} isNameTaken={(name) => hasModel(draft, name)} onSubmit={apply} onClose={() => setTarget(null)} />
    </Card>
  );
}
