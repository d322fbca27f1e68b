/**
 * Keeps idle Codex channels' tokens alive, as new-api does: every ten minutes, in one process of the site,
 * each key of an enabled or automatically disabled Codex channel whose access token expires within a
 * day is refreshed (and saved) through the same path as a relayed request's refresh. A refusal is only
 * logged here; the next request through the channel reports it as the channel's failure.
 */
import { ChannelType } from '@gw/contracts';
import type { Db } from '../../db/database.js';
import type { JobLock } from '../../platform/cluster/job-lock.js';
import { ChannelStatus } from '../channel-types.js';
import { channelProxyOf } from '../channel-setting.js';
import { channelKeys } from '../multi-key/channel-keys.js';
import type { CodexCredentials } from './codex-credentials.js';
import { needsRefresh, parseCodexKey } from './codex-key.js';

const INTERVAL_MS = 10 * 60_000;
/** Tokens expiring within this are renewed ahead. */
const AHEAD_MS = 24 * 60 * 60_000;

export interface CodexRefreshJobDeps {
  db: Db;
  credentials: CodexCredentials;
  /** The periodic-job lock (never runs on a slave node). */
  lock: JobLock;
  now?: () => number;
  warn?: (message: string) => void;
}

export class CodexRefreshJob {
  private timer: NodeJS.Timeout | undefined;
  private readonly now: () => number;
  private readonly warn: (message: string) => void;

  constructor(private readonly deps: CodexRefreshJobDeps) {
    this.now = deps.now ?? Date.now;
    this.warn = deps.warn ?? ((message) => console.warn(message));
  }

  start(intervalMs = INTERVAL_MS): void {
    this.stop();
    this.timer = setInterval(() => {
      this.runOnce().catch((err) => this.warn(`codex: the token refresh round failed: ${(err as Error)?.message ?? err}`));
    }, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One round (site-wide at most one at a time); answers how many keys were refreshed and how many failed. */
  async runOnce(): Promise<{ refreshed: number; failed: number }> {
    const counts = { refreshed: 0, failed: 0 };
    await this.deps.lock.tryRun('codex-token-refresh', INTERVAL_MS, async () => {
      const channels = await this.deps.db
        .selectFrom('channels')
        .select(['id', 'key', 'setting'])
        .where('type', '=', ChannelType.Codex)
        .where('status', 'in', [ChannelStatus.Enabled, ChannelStatus.AutoDisabled])
        .orderBy('id')
        .execute();
      for (const channel of channels) {
        const keys = channelKeys(channel.key ?? '');
        for (let index = 0; index < keys.length; index++) {
          let due: boolean;
          try {
            const key = parseCodexKey(keys[index]);
            due = key.refreshToken !== '' && needsRefresh(key, this.now(), AHEAD_MS);
          } catch {
            continue; // an unreadable key is reported when the channel is used
          }
          if (!due) continue;
          try {
            await this.deps.credentials.refreshNow(channel.id, index, channelProxyOf(channel), keys[index], AHEAD_MS);
            counts.refreshed++;
          } catch (err) {
            counts.failed++;
            this.warn(`codex: refreshing the tokens of channel #${channel.id} key ${index} failed: ${(err as Error)?.message ?? err}`);
          }
        }
      }
    });
    return counts;
  }
}
