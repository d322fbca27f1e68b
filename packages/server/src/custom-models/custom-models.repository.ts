import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { containsAny, insertReturningId } from '../db/dialect-helpers.js';

type Executor = Kysely<Database>;

/** A config joined with its supplier. `key` is the sealed (encrypted) key. */
export interface CustomModelRow {
  id: number;
  user_id: number;
  supplier_id: number;
  key: string | null;
  models: string | null;
  created_at: number;
  updated_at: number;
  supplier_name: string;
  supplier_type: number;
  supplier_sdk: string;
  supplier_base_url: string;
  supplier_disable: number;
}

export type CustomModelOverviewDbRow = CustomModelRow & { username: string; user_quota: number };

const joined = (db: Executor) =>
  db
    .selectFrom('user_custom_models as c')
    .innerJoin('suppliers as s', 's.id', 'c.supplier_id')
    .select([
      'c.id', 'c.user_id', 'c.supplier_id', 'c.key', 'c.models', 'c.created_at', 'c.updated_at',
      's.name as supplier_name', 's.type as supplier_type', 's.sdk as supplier_sdk', 's.base_url as supplier_base_url', 's.disable as supplier_disable',
    ]);

/** The only code that reads and writes user_custom_models. Every user-facing read is scoped by user id. */
export const customModelsRepository = {
  listByUser(db: Executor, userId: number): Promise<CustomModelRow[]> {
    return joined(db).where('c.user_id', '=', userId).orderBy('c.id').execute();
  },

  findOwn(db: Executor, userId: number, id: number): Promise<CustomModelRow | undefined> {
    return joined(db).where('c.user_id', '=', userId).where('c.id', '=', id).executeTakeFirst();
  },

  findOwnBySupplier(db: Executor, userId: number, supplierId: number): Promise<CustomModelRow | undefined> {
    return joined(db).where('c.user_id', '=', userId).where('c.supplier_id', '=', supplierId).executeTakeFirst();
  },

  /** Inserts a config; the unique (user_id, supplier_id) index throws for a second one. */
  insert(db: Executor, row: { user_id: number; supplier_id: number; key: string; models: string; created_at: number; updated_at: number }): Promise<number> {
    return insertReturningId(db, 'user_custom_models', row);
  },

  async update(db: Executor, userId: number, id: number, patch: { key?: string; models?: string; updated_at: number }): Promise<void> {
    await db.updateTable('user_custom_models').set(patch).where('id', '=', id).where('user_id', '=', userId).execute();
  },

  async delete(db: Executor, userId: number, id: number): Promise<boolean> {
    const result = await db.deleteFrom('user_custom_models').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  /** Every config (admin overview), newest first, with owner name and balance; `keyword` = part of the username. */
  async overview(db: Executor, keyword: string, page: { offset: number; limit: number }): Promise<{ rows: CustomModelOverviewDbRow[]; total: number }> {
    const match = containsAny(db, ['u.username'], keyword);
    let rows = joined(db).innerJoin('users as u', 'u.id', 'c.user_id').select(['u.username', 'u.quota as user_quota']);
    let count = db.selectFrom('user_custom_models as c').innerJoin('suppliers as s', 's.id', 'c.supplier_id').innerJoin('users as u', 'u.id', 'c.user_id').select((eb) => eb.fn.countAll<number>().as('n'));
    if (keyword) {
      rows = rows.where(match);
      count = count.where(match);
    }
    const [list, n] = await Promise.all([rows.orderBy('c.id', 'desc').limit(page.limit).offset(page.offset).execute(), count.executeTakeFirst()]);
    return { rows: list, total: Number(n?.n ?? 0) };
  },
};
