import type { LogView } from '@gw/contracts';
import type { Db } from '../db/database.js';
import type { OptionsService } from '../options/options.service.js';
import { tokensRepository, type TokenQuotaFigures } from '../tokens/tokens.repository.js';
import { logsRepository } from '../logs/logs.repository.js';
import { toLogView } from '../logs/log-view.js';
import { UnauthorizedError } from '../http/errors.js';
import { nowSeconds } from '../platform/clock.js';
import { authenticateApiKey } from '../relay/pipeline/authenticate-api-key.js';
import type { ApiKeyCache } from '../relay/pipeline/api-key-cache.js';
import { unauthorized } from '../relay/relay-error.js';
import { authenticateReadOnlyKey } from './read-only-key.js';
import {
  reportedBalance, toBillingSubscription, toBillingUsage, toTokenUsage,
  type BillingSubscription, type BillingUsage, type DisplaySettings, type TokenUsage,
} from './token-usage-views.js';

/** new-api's MaxRecentItems: how many logs `GET /api/log/token` returns. */
export const TOKEN_LOG_LIMIT = 100;

export interface TokenUsageDeps {
  db: Db;
  options: OptionsService;
  /** The relay's key cache, so these lookups share its rows and its invalidation. */
  keyCache?: ApiKeyCache;
  usableGroups: (userGroup: string) => Set<string>;
}

/**
 * What an API key (sk-…) may read about itself: its usage (`/api/usage/token`), its recent logs
 * (`/api/log/token`) — both with read-only key checks — and OpenAI's legacy billing figures
 * (`/dashboard/billing/*`), which check the key as the relay does. Balances are always read fresh.
 * Nothing returned carries the key.
 */
export class TokenUsageService {
  constructor(private readonly deps: TokenUsageDeps) {}

  async usage(rawKey: string | undefined): Promise<TokenUsage> {
    const token = await this.readOnly(rawKey);
    return toTokenUsage(token, await this.figures(token.id, () => new UnauthorizedError('invalid API key')), nowSeconds());
  }

  /** The key's newest logs, newest first, as a non-admin reads them (no channel, no admin-only `other` keys). */
  async recentLogs(rawKey: string | undefined): Promise<LogView[]> {
    const token = await this.readOnly(rawKey);
    const rows = await logsRepository.listByToken(this.deps.db, token.user_id, token.id, TOKEN_LOG_LIMIT);
    return rows.map((row) => toLogView(row, false));
  }

  async subscription(rawKey: string | undefined, clientIp: string): Promise<BillingSubscription> {
    const figures = await this.billingFigures(rawKey, clientIp);
    return toBillingSubscription(reportedBalance(figures, this.deps.options.get('DisplayTokenStatEnabled')), this.display());
  }

  async billingUsage(rawKey: string | undefined, clientIp: string): Promise<BillingUsage> {
    const figures = await this.billingFigures(rawKey, clientIp);
    return toBillingUsage(reportedBalance(figures, this.deps.options.get('DisplayTokenStatEnabled')), this.display());
  }

  private readOnly(rawKey: string | undefined) {
    return authenticateReadOnlyKey(rawKey, { db: this.deps.db, cache: this.deps.keyCache });
  }

  /**
   * The relay's key checks (disabled, expired, exhausted keys and banned owners are refused with its
   * statuses), except the owner's balance: a balance check must be able to report an empty one.
   */
  private async billingFigures(rawKey: string | undefined, clientIp: string): Promise<TokenQuotaFigures> {
    const { db, keyCache, usableGroups } = this.deps;
    const principal = await authenticateApiKey(rawKey, clientIp, { db, usableGroups, cache: keyCache, deferUserQuotaCheck: true });
    return this.figures(principal.tokenId, () => unauthorized('invalid API key'));
  }

  /** Fresh balances; a token deleted since its key was checked is an unknown key. */
  private async figures(tokenId: number, gone: () => Error): Promise<TokenQuotaFigures> {
    const figures = await tokensRepository.findQuotaFigures(this.deps.db, tokenId);
    if (!figures) throw gone();
    return figures;
  }

  private display(): DisplaySettings {
    const o = this.deps.options;
    return { inCurrency: o.get('DisplayInCurrencyEnabled'), quotaPerUnit: o.get('QuotaPerUnit') };
  }
}
