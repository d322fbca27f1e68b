import {
  ModelMetaBody, ModelMetaEndpoints, normalizedTags, type SyncConflict, type SyncField, type SyncPreview, type SyncResult, type SyncUpstreamBody,
} from '@gw/contracts';
import type { Kysely } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { inTransaction } from '../billing/transaction.js';
import { nowSeconds } from '../platform/clock.js';
import type { ChangeEvents } from '../platform/change-events.js';
import type { GuardedHttpClient } from '../platform/fetch-guard/guarded-http-client.js';
import { modelMetadataRepository as metas, vendorsRepository as vendors, type ModelMetaRow } from './model-metadata.repository.js';
import { officialSource, readOfficialMetadata, type OfficialModel, type OfficialVendor } from './official-metadata.js';

export interface MetadataSyncDeps {
  db: Db;
  http: GuardedHttpClient;
  /** SYNC_UPSTREAM_BASE. */
  base: string;
  /** The served models that no metadata describes (ModelMetadataService.missing). */
  missing: () => Promise<string[]>;
  events?: ChangeEvents;
}

/** The facts an official entry may leave out; they are compared and copied only when it gives them. */
const OPTIONAL_FACTS = ['context_length', 'max_output_tokens', 'knowledge_cutoff', 'release_date', 'parameter_count', 'input_modalities', 'output_modalities'] as const;

/** The official list cannot disable a model: its status 0 means "not stated". */
const officialStatus = (up: OfficialModel, fallback: number) => (up.status === 0 ? fallback : 1);

/**
 * Sync with the official model metadata (new-api's sync_upstream). Only local entries that follow the
 * official list (sync_official 1) are compared or overwritten; a sync runs in one transaction, so a
 * failure leaves nothing half-written.
 */
export class MetadataSyncService {
  constructor(private readonly deps: MetadataSyncDeps) {}

  async preview(locale: string): Promise<SyncPreview> {
    const source = officialSource(this.deps.base, locale);
    const official = await readOfficialMetadata(this.deps.http, source);
    const missing = (await this.deps.missing()).filter((name) => official.models.has(name));
    const vendorNames = new Map((await vendors.all(this.deps.db)).map((v) => [v.id, v.name] as const));
    const conflicts: SyncConflict[] = [];
    for (const local of await metas.all(this.deps.db)) {
      const up = official.models.get(local.model_name);
      if (!up || local.sync_official === 0) continue;
      const fields = differences(local, up, vendorNames.get(local.vendor_id) ?? '');
      if (fields.length > 0) conflicts.push({ model_name: local.model_name, fields });
    }
    return { missing, conflicts, source };
  }

  async sync(body: SyncUpstreamBody): Promise<SyncResult> {
    const source = officialSource(this.deps.base, body.locale);
    const missing = await this.deps.missing();
    const result: SyncResult = { created_models: 0, created_vendors: 0, updated_models: 0, skipped_models: [], created_list: [], updated_list: [], source };
    if (missing.length === 0 && body.overwrite.length === 0) return result;
    const official = await readOfficialMetadata(this.deps.http, source);
    const done = await inTransaction(this.deps.db, (trx) => new SyncRun(trx, official.vendors, source).apply(missing, body, official.models));
    if (done.created_models + done.created_vendors + done.updated_models > 0) this.deps.events?.changed('model-metadata');
    return done;
  }
}

/** One sync inside its transaction (a retried transaction starts a new run). */
class SyncRun {
  private readonly vendorIds = new Map<string, number>();
  private readonly result: SyncResult;
  private readonly now = nowSeconds();

  constructor(
    private readonly trx: Kysely<Database>,
    private readonly officialVendors: Map<string, OfficialVendor>,
    source: SyncResult['source'],
  ) {
    this.result = { created_models: 0, created_vendors: 0, updated_models: 0, skipped_models: [], created_list: [], updated_list: [], source };
  }

  async apply(missing: string[], body: SyncUpstreamBody, models: Map<string, OfficialModel>): Promise<SyncResult> {
    for (const name of missing) await this.create(name, models.get(name));
    for (const { model_name, fields } of body.overwrite) await this.overwrite(model_name, new Set(fields), models.get(model_name));
    return this.result;
  }

