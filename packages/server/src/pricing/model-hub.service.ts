import { MODEL_NAME_TAKEN, type ModelHubEntry, type ModelHubInput, type ModelHubUpdateBody } from '@gw/contracts';
import type { Db } from '../db/database.js';
import { ConflictError, NotFoundError, ValidationError } from '../http/errors.js';
import { isUniqueViolation } from '../db/dialect-helpers.js';
import { inTransaction } from '../billing/transaction.js';
import { nowSeconds } from '../platform/clock.js';
import { modelHubRepository, type ModelHubPatch, type ModelHubRow } from './model-hub.repository.js';

/** The model hub (spec 2 §3 pricing rows, spec 3 §2.16): a public list and the administrators' editor. */
export class ModelHubService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = nowSeconds,
  ) {}

  /** Entries for everyone (hidden ones left out) or for the editor (all of them). */
  async list(opts: { includeHidden: boolean }): Promise<ModelHubEntry[]> {
    return (await modelHubRepository.list(this.db, opts)).map(toEntry);
  }

  /**
   * Applies an editor save in one transaction: removes the `delete` ids, updates entries that carry an
   * id, creates the others. Names must stay unique after the whole change ("model name already exists"),
   * so two entries may swap names in one save. Nothing is written when any part is refused.
   */
  async update(body: ModelHubUpdateBody): Promise<ModelHubEntry[]> {
    const now = this.now();
    try {
      await inTransaction(this.db, async (trx) => {
        const rows = await modelHubRepository.list(trx, { includeHidden: true });
        const byId = new Map(rows.map((r) => [r.id, r] as const));
        const removed = new Set(body.delete);
        for (const id of removed) if (!byId.has(id)) throw new NotFoundError(`model hub entry ${id}`);
        const seenIds = new Set<number>();
        for (const e of body.entries) {
          if (e.id === undefined) continue;
          if (!byId.has(e.id) || removed.has(e.id)) throw new NotFoundError(`model hub entry ${e.id}`);
          if (seenIds.has(e.id)) throw new ValidationError(`entry ${e.id} is listed twice`);
          seenIds.add(e.id);
        }
        // The names after the save: kept rows keep theirs unless an update renames them.
        const finalName = new Map<number, string>(rows.filter((r) => !removed.has(r.id)).map((r) => [r.id, r.name] as const));
        for (const e of body.entries) if (e.id !== undefined) finalName.set(e.id, e.name);
        const taken = new Set<string>();
        for (const name of [...finalName.values(), ...body.entries.filter((e) => e.id === undefined).map((e) => e.name)]) {
          if (taken.has(name)) throw new ConflictError(MODEL_NAME_TAKEN);
          taken.add(name);
        }

        await modelHubRepository.deleteMany(trx, [...removed]);
        const renamed = body.entries.filter((e) => e.id !== undefined && byId.get(e.id)!.name !== e.name);
        // Renames go through a placeholder first, so a swap never trips the unique index half-way.
        for (const e of renamed) await modelHubRepository.update(trx, e.id!, { name: `__renaming__${e.id}__${now}` });
        for (const e of body.entries) {
          if (e.id !== undefined) await modelHubRepository.update(trx, e.id, { ...patchOf(e), updated_at: now });
          else await modelHubRepository.insert(trx, { ...defaults(), ...patchOf(e), name: e.name, created_at: now, updated_at: now });
        }
      });
    } catch (err) {
      // Another save that committed in between can still take a name: same answer as above.
      if (isUniqueViolation(err)) throw new ConflictError(MODEL_NAME_TAKEN);
      throw err;
    }
    return this.list({ includeHidden: true });
  }
}

function defaults() {
  return { price: 0, ratio: 0, completion_ratio: 0, model_type: '', tags: '', multimodal: 0, sort: 0, desc: '', max_token: 0, hide: 0, icon: '', models: '', models_id: '' };
}

/** The columns an input sets; omitted fields stay as they are. */
function patchOf(e: ModelHubInput): ModelHubPatch {
  const patch: ModelHubPatch = { name: e.name };
  if (e.price !== undefined) patch.price = e.price;
  if (e.ratio !== undefined) patch.ratio = e.ratio;
  if (e.completion_ratio !== undefined) patch.completion_ratio = e.completion_ratio;
  if (e.model_type !== undefined) patch.model_type = e.model_type;
  if (e.tags !== undefined) patch.tags = e.tags;
  if (e.multimodal !== undefined) patch.multimodal = e.multimodal ? 1 : 0;
  if (e.sort !== undefined) patch.sort = e.sort;
  if (e.desc !== undefined) patch.desc = e.desc;
  if (e.max_token !== undefined) patch.max_token = e.max_token;
  if (e.hide !== undefined) patch.hide = e.hide ? 1 : 0;
  if (e.icon !== undefined) patch.icon = e.icon;
  if (e.models !== undefined) patch.models = e.models;
  if (e.models_id !== undefined) patch.models_id = e.models_id;
  return patch;
}

function toEntry(r: ModelHubRow): ModelHubEntry {
  return {
    id: r.id,
    name: r.name,
    price: Number(r.price),
    ratio: Number(r.ratio),
    completion_ratio: Number(r.completion_ratio),
    model_type: r.model_type,
    tags: r.tags,
    multimodal: r.multimodal === 1,
    sort: r.sort,
    desc: r.desc ?? '',
    max_token: r.max_token,
    hide: r.hide === 1,
    icon: r.icon ?? '',
    models: r.models ?? '',
    models_id: r.models_id,
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
  };
}
