import { useState } from 'react';
import { Table, theme } from 'antd';
import type { EndpointInfo } from '@gw/contracts';
import { useTranslation } from 'react-i18next';
import { usePriceFormatter } from '../use-price-formatter';
import { MODEL_HUB_PAGE_SIZE, type ModelRow } from '../pricing';
import { modelColumns } from './model-columns';

interface ModelHubTableProps {
  rows: ModelRow[];
  loading: boolean;
  groupRatio: number;
  userGroup?: string;
  /** Endpoint type → its path and method (the pricing answer's supported_endpoint). */
  endpoints?: Record<string, EndpointInfo>;
}

/** The catalogue table, 20 models a page (spec 3 §9). The parent remounts it (key) when the search or vendor changes. */
export function ModelHubTable({ rows, loading, groupRatio, userGroup, endpoints = {} }: ModelHubTableProps) {
  const { t } = useTranslation('modelHub');
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const formatPrice = usePriceFormatter();
  const [page, setPage] = useState(1);
  return (
    <Table<ModelRow>
      rowKey="name"
      size="middle"
      scroll={{ x: 'max-content' }}
      loading={loading}
      dataSource={rows}
      columns={modelColumns({ t, groupRatio, formatPrice, userGroup, endpoints, colors: { success: token.colorSuccess, muted: token.colorTextQuaternary } })}
      data-testid="model-hub-table"
      pagination={{
        current: page,
        pageSize: MODEL_HUB_PAGE_SIZE,
        showSizeChanger: false,
        total: rows.length,
        showTotal: (total, [start, end]) => tc('pagination.total', { start, end, total }),
        onChange: setPage,
      }}
    />
  );
}
