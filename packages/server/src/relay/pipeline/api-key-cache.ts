import type { TokenWithOwner } from '../../tokens/tokens.repository.js';
import type { ChangeEvents } from '../../platform/change-events.js';
import { budgetWindow, hasBudget } from '../../tokens/token-budget.js';

const DEFAULT_TTL_MS = 3000;
const MAX_ENTRIES = 50_000;

interface Entry {
  key: string;
  row: TokenWithOwner;
  expiresAt: number;
}

/**
 * API keys with their owners, kept for a few seconds so the relay's hot path reads no database. A
 * change to a user or token on this node drops its entries at once (ChangeEvents); charges lower the
 * cached balances as they are settled, so balance checks do not lag behind this node's own traffic.
 * Other nodes' changes show within the lifetime.
 */
export class ApiKeyCache {
  private readonly byKey = new Map<string, Entry>();
  private readonly byUser = new Map<number, Set<Entry>>();
  private readonly byToken = new Map<number, Entry>();

  constructor(events: ChangeEvents, private readonly ttlMs = DEFAULT_TTL_MS, private readonly now: () => number = Date.now) {
    events.on('user', (id) => {
      for (const entry of [...(this.byUser.get(id) ?? [])]) this.remove(entry);
    });
    events.on('token', (id) => {
      const entry = this.byToken.get(id);
      if (entry) this.remove(entry);
    });
  }

  /** Cached keys (expired ones included until they are next read). */
  get size(): number {
    return this.byKey.size;
  }

  get(key: string): TokenWithOwner | undefined {
    const entry = this.byKey.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.remove(entry);
      return undefined;
    }
    return entry.row;
  }

  /** Caches a copy of the row and returns the cached copy (later charges change it). */
  set(key: string, row: TokenWithOwner): TokenWithOwner {
    const old = this.byKey.get(key);
    if (old) this.remove(old);
    if (this.byKey.size >= MAX_ENTRIES) this.remove(this.byKey.values().next().value!);
    const entry: Entry = { key, row: { ...row }, expiresAt: this.now() + this.ttlMs };
    this.byKey.set(key, entry);
    this.byToken.set(row.id, entry);
    let set = this.byUser.get(row.user_id);
    if (!set) this.byUser.set(row.user_id, (set = new Set()));
    set.add(entry);
    return entry.row;
  }

  /**
   * Lowers the cached balances of a user and a limited token by a charge (negative: a credit) and adds it
   * to the token's spending in the current period; a charge a subscription pays (`fromWallet` false) leaves
   * the user's balance alone.
   */
  charge(userId: number, tokenId: number, amount: number, fromWallet = true): void {
    if (amount === 0) return;
    if (fromWallet) for (const entry of this.byUser.get(userId) ?? []) entry.row.user_quota -= amount;
    const token = this.byToken.get(tokenId);
    if (!token) return;
    if (token.row.unlimited_quota !== 1) token.row.remain_quota -= amount;
    const row = token.row;
    if (hasBudget(row)) {
      // The settlement counts it in the period it falls in; so does the cached copy.
      const start = budgetWindow(row.budget_period, Math.floor(this.now() / 1000)).start;
      row.budget_used = (row.budget_window === start ? row.budget_used : 0) + amount;
      row.budget_window = start;
    }
  }

  private remove(entry: Entry) {
    this.byKey.delete(entry.key);
    if (this.byToken.get(entry.row.id) === entry) this.byToken.delete(entry.row.id);
    const set = this.byUser.get(entry.row.user_id);
    set?.delete(entry);
    if (set?.size === 0) this.byUser.delete(entry.row.user_id);
  }
}
