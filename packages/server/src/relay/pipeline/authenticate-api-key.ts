import { Role, UserStatus, type BudgetPeriod } from '@gw/contracts';
import type { Db } from '../../db/database.js';
import { ownerSpendingLimit, tokensRepository, type TokenWithOwner } from '../../tokens/tokens.repository.js';
import { quotaLedgerRepository } from '../../billing/quota-ledger.repository.js';
import { TokenStatus } from '../../tokens/token-status.js';
import { isAllowed, parseAllowList } from '../../platform/ip-allow-list.js';
import { nowSeconds } from '../../platform/clock.js';
import { forbidden, quotaExhausted, unauthorized } from '../relay-error.js';
import { subscriptionFunding } from '../../subscriptions/subscription-funding.js';
import { budgetPeriodOf, budgetStanding, hasBudget, type SpendingLimit } from '../../billing/spending-limit.js';
import type { ApiKeyCache } from './api-key-cache.js';

/** Who is calling the gateway, after every key check passed. */
export interface ApiKeyPrincipal {
  tokenId: number;
  tokenName: string;
  tokenUnlimited: boolean;
  tokenRemainQuota: number;
  userId: number;
  username: string;
  userRole: number;
  userQuota: number;
  userSetting: string | null;
  /** Latest end of the user's active subscriptions (unix seconds); 0 = none. */
  subscriptionUntil: number;
  /** The group used for routing and pricing: the token's group, else the user's (`auto` until resolved per model). */
  group: string;
  /** The owner's own group (what an `auto` token may route through depends on it). */
  userGroup: string;
  /** Model allow-list of the token, or null when unrestricted. */
  modelLimits: Set<string> | null;
  /** Channel pinned with `sk-KEY-CHANNELID` (administrators only). */
  pinnedChannelId: number | null;
  /** An `auto` key may move on to its next auto group when every channel of one failed. */
  crossGroupRetry: boolean;
  /** The key's spending-limit period ('' for none): what it spends counts toward that period's limit. */
  tokenBudgetPeriod: BudgetPeriod | '';
  /** The same for the owner's spending limit over all their keys. */
  userBudgetPeriod: BudgetPeriod | '';
  /** The key's requests per minute (any outcome) and prompt + completion tokens per minute; 0 = no limit. */
  rpmLimit: number;
  tpmLimit: number;
}

const KEY_PATTERN = /^[A-Za-z0-9]{16,128}$/;

/** Splits `sk-KEY` or `sk-KEY-CHANNELID`; returns null when the shape cannot be a key. */
export function parseApiKey(raw: string): { key: string; channelId: number | null } | null {
  const trimmed = raw.trim().replace(/^bearer\s+/i, '').trim();
  const body = trimmed.startsWith('sk-') ? trimmed.slice(3) : trimmed;
  const [key, channel, ...rest] = body.split('-');
  if (rest.length || !KEY_PATTERN.test(key ?? '')) return null;
  if (channel === undefined) return { key, channelId: null };
  if (!/^\d{1,9}$/.test(channel)) return null;
  return { key, channelId: Number(channel) };
}

export interface AuthenticateOptions {
  db: Db;
  usableGroups: (userGroup: string) => Set<string>;
  cache?: ApiKeyCache;
  /**
   * Leave an empty account balance to the caller: the chat relay checks it after its own-key hook,
   * since a user's own supplier key (custom models) needs no balance.
   */
  deferUserQuotaCheck?: boolean;
}

export const userQuotaUsedUp = () => quotaExhausted('your account quota is used up; please top up', 'insufficient_user_quota');

/**
 * Checks an API key before any upstream call: key shape, token status, expiry, remaining quota,
 * allowed IPs, owner status and quota, token group. Expiry and exhaustion are written back to the
 * token (status 3 / 4). Errors use the OpenAI shape with 401 / 403 / 429.
 */
