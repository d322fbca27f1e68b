import { z } from 'zod';

/**
 * One hour of usage of one model (GET /api/data/, /api/data/self/). `created_at` is the start of the
 * hour in unix seconds; `token_used` = prompt + completion tokens. For the admin "all users" view the
 * rows of every user are summed per model and hour.
 */
export interface QuotaDataRow {
  model_name: string;
  created_at: number;
  count: number;
  quota: number;
  token_used: number;
}

/** GET /api/data/users (administrators): every user's usage per hour, all models summed (new-api's shape). */
export interface UserQuotaDataRow {
  username: string;
  created_at: number;
  count: number;
  quota: number;
  token_used: number;
}

const Timestamp = (name: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 0 : Number(v)),
    z.number({ error: `${name} must be a unix timestamp in seconds` }).int(`${name} must be a unix timestamp in seconds`).min(0, `${name} must not be negative`),
  );

/** The longest range one dashboard query may cover (the console offers up to a few weeks). */
export const QUOTA_DATA_MAX_RANGE_SECONDS = 366 * 24 * 3600;

/**
 * Dashboard filters: hours whose start lies in [start_timestamp, end_timestamp]; 0 or missing bounds
 * mean "the last 7 days" / "now". `username` (admin only) narrows to one user; empty = all users.
 */
export const QuotaDataQuery = z
  .object({
    start_timestamp: Timestamp('start_timestamp'),
    end_timestamp: Timestamp('end_timestamp'),
    username: z.preprocess((v) => (v === undefined || v === null ? '' : String(v)), z.string().trim().max(64, 'username must be at most 64 characters')),
  })
  .refine((q) => !q.start_timestamp || !q.end_timestamp || q.start_timestamp <= q.end_timestamp, {
    message: 'start_timestamp must not be after end_timestamp',
    path: ['start_timestamp'],
  });
export type QuotaDataQuery = z.output<typeof QuotaDataQuery>;
