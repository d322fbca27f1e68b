import { useMemo, useState } from 'react';
import { Alert, Button, Card, Flex, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../../lib/notify';
import { pricingAdminQueries } from '../../api/pricing.queries';
import { parsePriceMaps, PRICING_PAGE_SIZE, setPricingFor, unpricedModels, type ModelPricing } from '../../pricing/price-maps';
import { PriceEditorModal, type PriceEditorTarget } from './price-editor-modal';
import { useSavePriceMaps } from './use-save-price-maps';

/** Models enabled on channels that have no price or ratio, with quick pricing (saved at once). */
export function UnpricedModels({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  const enabled = useQuery(pricingAdminQueries.enabledModels());
  const maps = useMemo(() => parsePriceMaps(options), [options]);
  const names = useMemo(() => unpricedModels(enabled.data ?? [], maps), [enabled.data, maps]);
  const [selected, setSelected] = useState<string[]>([]);
  const [target, setTarget] = useState<PriceEditorTarget | null>(null);
  const { save } = useSavePriceMaps();

  const apply = async (models: string[], pricing: ModelPricing) => {
    if (await save(maps, setPricingFor(maps, models, pricing))) {
      setTarget(null);
      setSelected((s) => s.filter((n) => !models.includes(n)));
    }
  };
  const openBatch = () => (selected.length === 0 ? notifyError(t('pricing.selectFirst')) : setTarget({ kind: 'batch', names: selected }));

  return (
    <Card title={t('pricing.unpricedTitle')} data-testid="unpriced-models">
      {enabled.isError ? (
        <Alert type="error" showIcon title={enabled.error.message} />
      ) : (
        <>
          <Alert type="info" showIcon title={t('pricing.unpricedHelp')} style={{ marginBottom: 16 }} />
          <Flex gap="small" wrap style={{ marginBottom: 16 }}>
            <Button onClick={openBatch}>{t('pricing.batchSet', { count: selected.length })}</Button>
            <Button onClick={() => void enabled.refetch()} loading={enabled.isFetching}>
              {t('pricing.refresh')}
            </Button>
          </Flex>
          <Table<{ name: string }>
            rowKey="name"
            size="small"
            loading={enabled.isPending}
            dataSource={names.map((name) => ({ name }))}
            locale={{ emptyText: t('pricing.unpricedEmpty') }}
            rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
            pagination={{ pageSize: PRICING_PAGE_SIZE, showSizeChanger: false }}
            columns={[
              { title: t('pricing.modelName'), dataIndex: 'name', key: 'name' },
              {
                title: t('pricing.actions'),
                key: 'actions',
                render: (_v, row) => (
                  <Button type="link" size="small" onClick={() => setTarget({ kind: 'edit', row: { name: row.name, mode: 'per-token' } })}>
                    {t('pricing.setPrice')}
                  </Button>
                ),
              },
            ]}
          />
        </>
      )}
      <PriceEditorModal target={target} isNameTaken={() => false} onSubmit={apply} onClose={() => setTarget(null)} />
    </Card>
  );
}