export async function authenticateApiKey(rawKey: string | undefined, clientIp: string, opts: AuthenticateOptions): Promise<ApiKeyPrincipal> {
  if (!rawKey) throw unauthorized('no API key provided; send it as "Authorization: Bearer sk-..."');
  const parsed = parseApiKey(rawKey);
  if (!parsed) throw unauthorized('invalid API key format');
  const row = opts.cache?.get(parsed.key) ?? (await loadApiKey(opts.db, parsed.key, opts.cache));
  if (!row || row.user_deleted_at !== null) throw unauthorized('invalid API key');
  await checkTokenState(row, opts.db);
  if (row.allow_ips) {
    let list;
    try {
      list = parseAllowList(row.allow_ips);
    } catch {
      list = null;
    }
    if (list && !isAllowed(list, clientIp)) throw forbidden(`this API key may not be used from ${clientIp}`, 'ip_not_allowed');
  }
  if (row.user_status !== UserStatus.Enabled) throw forbidden('the account that owns this API key is disabled', 'user_banned');
  // Most owners have no limit: two comparisons, no allocation.
  const ownerLimit = row.user_budget_quota > 0 ? ownerSpendingLimit(row) : null;
  if (ownerLimit) checkUserBudget(ownerLimit);
  if (row.user_quota <= 0 && !opts.deferUserQuotaCheck && !subscriptionFunding(row.user_subscription_until, row.user_setting)) throw userQuotaUsedUp();
  if (parsed.channelId !== null && row.user_role < Role.Admin) throw forbidden('ordinary users cannot specify a channel', 'channel_pin_forbidden');
  const group = row.group || row.user_group;
  if (row.group && !opts.usableGroups(row.user_group).has(row.group)) {
    throw forbidden(`this API key's group "${row.group}" is not available to its owner`, 'group_forbidden');
  }
  return {
    tokenId: row.id,
    tokenName: row.name,
    tokenUnlimited: row.unlimited_quota === 1,
    tokenRemainQuota: row.remain_quota,
    userId: row.user_id,
    username: row.user_username,
    userRole: row.user_role,
    userQuota: row.user_quota,
    userSetting: row.user_setting,
    subscriptionUntil: row.user_subscription_until,
    group,
    userGroup: row.user_group,
    modelLimits: row.model_limits_enabled === 1 ? parseModelLimits(row.model_limits) : null,
    pinnedChannelId: parsed.channelId,
    crossGroupRetry: row.cross_group_retry === 1,
    tokenBudgetPeriod: budgetPeriodOf(row),
    userBudgetPeriod: ownerLimit ? budgetPeriodOf(ownerLimit) : '',
    rpmLimit: row.rpm_limit,
    tpmLimit: row.tpm_limit,
  };
}

/**
 * A cache miss: reads the key's token with its owner from the database and caches the row (the cached
 * copy is returned, so later charges show in it). Callers try `cache.get(key)` first.
 */
export async function loadApiKey(db: Db, key: string, cache?: ApiKeyCache): Promise<TokenWithOwner | undefined> {
  const row = await tokensRepository.findByKeyWithOwner(db, key);
  return row && cache ? cache.set(key, row) : row;
}

/** Checks status, expiry and remaining quota; an observed expiry or exhaustion is written back (row and cache too). */
async function checkTokenState(row: TokenWithOwner, db: Db) {
  if (row.status === TokenStatus.Disabled) throw unauthorized('this API key is disabled', 'token_disabled');
  if (row.status === TokenStatus.Expired) throw unauthorized('this API key has expired', 'token_expired');
  if (row.status === TokenStatus.Exhausted) throw quotaExhausted('this API key has no quota left', 'token_quota_exhausted');
  if (row.status !== TokenStatus.Enabled) throw unauthorized('this API key is not usable', 'token_disabled');
  if (row.expired_time !== -1 && row.expired_time <= nowSeconds()) {
    await tokensRepository.markStatus(db, row.id, TokenStatus.Expired);
    row.status = TokenStatus.Expired;
    throw unauthorized('this API key has expired', 'token_expired');
  }
  if (row.unlimited_quota !== 1 && row.remain_quota <= 0) {
    // Holds of requests in progress may be all that took the balance to zero, and they give back what
    // they do not use: refuse for now, but mark the key exhausted only when nothing is held.
    if (!(await quotaLedgerRepository.tokenHasOpenHold(db, row.id))) {
      await tokensRepository.markStatus(db, row.id, TokenStatus.Exhausted);
      row.status = TokenStatus.Exhausted;
    }
    throw quotaExhausted('this API key has no quota left', 'token_quota_exhausted');
  }
  if (hasBudget(row)) {
    const { used, resetTime } = budgetStanding(row, nowSeconds());
    if (used >= row.budget_quota) {
      throw quotaExhausted(`this API key has spent its ${row.budget_period} limit; it renews at ${new Date(resetTime * 1000).toISOString()}`, 'token_budget_exhausted');
    }
  }
}

/** Refuses a user who has spent their limit of the current period (over all their keys and the playground). */
export function checkUserBudget(limit: SpendingLimit) {
  if (!hasBudget(limit)) return;
  const { used, resetTime } = budgetStanding(limit, nowSeconds());
  if (used >= limit.budget_quota) {
    throw quotaExhausted(`your account has spent its ${limit.budget_period} limit; it renews at ${new Date(resetTime * 1000).toISOString()}`, 'user_budget_exhausted');
  }
}

function parseModelLimits(text: string | null): Set<string> {
  return new Set((text ?? '').split(',').map((m) => m.trim()).filter(Boolean));
}

/** The model check, once the model is known. An enabled but empty list allows nothing. */
export function assertModelAllowed(principal: ApiKeyPrincipal, model: string): void {
  if (principal.modelLimits && !principal.modelLimits.has(model)) {
    throw forbidden(`this API key may not use the model ${model}`, 'model_not_allowed');
  }
}
