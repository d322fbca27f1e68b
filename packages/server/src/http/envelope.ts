import type { ApiResponse, PageResult } from '@gw/contracts';

export function ok<T>(data?: T, message = ''): ApiResponse<T> {
  return data === undefined ? { success: true, message } : { success: true, message, data };
}

export function page<T>(items: T[], total: number, p: { page: number; pageSize: number }): ApiResponse<PageResult<T>> {
  return ok({ items, total, page: p.page, page_size: p.pageSize });
}
