import { Space, Tag, Tooltip, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import type { EndpointInfo } from '@gw/contracts';
import type { TFunction } from 'i18next';
import { EntityIcon } from '../../../components/icon/entity-icon';
import { shortenNumber } from '../../../lib/format';
import { callPrice, endpointLabel, MAX_TAGS, otherTokenPrices, tokenPrices, type ModelRow } from '../pricing';

interface ColumnDeps {
  t: TFunction<'modelHub'>;
  groupRatio: number;
  formatPrice: (usd: number) => string;
  /** The signed-in user's group; undefined hides the availability column. */
  userGroup?: string;
  /** Theme colours for the availability icons. */
  colors: { success: string; muted: string };
  /** Endpoint type → its path and method, shown over the type's tag. */
  endpoints: Record<string, EndpointInfo>;
}

function PriceCell({ row, groupRatio, formatPrice, t }: Pick<ColumnDeps, 'groupRatio' | 'formatPrice' | 't'> & { row: ModelRow }) {
  if (row.perCall) return <span>{t('price.perCall', { price: formatPrice(callPrice(row, groupRatio)) })}</span>;
  const { input, output } = tokenPrices(row, groupRatio);
  const other = otherTokenPrices(row, groupRatio);
  return (
    <Space orientation="vertical" size={0}>
      <span>{t('price.input', { price: formatPrice(input) })}</span>
      <span>{t('price.output', { price: formatPrice(output) })}</span>
      {other.prices.map((p) => (
        <Typography.Text type="secondary" key={p.kind}>{t(`price.${p.kind}`, { price: formatPrice(p.usd) })}</Typography.Text>
      ))}
      {other.longContext && (
        <Typography.Text type="secondary">
          {t('price.longContext', { threshold: shortenNumber(other.longContext.threshold), input: formatPrice(other.longContext.input), output: formatPrice(other.longContext.output) })}
        </Typography.Text>
      )}
    </Space>
  );
}

/** Context and output sizes, modalities, and cut-off, release and size, each line only when known. */
function ModelFactsLines({ row, t }: { row: ModelRow; t: ColumnDeps['t'] }) {
  const { facts } = row;
  const sizes = [
    row.contextLength > 0 && t('maxTokens', { amount: shortenNumber(row.contextLength) }),
    facts.maxOutput > 0 && t('facts.maxOutput', { amount: shortenNumber(facts.maxOutput) }),
  ].filter(Boolean);
  const dates = [
    facts.knowledgeCutoff && t('facts.knowledgeCutoff', { date: facts.knowledgeCutoff }),
    facts.releaseDate && t('facts.releaseDate', { date: facts.releaseDate }),
    facts.parameterCount && t('facts.parameterCount', { count: facts.parameterCount }),
  ].filter(Boolean);
  const modalities = facts.inputModalities.length > 0 || facts.outputModalities.length > 0;
  return (
    <>
      {sizes.length > 0 && <Typography.Text type="secondary" data-testid="model-hub-sizes">{sizes.join(' · ')}</Typography.Text>}
      {modalities && (
        <Typography.Text type="secondary" data-testid="model-hub-modalities">
          {t('facts.modalities', { input: facts.inputModalities.join(', ') || '—', output: facts.outputModalities.join(', ') || '—' })}
        </Typography.Text>
      )}
      {dates.length > 0 && <Typography.Text type="secondary" data-testid="model-hub-dates">{dates.join(' · ')}</Typography.Text>}
    </>
  );
}

/** Columns of the model catalogue (spec 3 §2.16): availability only for signed-in users. */
export function modelColumns({ t, groupRatio, formatPrice, userGroup, colors, endpoints }: ColumnDeps): ColumnsType<ModelRow> {
  const availability: ColumnsType<ModelRow> = userGroup === undefined ? [] : [{
    title: t('columns.available'),
    key: 'available',
    width: 90,
    render: (_, row) =>
      row.enableGroups.includes(userGroup) ? (
        <Tooltip title={t('available.yes')}><CheckCircleFilled style={{ color: colors.success }} aria-label={t('available.yes')} /></Tooltip>
      ) : (
        <Tooltip title={t('available.no')}><CloseCircleFilled style={{ color: colors.muted }} aria-label={t('available.no')} /></Tooltip>
      ),
  }];
  return [
    ...availability,
    {
      title: t('columns.model'),
      key: 'name',
      render: (_, row) => (
        <Space align="start">
          {row.icon && <EntityIcon icon={row.icon} name={row.name} size={24} />}
          <Space orientation="vertical" size={0}>
            <Typography.Text strong copyable={{ text: row.name }}>{row.name}</Typography.Text>
            {row.description && <Typography.Text type="secondary" style={{ maxWidth: 320 }} ellipsis={{ tooltip: row.description }}>{row.description}</Typography.Text>}
            <ModelFactsLines row={row} t={t} />
          </Space>
        </Space>
      ),
    },
    {
      title: t('columns.billing'),
      key: 'billing',
      render: (_, row) => (row.perCall ? <Tag color="purple">{t('billing.perCall')}</Tag> : <Tag color="blue">{t('billing.perToken')}</Tag>),
    },
    {
      title: t('columns.endpoints'),
      key: 'endpoints',
      render: (_, row) => (
        <Space size={[4, 4]} wrap style={{ maxWidth: 220 }}>
          {row.endpointTypes.map((type) => {
            const tag = <Tag key={type} color="cyan" style={{ fontSize: 11, lineHeight: '18px', marginInlineEnd: 0 }}>{type}</Tag>;
            const where = endpointLabel(endpoints[type], row.name);
            return where ? <Tooltip key={type} title={where}>{tag}</Tooltip> : tag;
          })}
        </Space>
      ),
    },
    {
      title: t('columns.ratios'),
      key: 'ratios',
      render: (_, row) =>
        row.perCall ? (
          <span>{t('ratio.groupOnly', { group: groupRatio })}</span>
        ) : (
          <Space orientation="vertical" size={0}>
            <span>{t('ratio.model', { ratio: row.modelRatio })}</span>
            <span>{t('ratio.completion', { ratio: row.completionRatio })}</span>
            <span>{t('ratio.group', { ratio: groupRatio })}</span>
          </Space>
        ),
    },
    { title: t('columns.price'), key: 'price', render: (_, row) => <PriceCell row={row} groupRatio={groupRatio} formatPrice={formatPrice} t={t} /> },
    {
      title: t('columns.tags'),
      key: 'tags',
      render: (_, row) => (
        <Space size={[4, 4]} wrap style={{ maxWidth: 300 }}>
          {row.tags.slice(0, MAX_TAGS).map((tag) => <Tag key={tag}>{tag}</Tag>)}
        </Space>
      ),
    },
  ];
}
