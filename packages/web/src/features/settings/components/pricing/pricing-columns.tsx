import { Button, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { outputPriceOf, ratioToInputPrice, type PricingRow } from '../../pricing/price-maps';

const usd = (n: number | undefined): string => (n === undefined ? '-' : `$${n}`);
const plain = (n: number | undefined): string => (n === undefined ? '-' : String(n));

/** Columns of the visual ratio editor: mode, prices per 1M tokens, ratios, fixed price, row actions. */
export function pricingColumns(t: TFunction<'settings'>, actions: { onEdit: (row: PricingRow) => void; onDelete: (row: PricingRow) => void }): ColumnsType<PricingRow> {
  return [
    { title: t('pricing.modelName'), dataIndex: 'name', key: 'name' },
    {
      title: t('pricing.mode'),
      key: 'mode',
      render: (_v, row) => (row.mode === 'per-request' ? <Tag color="purple">{t('pricing.perRequest')}</Tag> : <Tag color="blue">{t('pricing.perToken')}</Tag>),
    },
    {
      title: t('pricing.inputPriceShort'),
      key: 'inputPrice',
      render: (_v, row) => (row.ratio === undefined ? '-' : usd(ratioToInputPrice(row.ratio))),
    },
    {
      title: t('pricing.outputPriceShort'),
      key: 'outputPrice',
      render: (_v, row) => (row.ratio === undefined || row.completionRatio === undefined ? '-' : usd(outputPriceOf(ratioToInputPrice(row.ratio), row.completionRatio))),
    },
    { title: t('pricing.ratio'), key: 'ratio', render: (_v, row) => plain(row.ratio) },
    { title: t('pricing.completionRatio'), key: 'completionRatio', render: (_v, row) => plain(row.completionRatio) },
    { title: t('pricing.fixedPrice'), key: 'price', render: (_v, row) => usd(row.price) },
    {
      title: t('pricing.actions'),
      key: 'actions',
      render: (_v, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => actions.onEdit(row)}>
            {t('pricing.edit')}
          </Button>
          <Button type="link" size="small" danger onClick={() => actions.onDelete(row)}>
            {t('pricing.delete')}
          </Button>
        </Space>
      ),
    },
  ];
}
