import { Avatar, Button, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ModelHubEntry } from '@gw/contracts';
import { outputPriceOf, ratioToInputPrice, type PriceMaps } from '../../pricing/price-maps';

const splitComma = (v: string) => v.split(',').map((s) => s.trim()).filter(Boolean);

/** The billed price of a model as the options hold it (the hub shows these, not its own copies). */
function priceText(t: TFunction<'settings'>, maps: PriceMaps, name: string): string {
  const price = maps.ModelPrice[name];
  if (price !== undefined) return t('hub.pricePerCall', { price });
  const ratio = maps.ModelRatio[name];
  if (ratio === undefined) return t('hub.unpriced');
  const input = ratioToInputPrice(ratio);
  const completion = maps.CompletionRatio[name];
  return completion === undefined ? t('hub.priceInput', { input }) : t('hub.priceTokens', { input, output: outputPriceOf(input, completion) });
}

export function hubColumns(
  t: TFunction<'settings'>,
  maps: PriceMaps,
  actions: { onEdit: (e: ModelHubEntry) => void; onDelete: (e: ModelHubEntry) => void },
): ColumnsType<ModelHubEntry> {
  return [
    { title: t('hub.icon'), key: 'icon', width: 56, render: (_v, e) => (e.icon ? <Avatar shape="square" src={e.icon} /> : <Avatar shape="square">{e.name.slice(0, 1).toUpperCase()}</Avatar>) },
    { title: t('pricing.modelName'), dataIndex: 'name', key: 'name' },
    { title: t('hub.price'), key: 'price', render: (_v, e) => priceText(t, maps, e.name) },
    { title: t('hub.tags'), key: 'tags', render: (_v, e) => splitComma(e.tags).map((tag) => <Tag key={tag}>{tag}</Tag>) },
    { title: t('hub.modelType'), dataIndex: 'model_type', key: 'model_type' },
    { title: t('hub.maxToken'), dataIndex: 'max_token', key: 'max_token', render: (v: number) => (v ? v : '-') },
    { title: t('hub.sort'), dataIndex: 'sort', key: 'sort' },
    {
      title: t('hub.flags'),
      key: 'flags',
      render: (_v, e) => (
        <Space size={4}>
          {e.multimodal && <Tag color="geekblue">{t('hub.multimodal')}</Tag>}
          {e.hide && <Tag>{t('hub.hidden')}</Tag>}
        </Space>
      ),
    },
    { title: t('hub.desc'), dataIndex: 'desc', key: 'desc', ellipsis: true },
    {
      title: t('pricing.actions'),
      key: 'actions',
      render: (_v, e) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => actions.onEdit(e)}>
            {t('pricing.edit')}
          </Button>
          <Button type="link" size="small" danger onClick={() => actions.onDelete(e)}>
            {t('pricing.delete')}
          </Button>
        </Space>
      ),
    },
  ];
}
