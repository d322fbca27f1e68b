import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, SuppliersTable } from '../db/schema.js';
import { insertReturningId } from '../db/dialect-helpers.js';

type Executor = Kysely<Database>;

export type SupplierRow = Selectable<SuppliersTable>;
export type NewSupplier = Omit<Insertable<SuppliersTable>, 'id'>;
export type SupplierPatch = Omit<Updateable<SuppliersTable>, 'id'>;

/** The only code that reads and writes the suppliers table. */
export const suppliersRepository = {
  findById(db: Executor, id: number): Promise<SupplierRow | undefined> {
    return db.selectFrom('suppliers').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Every supplier (or only enabled ones), by id. */
  list(db: Executor, opts: { enabledOnly?: boolean } = {}): Promise<SupplierRow[]> {
    let q = db.selectFrom('suppliers').selectAll();
    if (opts.enabledOnly) q = q.where('disable', '=', 0);
    return q.orderBy('id').execute();
  },

  insert(db: Executor, supplier: NewSupplier): Promise<number> {
    return insertReturningId(db, 'suppliers', supplier);
  },

  async update(db: Executor, id: number, patch: SupplierPatch): Promise<void> {
    await db.updateTable('suppliers').set(patch).where('id', '=', id).execute();
  },
};
