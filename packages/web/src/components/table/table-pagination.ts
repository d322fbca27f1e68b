import type { TablePaginationConfig } from 'antd';
import type { TFunction } from 'i18next';
import { PAGE_SIZE_OPTIONS } from '@gw/contracts';

interface PaginationInput {
  /** 0 (first load) or the 1-based page. */
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number, pageSize: number) => void;
  t: TFunction;
}

/** AntD pagination with the spec's page sizes 10/20/50/100 (spec 3 §9) and a "start-end of total" line. */
export function tablePagination({ page, pageSize, total, onChange, t }: PaginationInput): TablePaginationConfig {
  return {
    current: Math.max(1, page),
    pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
    showTotal: (count, [start, end]) => t('pagination.total', { start, end, total: count }),
    onChange,
  };
}
