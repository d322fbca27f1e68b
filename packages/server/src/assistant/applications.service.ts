import { APP_NAME_TAKEN, APPLICATION_TYPES, type ApplicationBody, type ApplicationListQuery, type ApplicationType, type ApplicationView, type PageParams } from '@gw/contracts';
import type { Db } from '../db/database.js';
import { ConflictError, NotFoundError } from '../http/errors.js';
import { isUniqueViolation } from '../db/dialect-helpers.js';
import { nowSeconds } from '../platform/clock.js';
import { parseList } from './json-columns.js';
import { applicationsRepository, type ApplicationRow } from './applications.repository.js';

/** The agent marketplace (spec 3 §2.17): administrators manage applications; users read their group's. */
export class ApplicationsService {
  constructor(private readonly db: Db) {}

  async list(query: ApplicationListQuery, page: PageParams): Promise<{ items: ApplicationView[]; total: number }> {
    const { rows, total } = await applicationsRepository.list(this.db, query.keyword, { offset: (page.page - 1) * page.pageSize, limit: page.pageSize });
    return { items: rows.map(toApplicationView), total };
  }

  /** Applications offered to a group: those listing it, and those with no groups (offered to all). */
  async listForGroup(group: string): Promise<ApplicationView[]> {
    return (await applicationsRepository.listAll(this.db)).map(toApplicationView).filter((a) => a.app_groups.length === 0 || a.app_groups.includes(group));
  }

  /** Names are unique: checked first for a clear message, and by the unique index against a race. */
  async create(body: ApplicationBody): Promise<ApplicationView> {
    if (await applicationsRepository.nameTaken(this.db, body.name)) throw new ConflictError(APP_NAME_TAKEN);
    const id = await this.uniqueName(() => applicationsRepository.insert(this.db, { ...fieldsOf(body), created_at: nowSeconds() }));
    return this.get(id);
  }

  async update(id: number, body: ApplicationBody): Promise<ApplicationView> {
    await this.get(id);
    if (await applicationsRepository.nameTaken(this.db, body.name, id)) throw new ConflictError(APP_NAME_TAKEN);
    await this.uniqueName(() => applicationsRepository.update(this.db, id, fieldsOf(body)));
    return this.get(id);
  }

  async delete(id: number): Promise<void> {
    if ((await applicationsRepository.deleteMany(this.db, [id])) === 0) throw new NotFoundError('application');
  }

  /** Deletes the listed applications that exist; answers how many. */
  async deleteMany(ids: readonly number[]): Promise<number> {
    return applicationsRepository.deleteMany(this.db, [...new Set(ids)]);
  }

  private async get(id: number): Promise<ApplicationView> {
    const row = await applicationsRepository.findById(this.db, id);
    if (!row) throw new NotFoundError('application');
    return toApplicationView(row);
  }

  private async uniqueName<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictError(APP_NAME_TAKEN);
      throw err;
    }
  }
}

function fieldsOf(b: ApplicationBody) {
  return {
    name: b.name,
    display_name: b.display_name,
    version: b.version,
    description: b.description,
    homepage: b.homepage,
    dxt_url: b.dxt_url,
    type: b.type,
    rank: b.rank,
    app_groups: JSON.stringify(b.app_groups),
    keywords: JSON.stringify(b.keywords),
  };
}

const typeOf = (v: string): ApplicationType => ((APPLICATION_TYPES as readonly string[]).includes(v) ? (v as ApplicationType) : 'conversation-tool');

export function toApplicationView(r: ApplicationRow): ApplicationView {
  return {
    id: r.id,
    name: r.name,
    display_name: r.display_name,
    version: r.version,
    description: r.description ?? '',
    homepage: r.homepage,
    dxt_url: r.dxt_url,
    type: typeOf(r.type),
    rank: r.rank,
    app_groups: parseList(r.app_groups),
    keywords: parseList(r.keywords),
    created_at: r.created_at,
  };
}
