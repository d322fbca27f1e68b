import { PROMPT_PLATFORMS, type PromptFacet, type PromptListQuery, type PromptPlatform, type SuggestedPromptBody, type SuggestedPromptView } from '@gw/contracts';
import type { Db } from '../db/database.js';
import { NotFoundError } from '../http/errors.js';
import { nowSeconds } from '../platform/clock.js';
import { parseList } from './json-columns.js';
import { promptsRepository, type PromptRow } from './prompts.repository.js';

/** Suggested prompts (spec 3 §2.15): administrators manage them; signed-in users read the released ones. */
export class PromptsService {
  constructor(private readonly db: Db) {}

  /** All prompts for administrators, released ones for everyone else; `platform` keeps that platform's (and all-platform) prompts. */
  async list(opts: { includeUnreleased: boolean }, query: PromptListQuery): Promise<SuggestedPromptView[]> {
    const rows = await promptsRepository.list(this.db, { releasedOnly: !opts.includeUnreleased });
    const views = rows.map(toPromptView);
    return query.platform ? views.filter((p) => p.platform.length === 0 || p.platform.includes(query.platform as PromptPlatform)) : views;
  }

  async create(body: SuggestedPromptBody): Promise<SuggestedPromptView> {
    const id = await promptsRepository.insert(this.db, { ...fieldsOf(body), created_at: nowSeconds() });
    return this.get(id);
  }

  async update(id: number, body: SuggestedPromptBody): Promise<SuggestedPromptView> {
    await this.get(id);
    await promptsRepository.update(this.db, id, fieldsOf(body));
    return this.get(id);
  }

  async delete(id: number): Promise<void> {
    if (!(await promptsRepository.delete(this.db, id))) throw new NotFoundError('prompt');
  }

  private async get(id: number): Promise<SuggestedPromptView> {
    const row = await promptsRepository.findById(this.db, id);
    if (!row) throw new NotFoundError('prompt');
    return toPromptView(row);
  }
}

function fieldsOf(b: SuggestedPromptBody) {
  return {
    title: b.title,
    mcp: JSON.stringify(b.mcp),
    instruction: b.instruction,
    version: b.version,
    sort: b.sort,
    platform: JSON.stringify(b.platform),
    release: b.release ? 1 : 0,
    facets: JSON.stringify(b.facets),
    tags: JSON.stringify(b.tags),
    result_link: b.result_link,
  };
}

const isPlatform = (v: unknown): v is PromptPlatform => (PROMPT_PLATFORMS as readonly unknown[]).includes(v);
const isFacet = (v: unknown): v is PromptFacet =>
  !!v && typeof v === 'object' && (v as PromptFacet).type === 'demo-file' && typeof (v as PromptFacet).value === 'string';

export function toPromptView(r: PromptRow): SuggestedPromptView {
  return {
    id: r.id,
    title: r.title,
    mcp: parseList(r.mcp),
    instruction: r.instruction ?? '',
    version: r.version,
    sort: r.sort,
    platform: parseList(r.platform, isPlatform),
    release: r.release === 1,
    facets: parseList(r.facets, isFacet),
    tags: parseList(r.tags),
    result_link: r.result_link,
    created_at: r.created_at,
  };
}
