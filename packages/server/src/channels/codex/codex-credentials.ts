/**
 * Keeps the tokens of Codex channels usable: the relay's AuthPort.codexAccess. ChatGPT access tokens
 * live about ten days and refresh tokens rotate (one use each), so a refresh must happen once per key,
 * site-wide, and its result must reach the database before anyone needs it:
 *
 * - in this process, concurrent requests for one key share one refresh (single flight);
 * - across processes and nodes, the site lock `codex-refresh:<channel>:<key index>` lets one refresh at
 *   a time, and whoever takes it reads the stored key again first: another process may have refreshed
 *   it already, and its tokens are used instead of spending the (now dead) old refresh token;
 * - the new tokens are written into the channel's key (for a channel holding several, only that key)
 *   under the channel's row lock, and only if the key is still the one refreshed, then the routing
 *   table reloads here and in the other processes.
 *
 * A refresh token the endpoint refuses (used, revoked, expired) is an authentication failure of the
 * channel (UpstreamRefusal, grounds for automatic disabling); the refusal is remembered for a minute
 * so a channel left enabled does not send every request to the token endpoint. Tokens are never logged.
 */
import { ChannelConfigError, rememberedColumnParse } from '../channel-config-error.js';
import { channelProxyOf } from '../channel-setting.js';
import { channelsRepository } from '../channels.repository.js';
import type { ChannelRoutingService } from '../channel-routing.service.js';
import { channelKeys, joinChannelKeys } from '../multi-key/channel-keys.js';
import type { Db } from '../../db/database.js';
import type { JobLock } from '../../platform/cluster/job-lock.js';
import type { ChannelInfo, CodexAccess } from '../../relay/providers/provider-adapter.js';
import { UpstreamRefusal } from '../../relay/providers/upstream-refusal.js';
import { RelayError } from '../../relay/relay-error.js';
import { keyFromTokens, needsRefresh, parseCodexKey, serializeCodexKey, type CodexKey } from './codex-key.js';
import { CodexTokenRefusedError, CodexTokenUnavailableError, type CodexOAuthClient } from './codex-oauth-client.js';

/** An access token expiring within this is refreshed first. */
export const REFRESH_MARGIN_MS = 5 * 60_000;
/** How long a refused refresh token is answered from memory. */
const REFUSAL_MEMORY_MS = 60_000;
/** The site lock outlives the slowest refresh (the token call times out after 20 s). */
const LOCK_TTL_MS = 60_000;
/** How long a request waits for another process's refresh before giving up on this channel. */
const WAIT_FOR_OTHERS_MS = 30_000;
const POLL_MS = 150;

export interface CodexCredentialsDeps {
  db: Db;
  routing: ChannelRoutingService;
  oauth: CodexOAuthClient;
  /** The site-wide lock (Redis or the job_locks table). */
  lock: JobLock;
  now?: () => number;
  warn?: (message: string) => void;
}