  private async create(name: string, up: OfficialModel | undefined): Promise<void> {
    if (!up || (await metas.findByName(this.trx, name))) return void this.result.skipped_models.push(name);
    const endpoints = ModelMetaEndpoints.safeParse(up.endpoints);
    const facts = Object.fromEntries(OPTIONAL_FACTS.filter((f) => up[f] !== undefined).map((f) => [f, up[f]]));
    const parsed = ModelMetaBody.safeParse({
      ...facts, model_name: name, description: up.description, icon: up.icon, tags: up.tags, name_rule: up.name_rule,
      status: officialStatus(up, 1), sync_official: 1, endpoints: endpoints.success ? endpoints.data : '', vendor_id: await this.vendorId(up.vendor_name),
    });
    if (!parsed.success) return void this.result.skipped_models.push(name);
    await metas.insert(this.trx, { ...parsed.data, created_time: this.now, updated_time: this.now });
    this.result.created_models++;
    this.result.created_list.push(name);
  }

  private async overwrite(name: string, fields: Set<SyncField>, up: OfficialModel | undefined): Promise<void> {
    const local = up && (await metas.findByName(this.trx, name));
    // Nothing official to copy, no such entry, or an entry that keeps its own values: said so, not done.
    if (!up || !local || local.sync_official === 0) return void this.result.skipped_models.push(name);
    const patch: Record<string, unknown> = {};
    for (const field of ['description', 'icon', 'tags', 'name_rule'] as const) if (fields.has(field)) patch[field] = up[field];
    if (fields.has('status')) patch.status = officialStatus(up, local.status);
    if (fields.has('vendor')) patch.vendor_id = await this.vendorId(up.vendor_name);
    for (const fact of OPTIONAL_FACTS) if (fields.has(fact) && up[fact] !== undefined) patch[fact] = up[fact];
    if (Object.keys(patch).length === 0) return;
    const parsed = ModelMetaBody.safeParse({ ...local, ...patch });
    if (!parsed.success) return void this.result.skipped_models.push(name);
    await metas.update(this.trx, local.id, { ...parsed.data, updated_time: this.now });
    this.result.updated_models++;
    this.result.updated_list.push(name);
  }

  /** The id of the vendor of that name (any case), created (enabled) from the official vendor list when missing; 0 for none. */
  private async vendorId(name: string): Promise<number> {
    if (!name) return 0;
    const known = this.vendorIds.get(name);
    if (known !== undefined) return known;
    const existing = await vendors.findByKey(this.trx, name.toLowerCase());
    let id = existing?.id;
    if (id === undefined) {
      const up = this.officialVendors.get(name);
      id = await vendors.insert(this.trx, {
        name: name.slice(0, 128), name_key: name.slice(0, 128).toLowerCase(), description: up?.description ?? '', icon: up?.icon ?? '',
        status: 1, created_time: this.now, updated_time: this.now,
      });
      this.result.created_vendors++;
    }
    this.vendorIds.set(name, id);
    return id;
  }
}

/** Where a local entry differs from the official one. */
function differences(local: ModelMetaRow, up: OfficialModel, localVendor: string): SyncConflict['fields'] {
  const fields: SyncConflict['fields'] = [];
  const differ = (field: SyncField, mine: string | number, theirs: string | number, same = (a: string, b: string) => a.trim() === b.trim()) => {
    const equal = typeof mine === 'string' && typeof theirs === 'string' ? same(mine, theirs) : mine === theirs;
    if (!equal) fields.push({ field, local: mine, upstream: theirs });
  };
  differ('description', local.description, up.description);
  differ('icon', local.icon, up.icon);
  // Compared as saved: tags trimmed, vendors by name in any case (how a sync finds them).
  differ('tags', local.tags, up.tags, (a, b) => a === normalizedTags(b));
  differ('vendor', localVendor, up.vendor_name, (a, b) => a.toLowerCase() === b.trim().toLowerCase());
  differ('name_rule', local.name_rule, up.name_rule);
  differ('status', local.status, officialStatus(up, local.status));
  for (const fact of OPTIONAL_FACTS) {
    const theirs = up[fact];
    if (theirs !== undefined) differ(fact, local[fact], theirs);
  }
  return fields;
}
