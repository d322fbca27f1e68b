import { Flex, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { NameRule, type ModelMetaView, type VendorView } from '@gw/contracts';
import { EntityIcon } from '../../../components/icon/entity-icon';
import { endpointTypesOf, nameRuleKeyOf, splitList } from '../model-meta-display';
import { BoundChannelsCell } from './bound-channels-cell';
import { ModelMetaRowActions, ModelMetaStatusSwitch } from './model-meta-row-actions';

interface ColumnDeps {
  t: TFunction<'modelMetadata'>;
  vendorsById: Map<number, VendorView>;
  onEdit: (meta: ModelMetaView) => void;
}

function TagList({ items, color }: { items: string[]; color?: string }) {
  return (
    <Flex wrap gap={4} style={{ maxWidth: 260 }}>
      {items.map((item) => (
        <Tag key={item} color={color} style={{ marginInlineEnd: 0 }}>
          {item}
        </Tag>
      ))}
    </Flex>
  );
}

/** The model name, and for a rule entry its rule and how many served models it matches. */
function ModelNameCell({ meta, t }: { meta: ModelMetaView; t: ColumnDeps['t'] }) {
  const matched = meta.matched_models ?? [];
  return (
    <Flex gap={6} align="center" wrap>
      <Typography.Text strong copyable={{ text: meta.model_name }}>
        {meta.model_name}
      </Typography.Text>
      {meta.name_rule !== NameRule.Exact && (
        <>
          <Tag color="geekblue" style={{ marginInlineEnd: 0 }}>
            {t(`nameRules.${nameRuleKeyOf(meta.name_rule)}`)}
          </Tag>
          <Tooltip title={matched.length ? matched.join(', ') : t('matchedNone')}>
            <Tag style={{ marginInlineEnd: 0 }}>{t('matched', { count: meta.matched_count ?? matched.length })}</Tag>
          </Tooltip>
        </>
      )}
    </Flex>
  );
}

/** Columns of the metadata table (new-api's model management page). */
export function modelMetaColumns({ t, vendorsById, onEdit }: ColumnDeps): ColumnsType<ModelMetaView> {
  return [
    { title: t('columns.icon'), key: 'icon', width: 64, render: (_, m) => <EntityIcon icon={m.icon} name={m.model_name} /> },
    { title: t('columns.model'), key: 'model', render: (_, m) => <ModelNameCell meta={m} t={t} /> },
    {
      title: t('columns.vendor'),
      key: 'vendor',
      render: (_, m) => {
        const vendor = vendorsById.get(m.vendor_id);
        if (!vendor) return <Typography.Text type="secondary">{t('vendorFilter.none')}</Typography.Text>;
        return (
          <Flex gap={6} align="center">
            <EntityIcon icon={vendor.icon} name={vendor.name} size={18} />
            <span>{vendor.name}</span>
          </Flex>
        );
      },
    },
    {
      title: t('columns.description'),
      key: 'description',
      render: (_, m) => (
        <Typography.Text type="secondary" style={{ maxWidth: 240 }} ellipsis={{ tooltip: m.description }}>
          {m.description}
        </Typography.Text>
      ),
    },
    { title: t('columns.tags'), key: 'tags', render: (_, m) => <TagList items={splitList(m.tags)} /> },
    {
      title: t('columns.endpoints'),
      key: 'endpoints',
      render: (_, m) => {
        // The entry's own endpoints, else the ones its models get by default (the server works them out).
        const own = endpointTypesOf(m.endpoints);
        if (own.length) return <TagList items={own} color="cyan" />;
        const defaults = m.supported_endpoint_types ?? [];
        return defaults.length ? <TagList items={defaults} /> : <Typography.Text type="secondary">{t('defaultEndpoints')}</Typography.Text>;
      },
    },
    { title: t('columns.channels'), key: 'channels', render: (_, m) => <BoundChannelsCell channels={m.bound_channels} /> },
    { title: t('columns.groups'), key: 'groups', render: (_, m) => <TagList items={m.enable_groups ?? []} color="blue" /> },
    { title: t('columns.status'), key: 'status', render: (_, m) => <ModelMetaStatusSwitch meta={m} /> },
    { title: t('columns.actions'), key: 'actions', fixed: 'right', render: (_, m) => <ModelMetaRowActions meta={m} onEdit={onEdit} /> },
  ];
}
