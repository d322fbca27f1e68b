import { ownerSpendingLimit, type TokenWithOwner } from '../../tokens/tokens.repository.js';
import type { ChangeEvents } from '../../platform/change-events.js';
import { hasBudget, withSpending } from '../../billing/spending-limit.js';

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
    const sibling = set.values().next().value;
    if (sibling) adoptOwnerSpending(entry.row, sibling.row);
    set.add(entry);
    return entry.row;
  }

  /**
   * Lowers the cached balances of a user and a limited token by a charge (negative: a credit) and adds it
   * to the token's and the user's spending in the current period (as the settlement counts it); a charge a
   * subscription pays (`fromWallet` false) leaves the user's balance alone.
   */
  charge(userId: number, tokenId: number, amount: number, fromWallet = true): void {
    if (amount === 0) return;
    const now = Math.floor(this.now() / 1000);
    for (const { row } of this.byUser.get(userId) ?? []) {
      if (fromWallet) row.user_quota -= amount;
      if (row.user_budget_quota <= 0) continue;
      const limit = ownerSpendingLimit(row);
      if (hasBudget(limit)) {
        const spent = withSpending(limit, amount, now);
        row.user_budget_used = spent.budget_used;
        row.user_budget_window = spent.budget_window;
      }
    }
    const token = this.byToken.get(tokenId);
    if (!token) return;
    const row = token.row;
    if (row.unlimited_quota !== 1) row.remain_quota -= amount;
    if (hasBudget(row)) Object.assign(row, withSpending(row, amount, now));
  }

  private remove(entry: Entry) {
    this.byKey.delete(entry.key);
    if (this.byToken.get(entry.row.id) === entry) this.byToken.delete(entry.row.id);
    const set = this.byUser.get(entry.row.user_id);
    set?.delete(entry);
    if (set?.size === 0) this.byUser.delete(entry.row.user_id);
  }
}

/**
 * A key loaded while another key of its owner is cached takes the owner's spending from it when that is
 * further on: the cached copy holds this node's charges that are not yet settled in the database.
 */
function adoptOwnerSpending(row: TokenWithOwner, sibling: TokenWithOwner): void {
  if (row.user_budget_quota <= 0 || !hasBudget(ownerSpendingLimit(row))) return;
  const later = sibling.user_budget_window > row.user_budget_window;
  if (later || (sibling.user_budget_window === row.user_budget_window && sibling.user_budget_used > row.user_budget_used)) {
    row.user_budget_used = sibling.user_budget_used;
    row.user_budget_window = sibling.user_budget_window;
  }
}
