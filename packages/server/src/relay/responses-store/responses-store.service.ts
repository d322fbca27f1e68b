import type { Db } from '../../db/database.js';
import { storedResponsesRepository as repository } from './stored-responses.repository.js';

type Json = Record<string, any>;

/** How long a stored response can be continued or read: OpenAI's retention for stored responses. */
export const STORED_RESPONSE_TTL_SECONDS = 30 * 86_400;
/** A conversation larger than this (as JSON) is not stored: its next turn would be huge anyway. */
export const MAX_STORED_ITEMS_BYTES = 8 * 1024 * 1024;

/** The just-stored conversations this process keeps in memory, so a follow-up never waits for the DB write. */
const RECENT_TTL_MS = 60_000;
const RECENT_MAX_ENTRIES = 256;
const RECENT_MAX_BYTES = 64 * 1024 * 1024;

export interface NewStoredResponse {
  id: string;
  userId: number;
  /** The model the client asked for. */
  model: string;
  /** The conversation as Responses input items for a next turn. */
  items: Json[];
  /** The final response object, answered by GET /v1/responses/{id}. */
  response: Json;
}

interface RecentResponse {
  userId: number;
  items: string;
  response: string;
  bytes: number;
  keptUntilMs: number;
  /** The DB write; a delete waits for it so it cannot bring the row back afterwards. */
  written: Promise<void>;
}

export interface StoreLog {
  warn(obj: object, msg: string): void;
}

/**
 * Responses answered through the chat bridge, kept for `previous_response_id` and for retrieval by
 * their owner. Saving never delays an answer: the row is written in the background (failures are
 * logged without content) and the conversation is kept in memory meanwhile. Reads look there first,
 * then in the database; another user's or an expired response reads as absent.
 */
export class ResponsesStore {
  private readonly recent = new Map<string, RecentResponse>();
  private recentBytes = 0;
  private readonly writes = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly log: StoreLog,
    private readonly nowMs: () => number = Date.now,
  ) {}

  /** Keeps a finished response; false (with a warning) when its conversation exceeds MAX_STORED_ITEMS_BYTES. */
  save(entry: NewStoredResponse): boolean {
    const items = JSON.stringify(entry.items);
    const itemsBytes = Buffer.byteLength(items);
    if (itemsBytes > MAX_STORED_ITEMS_BYTES) {
      this.log.warn({ responseId: entry.id, userId: entry.userId, bytes: itemsBytes }, 'response not stored: its conversation exceeds the 8 MiB limit');
      return false;
    }
    const response = JSON.stringify(entry.response);
    const createdAt = Math.floor(this.nowMs() / 1000);
    const row = { id: entry.id, user_id: entry.userId, model: entry.model, created_at: createdAt, expires_at: createdAt + STORED_RESPONSE_TTL_SECONDS, items, response };
    const written = repository.insert(this.db, row).catch((err: unknown) => {
      this.log.warn({ responseId: entry.id, userId: entry.userId, error: errorSummary(err) }, 'storing a response failed');
    });
    this.writes.add(written);
    void written.finally(() => this.writes.delete(written));
    this.remember(entry.id, { userId: entry.userId, items, response, bytes: itemsBytes + response.length, keptUntilMs: this.nowMs() + RECENT_TTL_MS, written });
    return true;
  }

  /** The stored conversation items of the user's response `id`, or undefined. */
  async findItems(userId: number, id: string): Promise<Json[] | undefined> {
    const recent = this.recentOf(id);
    const json = recent ? (recent.userId === userId ? recent.items : undefined) : await repository.findItems(this.db, userId, id, this.nowSeconds());
    if (json === undefined) return undefined;
    const items: unknown = JSON.parse(json);
    return Array.isArray(items) ? items : undefined;
  }

  /** The stored response object of the user's response `id`, or undefined. */
  async findResponse(userId: number, id: string): Promise<Json | undefined> {
    const recent = this.recentOf(id);
    const json = recent ? (recent.userId === userId ? recent.response : undefined) : await repository.findResponse(this.db, userId, id, this.nowSeconds());
    return json === undefined ? undefined : (JSON.parse(json) as Json);
  }

  /** Deletes the user's response `id`; true when there was one. */
  async delete(userId: number, id: string): Promise<boolean> {
    const recent = this.recentOf(id);
    if (recent && recent.userId !== userId) return false;
    if (recent) {
      await recent.written;
      this.forget(id);
    }
    const deleted = await repository.delete(this.db, userId, id, this.nowSeconds());
    return deleted || recent !== undefined;
  }

  /** Deletes the expired rows; answers how many. */
  deleteExpired(): Promise<number> {
    return repository.deleteExpired(this.db, this.nowSeconds());
  }

  /** Waits for the background writes started so far (before the database closes). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.writes]);
  }

  private nowSeconds(): number {
    return Math.floor(this.nowMs() / 1000);
  }

  private recentOf(id: string): RecentResponse | undefined {
    const recent = this.recent.get(id);
    if (recent && recent.keptUntilMs <= this.nowMs()) {
      this.forget(id);
      return undefined;
    }
    return recent;
  }

  private remember(id: string, entry: RecentResponse): void {
    this.forget(id);
    this.recent.set(id, entry);
    this.recentBytes += entry.bytes;
    // Oldest first (insertion order): drop what has lapsed, then what exceeds the bounds.
    const now = this.nowMs();
    for (const [oldId, old] of this.recent) {
      const over = this.recent.size > RECENT_MAX_ENTRIES || this.recentBytes > RECENT_MAX_BYTES;
      if (!over && old.keptUntilMs > now) break;
      if (oldId === id) break;
      this.forget(oldId);
    }
  }

  private forget(id: string): void {
    const entry = this.recent.get(id);
    if (!entry) return;
    this.recent.delete(id);
    this.recentBytes -= entry.bytes;
  }
}

/** What a failed write is logged with: never the statement's values, which hold the conversation. */
function errorSummary(err: unknown): { code?: unknown; message: string } {
  const e = err as { code?: unknown; message?: unknown };
  return { code: e?.code, message: typeof e?.message === 'string' ? e.message.slice(0, 200) : String(err).slice(0, 200) };
}