/** Refreshes are asked for with the key as the caller read it, and where it is stored. */
interface Slot {
  channelId: number;
  keyIndex: number;
  proxy: string | undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class CodexCredentials {
  private readonly parse = rememberedColumnParse((raw) => parseCodexKey(raw ?? ''));
  private readonly inflight = new Map<string, Promise<CodexKey>>();
  /** The newest tokens this process obtained per key, with the refresh token they replaced. */
  private readonly latest = new Map<string, { replaced: string; key: CodexKey }>();
  private readonly refused = new Map<string, { refreshToken: string; until: number; error: UpstreamRefusal }>();
  private readonly now: () => number;
  private readonly warn: (message: string) => void;

  constructor(private readonly deps: CodexCredentialsDeps) {
    this.now = deps.now ?? Date.now;
    this.warn = deps.warn ?? ((message) => console.warn(message));
  }

  /** AuthPort.codexAccess: the channel key's tokens, refreshed first when they are about to expire. */
  async access(channel: ChannelInfo): Promise<CodexAccess> {
    const slot: Slot = { channelId: channel.id, keyIndex: channel.keyIndex ?? 0, proxy: channelProxyOf(channel) };
    let key = this.newest(slot, this.parse(channel.key));
    if (needsRefresh(key, this.now(), REFRESH_MARGIN_MS)) key = await this.refreshShared(slot, key, REFRESH_MARGIN_MS);
    if (!key.accountId) throw new ChannelConfigError('channel:credentials_invalid', 'the Codex channel key has no account_id and its tokens name no ChatGPT account');
    return { accessToken: key.accessToken, accountId: key.accountId };
  }

  /**
   * Refreshes the stored key and answers the saved key: now, whatever its expiry (the console's
   * "refresh"), or with `aheadMs` only if it expires within that (the periodic round). The errors are the
   * same as a relayed request's.
   */
  async refreshNow(channelId: number, keyIndex: number, proxy: string | undefined, stored: string, aheadMs?: number): Promise<CodexKey> {
    const slot: Slot = { channelId, keyIndex, proxy };
    return this.refreshShared(slot, this.newest(slot, this.parse(stored)), aheadMs ?? 'now');
  }

  /** The key as this process last refreshed it, when `key` is that one or the one it replaced. */
  private newest(slot: Slot, key: CodexKey): CodexKey {
    const id = slotId(slot);
    const latest = this.latest.get(id);
    if (!latest) return key;
    if (latest.key.refreshToken === key.refreshToken || latest.replaced === key.refreshToken) return latest.key;
    this.latest.delete(id); // the key was replaced since (an administrator's edit)
    return key;
  }

  /** `when`: refresh if the stored token expires within that many milliseconds, or 'now' whatever its expiry. */
  private refreshShared(slot: Slot, seen: CodexKey, when: number | 'now'): Promise<CodexKey> {
    const id = slotId(slot);
    let pending = this.inflight.get(id);
    if (!pending) {
      pending = this.refreshOnce(slot, seen, when).finally(() => this.inflight.delete(id));
      this.inflight.set(id, pending);
    }
    return pending;
  }

  private async refreshOnce(slot: Slot, seen: CodexKey, when: number | 'now'): Promise<CodexKey> {
    const id = slotId(slot);
    const refusal = this.refused.get(id);
    if (refusal && refusal.refreshToken === seen.refreshToken && refusal.until > this.now()) throw refusal.error;
    const giveUpAt = this.now() + WAIT_FOR_OTHERS_MS;
    for (;;) {
      let outcome: CodexKey | undefined;
      const ran = await this.deps.lock.tryRun(`codex-refresh:${slot.channelId}:${slot.keyIndex}`, LOCK_TTL_MS, async () => {
        outcome = await this.refreshStored(slot, when);
      });
      if (ran && outcome) {
        this.latest.set(id, { replaced: seen.refreshToken, key: outcome });
        return outcome;
      }
      if (this.now() >= giveUpAt) {
        throw new RelayError(503, 'codex_refresh_busy', `channel #${slot.channelId}: another process is still refreshing the Codex tokens`, 'upstream');
      }
      await sleep(POLL_MS);
    }
  }

  /** Under the site lock: the stored key as it is now, refreshed and saved unless someone did it already. */
  private async refreshStored(slot: Slot, when: number | 'now'): Promise<CodexKey> {
    const stored = await this.storedKey(slot);
    if (when !== 'now' && !needsRefresh(stored.key, this.now(), when)) return stored.key;
    if (!stored.key.refreshToken) {
      throw new ChannelConfigError('channel:credentials_invalid', 'the Codex channel key has no refresh_token, and its access token has expired: authorize the channel again');
    }
    let next: CodexKey;
    try {
      next = keyFromTokens(await this.deps.oauth.refresh(stored.key.refreshToken, slot.proxy), this.now(), stored.key);
    } catch (err) {
      throw this.refreshFailure(slot, stored.key.refreshToken, err);
    }
    this.refused.delete(slotId(slot));
    await this.save(slot, stored.text, next);
    return next;
  }

  private refreshFailure(slot: Slot, refreshToken: string, err: unknown): Error {
    if (err instanceof CodexTokenRefusedError) {
      const error = new UpstreamRefusal(401, {
        message: `${err.message} — authorize the Codex channel again`,
        type: 'authentication_error',
        code: err.code ?? 'codex_refresh_refused',
      });
      this.refused.set(slotId(slot), { refreshToken, until: this.now() + REFUSAL_MEMORY_MS, error });
      return error;
    }
    if (err instanceof CodexTokenUnavailableError) return new RelayError(502, 'codex_refresh_failed', err.message, 'upstream');
    return err instanceof Error ? err : new Error(String(err));
  }

  /** The key text and its reading at the slot as the database holds it now. */
  private async storedKey(slot: Slot): Promise<{ text: string; key: CodexKey }> {
    const row = await channelsRepository.findWithKey(this.deps.db, slot.channelId);
    const text = row ? channelKeys(row.key ?? '')[slot.keyIndex] : undefined;
    if (!text) throw new ChannelConfigError('channel:credentials_invalid', `channel #${slot.channelId} no longer holds Codex key ${slot.keyIndex}`);
    return { text, key: this.parse(text) };
  }

  /** Writes the refreshed key in place of `expected`, unless the stored key changed meanwhile. */
  private async save(slot: Slot, expected: string, next: CodexKey): Promise<void> {
    const text = serializeCodexKey(next);
    try {
      const saved = await this.deps.routing.updateChannelWith(slot.channelId, (row) => {
        const keys = channelKeys(row.key ?? '');
        if (keys[slot.keyIndex] !== expected) return { result: false };
        keys[slot.keyIndex] = text;
        return { patch: { key: keys.length === 1 ? text : joinChannelKeys(keys) }, result: true };
      });
      if (!saved) this.warn(`codex: channel #${slot.channelId} key ${slot.keyIndex} changed while its tokens were refreshed; the refreshed tokens were not saved`);
    } catch (err) {
      this.warn(`codex: saving the refreshed tokens of channel #${slot.channelId} key ${slot.keyIndex} failed: ${(err as Error)?.message ?? err}`);
    }
  }
}

const slotId = (slot: Slot): string => `${slot.channelId}:${slot.keyIndex}`;
