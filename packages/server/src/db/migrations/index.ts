import type { Migration } from 'kysely';
import * as initialSchema from './2026_11_22_0001_initial_schema.js';
import * as quotaHolds from './2026_11_23_0002_quota_holds.js';
import * as logListIndexes from './2026_11_23_0003_log_list_indexes.js';
import * as quotaData from './2026_11_23_0004_quota_data.js';

/** Every migration, in order. Names sort by date; add new files at the end. */
export const migrations: Record<string, Migration> = {
  '2026_11_22_0001_initial_schema': initialSchema,
  '2026_11_23_0002_quota_holds': quotaHolds,
  '2026_11_23_0003_log_list_indexes': logListIndexes,
  '2026_11_23_0004_quota_data': quotaData,
};
