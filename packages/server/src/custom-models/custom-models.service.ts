import {
  CUSTOM_MODEL_CONFIG_NOT_FOUND,
  CUSTOM_MODEL_DUPLICATE,
  CUSTOM_MODEL_SUPPLIER_FIXED,
  SUPPLIER_NOT_FOUND,
  type CreateCustomModelBody,
  type CustomModelBalance,
  type CustomModelCheckQuery,
  type CustomModelConfigView,
  type CustomModelOverviewQuery,
  type CustomModelOverviewRow,
  type ListSupplierModelsBody,
  type PageParams,
  type UpdateCustomModelBody,
} from '@gw/contracts';
import type { Db } from '../db/database.js';
import type { ChangeEvents } from '../platform/change-events.js';
import type { UpstreamHttpClient } from '../platform/http-client.js';
import type { ProviderAdapter } from '../relay/providers/provider-adapter.js';
import { ConflictError, NotFoundError, ValidationError } from '../http/errors.js';
import { isUniqueViolation } from '../db/dialect-helpers.js';
import { nowSeconds } from '../platform/clock.js';
import { suppliersRepository, type SupplierRow } from '../suppliers/suppliers.repository.js';
import { sdkOf } from '../suppliers/suppliers.service.js';
import { customModelsRepository, type CustomModelRow } from './custom-models.repository.js';
import { isMaskedEcho, type CustomModelKeys } from './custom-model-keys.js';
import { toConfigView, toOverviewRow } from './custom-model-view.js';
import { SUPPLIER_CALL_TIMEOUT_MS, fetchSupplierModels, getText } from './supplier-api.js';

export const KEY_UNREADABLE = 'the stored key can no longer be read; please enter the key again';
export const NO_BALANCE_SUPPORT = 'this supplier does not report a balance';

export interface CustomModelsDeps {
  db: Db;
  keys: CustomModelKeys;
  events: ChangeEvents;
  http: UpstreamHttpClient;
  getAdapter(channelType: number): ProviderAdapter | undefined;
  timeoutMs?: number;
}

/** A user's own supplier keys (spec 3 §2.18): configs, model discovery, balance, admin overview. */
export class CustomModelsService {
  private readonly timeoutMs: number;

  constructor(private readonly deps: CustomModelsDeps) {
    this.timeoutMs = deps.timeoutMs ?? SUPPLIER_CALL_TIMEOUT_MS;
  }

  async list(userId: number): Promise<CustomModelConfigView[]> {
    const rows = await customModelsRepository.listByUser(this.deps.db, userId);
    return rows.map((r) => toConfigView(r, this.deps.keys.open(r.key)));
  }

