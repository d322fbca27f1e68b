import { SUPPLIER_NOT_FOUND, type SupplierBody, type SupplierSdk, type SupplierView } from '@gw/contracts';
import type { Db } from '../db/database.js';
import type { ChangeEvents } from '../platform/change-events.js';
import { ValidationError } from '../http/errors.js';
import { nowSeconds } from '../platform/clock.js';
import { suppliersRepository, type SupplierRow } from './suppliers.repository.js';

/** Suppliers (spec 3 §2.14): administrators keep the list, users pick from the enabled ones. */
export class SuppliersService {
  constructor(
    private readonly db: Db,
    private readonly events: ChangeEvents,
  ) {}

  async list(opts: { enabledOnly?: boolean } = {}): Promise<SupplierView[]> {
    return (await suppliersRepository.list(this.db, opts)).map(toSupplierView);
  }

  async create(body: SupplierBody): Promise<SupplierView> {
    const id = await suppliersRepository.insert(this.db, { ...fieldsOf(body), created_at: nowSeconds() });
    return this.get(id);
  }

  /** Edits a supplier; relayed configs pick up the new address, protocol or disabled state at once. */
  async update(id: number, body: SupplierBody): Promise<SupplierView> {
    await this.existing(id);
    await suppliersRepository.update(this.db, id, fieldsOf(body));
    this.events.changed('supplier', id);
    return this.get(id);
  }

  async get(id: number): Promise<SupplierView> {
    return toSupplierView(await this.existing(id));
  }

  private async existing(id: number): Promise<SupplierRow> {
    const row = await suppliersRepository.findById(this.db, id);
    if (!row) throw new ValidationError(SUPPLIER_NOT_FOUND);
    return row;
  }
}

function fieldsOf(b: SupplierBody) {
  return { name: b.name, type: b.type, sdk: b.sdk, base_url: b.base_url, disable: b.disable ? 1 : 0 };
}

export const sdkOf = (value: string): SupplierSdk => (value === 'claude' ? 'claude' : 'openai');

export function toSupplierView(r: SupplierRow): SupplierView {
  return { id: r.id, name: r.name, type: r.type, sdk: sdkOf(r.sdk), base_url: r.base_url, disable: r.disable === 1, created_at: r.created_at };
}
