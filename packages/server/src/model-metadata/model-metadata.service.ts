import {
  IdInBody, MetaStatus, ModelMetaBody, modelMetaNameTaken, NameRule, unknownVendor, VendorBody, vendorNameTaken,
  type BoundChannel, type ModelMetaPage, type ModelMetaSearchQuery, type ModelMetaView, type NameRuleValue, type PageParams, type VendorView,
} from '@gw/contracts';
import type { Db } from '../db/database.js';
import { isUniqueViolation } from '../db/dialect-helpers.js';
import type { Page } from '../db/paging.js';
import { inTransaction } from '../billing/transaction.js';
import { ConflictError, NotFoundError, ValidationError } from '../http/errors.js';
import { parseInput } from '../http/validate.js';
import { nowSeconds } from '../platform/clock.js';
import type { ChangeEvents } from '../platform/change-events.js';
import type { ServedModel } from '../pricing/pricing.service.js';
import { endpointTypesOf, ownEndpoints } from '../pricing/endpoint-types.js';
import { ruleMatches } from './metadata-index.js';
import { modelMetadataRepository as metas, vendorsRepository as vendors, type ModelMetaRow, type VendorRow } from './model-metadata.repository.js';

/** What the metadata list shows about how models are served today (the pricing service answers it). */
export interface ServedModels {
  servedModels(): ReadonlyMap<string, ServedModel>;
  quotaTypeOf(model: string, group: string): number | undefined;
}

const META_FIELDS = [
  'model_name', 'description', 'icon', 'tags', 'vendor_id', 'endpoints', 'context_length', 'max_output_tokens', 'knowledge_cutoff',
  'release_date', 'parameter_count', 'input_modalities', 'output_modalities', 'status', 'sync_official', 'name_rule',
] as const satisfies readonly (keyof ModelMetaBody)[];
const VENDOR_FIELDS = ['name', 'description', 'icon', 'status'] as const satisfies readonly (keyof VendorBody)[];

const window = (p: PageParams) => ({ offset: (p.page - 1) * p.pageSize, limit: p.pageSize });

/**
 * Model metadata and vendors (new-api's /api/models/* and /api/vendors/*, admin). Names are unique:
 * model names exactly, vendor names ignoring case; the unique indexes decide a race between two saves.
 * A PUT merges the given fields over the saved ones and checks the whole again. Every change reaches the
 * pricing page's cache in every process of the site.
 */
export class ModelMetadataService {
  constructor(
    private readonly db: Db,
    private readonly served: ServedModels,
    private readonly events?: ChangeEvents,
  ) {}

  async search(query: ModelMetaSearchQuery, p: PageParams): Promise<ModelMetaPage> {
    const [{ items, total }, vendor_counts] = await Promise.all([metas.search(this.db, query, window(p)), metas.vendorCounts(this.db)]);
    return { items: items.map((row) => this.enriched(row)), total, page: p.page, page_size: p.pageSize, vendor_counts };
  }

  async get(id: number): Promise<ModelMetaView> {
    return this.enriched(await this.existing(id));
  }

  async create(input: unknown): Promise<ModelMetaView> {
    const body = parseInput(ModelMetaBody, input);
    await this.checkMeta(body, 0);
    const now = nowSeconds();
    const id = await saving(modelMetaNameTaken(body.model_name), () => metas.insert(this.db, { ...body, created_time: now, updated_time: now }));
    this.changed();
    return this.get(id);
  }

  /** PUT /api/models/: the given fields replace the saved ones; with `statusOnly` only the status changes. */
  async update(input: unknown, statusOnly: boolean): Promise<ModelMetaView> {
    const { id, ...given } = parseInput(IdInBody, input);
    const saved = await this.existing(id);
    const merged: Record<string, unknown> = { ...saved };
    for (const field of statusOnly ? (['status'] as const) : META_FIELDS) if (given[field] !== undefined) merged[field] = given[field];
    const body = parseInput(ModelMetaBody, merged);
    if (!statusOnly) await this.checkMeta(body, id);
    const patch = statusOnly ? { status: body.status } : body;
    const updated = await saving(modelMetaNameTaken(body.model_name), () => metas.update(this.db, id, { ...patch, updated_time: nowSeconds() }));
    if (!updated) await this.existing(id);
    this.changed();
    return this.get(id);
  }

  async remove(id: number): Promise<void> {
    if (!(await metas.remove(this.db, id))) throw new NotFoundError('model metadata');
    this.changed();
  }

  /** Models that enabled channels serve and that no entry describes (exactly or by a rule), sorted. */
  async missing(): Promise<string[]> {
    const entries = await metas.all(this.db);
    const exact = new Set(entries.filter((e) => e.name_rule === NameRule.Exact).map((e) => e.model_name));
    const rules = entries.filter((e) => e.name_rule !== NameRule.Exact);
    return [...this.served.servedModels().keys()].filter((model) => !exact.has(model) && !rules.some((e) => ruleMatches(e, model)));
  }

  async searchVendors(keyword: string, p: PageParams): Promise<Page<VendorView> & { page: number; page_size: number }> {
    const { items, total } = await vendors.search(this.db, keyword, window(p));
    return { items: items.map(toVendorView), total, page: p.page, page_size: p.pageSize };
  }

  async getVendor(id: number): Promise<VendorView> {
    return toVendorView(await this.existingVendor(id));
  }