  /** One config per supplier: a second one (even a concurrent one, through the unique index) is refused. */
  async create(userId: number, body: CreateCustomModelBody): Promise<CustomModelConfigView> {
    await this.enabledSupplier(body.supplier_id);
    if (await customModelsRepository.findOwnBySupplier(this.deps.db, userId, body.supplier_id)) throw new ConflictError(CUSTOM_MODEL_DUPLICATE);
    const now = nowSeconds();
    let id: number;
    try {
      id = await customModelsRepository.insert(this.deps.db, {
        user_id: userId,
        supplier_id: body.supplier_id,
        key: this.deps.keys.seal(body.key),
        models: JSON.stringify(body.models),
        created_at: now,
        updated_at: now,
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictError(CUSTOM_MODEL_DUPLICATE);
      throw err;
    }
    this.deps.events.changed('custom-models', userId);
    return this.get(userId, id);
  }

  /** New key and/or models; the supplier stays. A missing, empty or masked key keeps the stored one. */
  async update(userId: number, id: number, body: UpdateCustomModelBody): Promise<CustomModelConfigView> {
    const row = await this.own(userId, id);
    if (body.supplier_id !== undefined && body.supplier_id !== row.supplier_id) throw new ValidationError(CUSTOM_MODEL_SUPPLIER_FIXED);
    const stored = this.deps.keys.open(row.key);
    const keepKey = !body.key || (stored !== null && isMaskedEcho(body.key, stored));
    if (!keepKey && body.key!.includes('****')) throw new ValidationError(KEY_UNREADABLE);
    await customModelsRepository.update(this.deps.db, userId, id, {
      ...(keepKey ? {} : { key: this.deps.keys.seal(body.key!) }),
      ...(body.models ? { models: JSON.stringify(body.models) } : {}),
      updated_at: nowSeconds(),
    });
    this.deps.events.changed('custom-models', userId);
    return this.get(userId, id);
  }

  async delete(userId: number, id: number): Promise<void> {
    if (!(await customModelsRepository.delete(this.deps.db, userId, id))) throw new NotFoundError('custom model configuration');
    this.deps.events.changed('custom-models', userId);
  }

  async overview(query: CustomModelOverviewQuery, page: PageParams): Promise<{ items: CustomModelOverviewRow[]; total: number }> {
    const { rows, total } = await customModelsRepository.overview(this.deps.db, query.keyword, { offset: (page.page - 1) * page.pageSize, limit: page.pageSize });
    return { items: rows.map((r) => toOverviewRow(r, this.deps.keys.open(r.key))), total };
  }

  /**
   * The supplier's models, from its real models endpoint. Only enabled suppliers' addresses are called
   * (never an arbitrary URL from the request). The masked key of the caller's own config means "my stored key".
   */
  async listSupplierModels(userId: number, body: ListSupplierModelsBody): Promise<string[]> {
    const supplier = body.supplier_id !== undefined ? await this.enabledSupplier(body.supplier_id) : await this.supplierByAddress(body.base_url!, body.type);
    let key = body.key;
    if (key.includes('****')) {
      const own = await customModelsRepository.findOwnBySupplier(this.deps.db, userId, supplier.id);
      const stored = own ? this.deps.keys.open(own.key) : null;
      if (!stored || !isMaskedEcho(key, stored)) throw new ValidationError(KEY_UNREADABLE);
      key = stored;
    }
    return fetchSupplierModels(this.deps.http, { sdk: sdkOf(supplier.sdk), baseUrl: supplier.base_url, key }, this.timeoutMs);
  }

  /** The balance of the caller's account at the supplier with this type and address, asked with the stored key. */
  async checkBalance(userId: number, query: CustomModelCheckQuery): Promise<CustomModelBalance> {
    const configs = await customModelsRepository.listByUser(this.deps.db, userId);
    const config = configs.find((c) => c.supplier_type === query.channel_type && c.supplier_base_url === query.base_url);
    if (!config) throw new ValidationError(CUSTOM_MODEL_CONFIG_NOT_FOUND);
    const key = this.deps.keys.open(config.key);
    if (!key) throw new ValidationError(KEY_UNREADABLE);
    const adapter = this.deps.getAdapter(config.supplier_type);
    if (!adapter?.balance) throw new ValidationError(NO_BALANCE_SUPPORT);
    const request = adapter.balance.request({ id: 0, type: config.supplier_type, name: config.supplier_name, key, baseUrl: config.supplier_base_url, other: '', openaiOrganization: '', setting: {} });
    const text = await getText(this.deps.http, request.url, request.headers, this.timeoutMs, key);
    try {
      return { balance: adapter.balance.parse(text) };
    } catch {
      throw new ValidationError('the supplier answered the balance query in an unknown format');
    }
  }

  private async get(userId: number, id: number): Promise<CustomModelConfigView> {
    const row = await this.own(userId, id);
    return toConfigView(row, this.deps.keys.open(row.key));
  }

  private async own(userId: number, id: number): Promise<CustomModelRow> {
    const row = await customModelsRepository.findOwn(this.deps.db, userId, id);
    if (!row) throw new NotFoundError('custom model configuration');
    return row;
  }

  private async enabledSupplier(id: number): Promise<SupplierRow> {
    const supplier = await suppliersRepository.findById(this.deps.db, id);
    if (!supplier || supplier.disable === 1) throw new ValidationError(SUPPLIER_NOT_FOUND);
    return supplier;
  }

  /** The enabled supplier at this address; `type` (sdk or type number) picks among several there. */
  private async supplierByAddress(baseUrl: string, type: string | number | undefined): Promise<SupplierRow> {
    const suppliers = (await suppliersRepository.list(this.deps.db, { enabledOnly: true })).filter((s) => s.base_url === baseUrl);
    const match = suppliers.find((s) => type === undefined || (typeof type === 'number' ? s.type === type : sdkOf(s.sdk) === type)) ?? suppliers[0];
    if (!match) throw new ValidationError(SUPPLIER_NOT_FOUND);
    return match;
  }
}
