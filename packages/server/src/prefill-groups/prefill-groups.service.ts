import {
  PrefillGroupBody, prefillGroupNameTaken, UpdatePrefillGroupBody, type PrefillGroupItems, type PrefillGroupType, type PrefillGroupView,
} from '@gw/contracts';
import type { Db } from '../db/database.js';
import { isUniqueViolation } from '../db/dialect-helpers.js';
import { ConflictError, NotFoundError } from '../http/errors.js';
import { parseInput } from '../http/validate.js';
import { nowSeconds } from '../platform/clock.js';
import { prefillGroupsRepository as repo, type PrefillGroupRow } from './prefill-groups.repository.js';

/** The fields of a group that a PUT may replace. */
const EDITABLE = ['name', 'type', 'items', 'description'] as const;

/**
 * Prefill groups (new-api's /api/prefill_group): administrators keep named lists of models, tags or
 * endpoints that the console fills forms from. Names are unique among live groups, ignoring case; the
 * unique index on `live_name` decides a race between two saves of the same name. Deleting is soft, as in
 * new-api, and frees the name.
 */
export class PrefillGroupsService {
  constructor(private readonly db: Db) {}

  async list(type?: PrefillGroupType): Promise<PrefillGroupView[]> {
    return (await repo.list(this.db, type)).map(toPrefillGroupView);
  }

  async create(body: PrefillGroupBody): Promise<PrefillGroupView> {
    if (await repo.findByLiveName(this.db, liveNameOf(body.name))) throw new ConflictError(prefillGroupNameTaken(body.name));
    const now = nowSeconds();
    const id = await this.saving(body.name, () => repo.insert(this.db, { ...columnsOf(body), created_time: now, updated_time: now }));
    return this.get(id);
  }

  /** PUT: the id comes in the body (new-api); the given fields replace the saved ones, and the whole is checked again. */
  async update(input: unknown): Promise<PrefillGroupView> {
    const { id, ...given } = parseInput(UpdatePrefillGroupBody, input);
    const saved = await this.existing(id);
    const merged: Record<string, unknown> = { name: saved.name, type: saved.type, items: itemsOf(saved), description: saved.description };
    for (const field of EDITABLE) if (given[field] !== undefined) merged[field] = given[field];
    const body = parseInput(PrefillGroupBody, merged);
    const other = await repo.findByLiveName(this.db, liveNameOf(body.name));
    if (other && other.id !== id) throw new ConflictError(prefillGroupNameTaken(body.name));
    const updated = await this.saving(body.name, () => repo.update(this.db, id, { ...columnsOf(body), updated_time: nowSeconds() }));
    // Deleted between the read and the write.
    if (!updated) await this.existing(id);
    return this.get(id);
  }

  async remove(id: number): Promise<void> {
    if (!(await repo.softDelete(this.db, id, nowSeconds()))) throw new NotFoundError('prefill group');
  }

  async get(id: number): Promise<PrefillGroupView> {
    return toPrefillGroupView(await this.existing(id));
  }

  private async existing(id: number): Promise<PrefillGroupRow> {
    const row = await repo.find(this.db, id);
    if (!row) throw new NotFoundError('prefill group');
    return row;
  }

  /** Runs a write; a unique violation means another save took the name meanwhile. */
  private async saving<T>(name: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictError(prefillGroupNameTaken(name));
      throw err;
    }
  }
}

const liveNameOf = (name: string) => name.toLowerCase();

function columnsOf(body: PrefillGroupBody) {
  return { name: body.name, live_name: liveNameOf(body.name), type: body.type, items: JSON.stringify(body.items), description: body.description };
}

/** The stored items; text that is not JSON (never written by this code) reads as no items. */
function itemsOf(row: PrefillGroupRow): PrefillGroupItems {
  try {
    const parsed: unknown = JSON.parse(row.items);
    if (Array.isArray(parsed)) return parsed.filter((i): i is string => typeof i === 'string');
    return parsed && typeof parsed === 'object' ? (parsed as PrefillGroupItems) : [];
  } catch {
    return [];
  }
}

export function toPrefillGroupView(row: PrefillGroupRow): PrefillGroupView {
  return {
    id: row.id,
    name: row.name,
    type: row.type as PrefillGroupType,
    items: itemsOf(row),
    description: row.description,
    created_time: Number(row.created_time),
    updated_time: Number(row.updated_time),
  };
}
