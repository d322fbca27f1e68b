import type { Kysely, Selectable } from 'kysely';
import type { Database, ModelMetadataTable, VendorsTable } from '../db/schema.js';
import { containsAny, insertReturningId } from '../db/dialect-helpers.js';
import { selectPage, type Page, type PageWindow } from '../db/paging.js';

type Executor = Kysely<Database>;

export type ModelMetaRow = Selectable<ModelMetadataTable>;
export type VendorRow = Selectable<VendorsTable>;
export type ModelMetaColumns = Omit<ModelMetaRow, 'id' | 'created_time' | 'updated_time'>;
export type VendorColumns = Omit<VendorRow, 'id' | 'created_time' | 'updated_time'>;

export interface ModelMetaFilter {
  keyword: string;
  /** A vendor id, or part of a vendor's name. */
  vendor: string;
  status?: number;
  sync_official?: number;
}

/** The only code that reads and writes the model_metadata and vendors tables. */
export const modelMetadataRepository = {
  /** One page of entries matching the filter, newest first. */
  search(db: Executor, f: ModelMetaFilter, window: PageWindow): Promise<Page<ModelMetaRow>> {
    let q = db.selectFrom('model_metadata');
    if (f.keyword) q = q.where(containsAny(db, ['model_metadata.model_name', 'model_metadata.description', 'model_metadata.tags'], f.keyword));
    if (/^\d+$/.test(f.vendor)) q = q.where('model_metadata.vendor_id', '=', Number(f.vendor));
    else if (f.vendor) q = q.where('model_metadata.vendor_id', 'in', db.selectFrom('vendors').select('id').where(containsAny(db, ['vendors.name'], f.vendor)));
    if (f.status !== undefined) q = q.where('model_metadata.status', '=', f.status);
    if (f.sync_official !== undefined) q = q.where('model_metadata.sync_official', '=', f.sync_official);
    return selectPage(q, (s) => s.selectAll('model_metadata').orderBy('model_metadata.id', 'desc'), window);
  },

  all(db: Executor): Promise<ModelMetaRow[]> {
    return db.selectFrom('model_metadata').selectAll().orderBy('id').execute();
  },

  find(db: Executor, id: number): Promise<ModelMetaRow | undefined> {
    return db.selectFrom('model_metadata').selectAll().where('id', '=', id).executeTakeFirst();
  },

  findByName(db: Executor, name: string): Promise<ModelMetaRow | undefined> {
    return db.selectFrom('model_metadata').selectAll().where('model_name', '=', name).executeTakeFirst();
  },

  /** Entries per vendor id (0 = none), over all entries. */
  async vendorCounts(db: Executor): Promise<Record<string, number>> {
    const rows = await db
      .selectFrom('model_metadata')
      .select(['vendor_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy('vendor_id')
      .execute();
    return Object.fromEntries(rows.map((r) => [String(r.vendor_id), Number(r.n)]));
  },

  /** Fails with a unique violation when the name is taken. */
  insert(db: Executor, row: ModelMetaColumns & { created_time: number; updated_time: number }): Promise<number> {
    return insertReturningId(db, 'model_metadata', row);
  },

  async update(db: Executor, id: number, patch: Partial<ModelMetaColumns> & { updated_time: number }): Promise<boolean> {
    const r = await db.updateTable('model_metadata').set(patch).where('id', '=', id).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  async remove(db: Executor, id: number): Promise<boolean> {
    const r = await db.deleteFrom('model_metadata').where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },

  /** Entries of a deleted vendor belong to no vendor. */
  async clearVendor(db: Executor, vendorId: number, now: number): Promise<void> {
    await db.updateTable('model_metadata').set({ vendor_id: 0, updated_time: now }).where('vendor_id', '=', vendorId).execute();
  },
};

export const vendorsRepository = {
  /** One page of vendors (all, or those whose name or description holds the keyword), by id. */
  search(db: Executor, keyword: string, window: PageWindow): Promise<Page<VendorRow>> {
    let q = db.selectFrom('vendors');
    if (keyword) q = q.where(containsAny(db, ['vendors.name', 'vendors.description'], keyword));
    return selectPage(q, (s) => s.selectAll('vendors').orderBy('vendors.id'), window);
  },

  all(db: Executor): Promise<VendorRow[]> {
    return db.selectFrom('vendors').selectAll().orderBy('id').execute();
  },

  find(db: Executor, id: number): Promise<VendorRow | undefined> {
    return db.selectFrom('vendors').selectAll().where('id', '=', id).executeTakeFirst();
  },

  findByKey(db: Executor, nameKey: string): Promise<VendorRow | undefined> {
    return db.selectFrom('vendors').selectAll().where('name_key', '=', nameKey).executeTakeFirst();
  },

  insert(db: Executor, row: VendorColumns & { created_time: number; updated_time: number }): Promise<number> {
    return insertReturningId(db, 'vendors', row);
  },

  async update(db: Executor, id: number, patch: VendorColumns & { updated_time: number }): Promise<boolean> {
    const r = await db.updateTable('vendors').set(patch).where('id', '=', id).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  async remove(db: Executor, id: number): Promise<boolean> {
    const r = await db.deleteFrom('vendors').where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },
};