  async createVendor(input: unknown): Promise<VendorView> {
    const body = parseInput(VendorBody, input);
    await this.checkVendorName(body.name, 0);
    const now = nowSeconds();
    const id = await saving(vendorNameTaken(body.name), () => vendors.insert(this.db, { ...body, name_key: body.name.toLowerCase(), created_time: now, updated_time: now }));
    this.changed();
    return this.getVendor(id);
  }

  async updateVendor(input: unknown): Promise<VendorView> {
    const { id, ...given } = parseInput(IdInBody, input);
    const saved = await this.existingVendor(id);
    const merged: Record<string, unknown> = { ...saved };
    for (const field of VENDOR_FIELDS) if (given[field] !== undefined) merged[field] = given[field];
    const body = parseInput(VendorBody, merged);
    await this.checkVendorName(body.name, id);
    const updated = await saving(vendorNameTaken(body.name), () => vendors.update(this.db, id, { ...body, name_key: body.name.toLowerCase(), updated_time: nowSeconds() }));
    if (!updated) await this.existingVendor(id);
    this.changed();
    return this.getVendor(id);
  }

  /** Deletes a vendor; its models keep their metadata and belong to no vendor. */
  async removeVendor(id: number): Promise<void> {
    const removed = await inTransaction(this.db, async (trx) => {
      if (!(await vendors.remove(trx, id))) return false;
      await metas.clearVendor(trx, id, nowSeconds());
      return true;
    });
    if (!removed) throw new NotFoundError('vendor');
    this.changed();
  }

  private async checkMeta(body: ModelMetaBody, id: number): Promise<void> {
    const other = await metas.findByName(this.db, body.model_name);
    if (other && other.id !== id) throw new ConflictError(modelMetaNameTaken(body.model_name));
    if (body.vendor_id > 0 && !(await vendors.find(this.db, body.vendor_id))) throw new ValidationError(unknownVendor(body.vendor_id), { field: 'vendor_id' });
  }

  private async checkVendorName(name: string, id: number): Promise<void> {
    const other = await vendors.findByKey(this.db, name.toLowerCase());
    if (other && other.id !== id) throw new ConflictError(vendorNameTaken(name));
  }

  private async existing(id: number): Promise<ModelMetaRow> {
    const row = await metas.find(this.db, id);
    if (!row) throw new NotFoundError('model metadata');
    return row;
  }

  private async existingVendor(id: number): Promise<VendorRow> {
    const row = await vendors.find(this.db, id);
    if (!row) throw new NotFoundError('vendor');
    return row;
  }

  /**
   * An entry with how its models are served: for an exact name that model; for a rule every served model
   * it matches (matched_models), their channels, groups and billing kinds together.
   */
  private enriched(row: ModelMetaRow): ModelMetaView {
    const view = toModelMetaView(row);
    const served = this.served.servedModels();
    const models = row.name_rule === NameRule.Exact ? (served.has(row.model_name) ? [row.model_name] : []) : [...served.keys()].filter((m) => ruleMatches(row, m));
    const channels = new Map<string, BoundChannel>();
    const groups = new Set<string>();
    const quotaTypes = new Set<number>();
    const endpointTypes = new Set<string>();
    for (const model of models) {
      const s = served.get(model)!;
      for (const c of s.channels) channels.set(`${c.type}:${c.name}`, c);
      for (const g of s.groups) groups.add(g);
      const quotaType = this.served.quotaTypeOf(model, s.groups[0]!);
      if (quotaType !== undefined) quotaTypes.add(quotaType);
      for (const t of endpointTypesOf(model, s.channelTypes)) endpointTypes.add(t);
    }
    const own = ownEndpoints(row.endpoints);
    view.supported_endpoint_types = own ? Object.keys(own) : models.length > 0 ? [...endpointTypes] : endpointTypesOf(row.model_name, []);
    view.bound_channels = [...channels.values()];
    view.enable_groups = [...groups].sort();
    view.quota_types = [...quotaTypes].sort();
    if (row.name_rule !== NameRule.Exact) {
      view.matched_models = models;
      view.matched_count = models.length;
    }
    return view;
  }

  private changed(): void {
    this.events?.changed('model-metadata');
  }
}

/** Runs a write; a unique violation means another save took the name meanwhile. */
async function saving<T>(taken: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError(taken);
    throw err;
  }
}

export function toModelMetaView(row: ModelMetaRow): ModelMetaView {
  return {
    id: row.id,
    model_name: row.model_name,
    description: row.description,
    icon: row.icon,
    tags: row.tags,
    vendor_id: row.vendor_id,
    endpoints: row.endpoints,
    context_length: row.context_length,
    max_output_tokens: row.max_output_tokens,
    knowledge_cutoff: row.knowledge_cutoff,
    release_date: row.release_date,
    parameter_count: row.parameter_count,
    input_modalities: row.input_modalities,
    output_modalities: row.output_modalities,
    status: row.status === MetaStatus.Enabled ? MetaStatus.Enabled : MetaStatus.Disabled,
    sync_official: row.sync_official,
    name_rule: row.name_rule as NameRuleValue,
    created_time: Number(row.created_time),
    updated_time: Number(row.updated_time),
  };
}

export function toVendorView(row: VendorRow): VendorView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    icon: row.icon,
    status: row.status,
    created_time: Number(row.created_time),
    updated_time: Number(row.updated_time),
  };
}
