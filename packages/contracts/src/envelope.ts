/** The management API envelope: every `/api/*` answer has this shape. */
export interface ApiResponse<T = unknown> {
  success: boolean;
  message: string;
  data?: T;
  /** Machine-readable reason when `success` is false (see errors.ts). */
  code?: string;
}

/** A page of a list: `page` is 1-based; `p=0` in a query means the first page. */
export interface PageResult<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}
