import type { UptimeGroupResult, UptimeKumaGroup, UptimeMonitor } from '@gw/contracts';
import type { OptionsService } from '../options/options.service.js';
import type { GuardedGetOptions } from '../platform/fetch-guard/guarded-http-client.js';
import { monitorsOf } from './uptime-kuma-page.js';

/** What the service needs of the guarded HTTP client (tests may count its calls). */
export interface JsonFetcher {
  getJson(url: string, options: GuardedGetOptions): Promise<unknown>;
}

export interface UptimeKumaSettings {
  /** How long one status page's answer (or failure) is reused. */
  cacheMs: number;
  /** Limit for each of a page's two requests. */
  timeoutMs: number;
  maxBytes: number;
}

export const DEFAULT_UPTIME_KUMA_SETTINGS: UptimeKumaSettings = { cacheMs: 30_000, timeoutMs: 5_000, maxBytes: 2 * 1024 * 1024 };

type PageResult = { monitors: UptimeMonitor[] } | { error: string };

/**
 * GET /api/uptime/status: the monitors of every configured Uptime Kuma status page, read server-side
 * through the SSRF guard. Pages are read in parallel, each answer is kept `cacheMs` (concurrent callers
 * share one read), and an unreachable page becomes that group's `error` rather than a failed call.
 */
export class UptimeKumaService {
  private readonly cache = new Map<string, { expiresAt: number; result: Promise<PageResult> }>();

  constructor(
    private readonly options: OptionsService,
    private readonly http: JsonFetcher,
    private readonly settings: UptimeKumaSettings = DEFAULT_UPTIME_KUMA_SETTINGS,
    private readonly now: () => number = Date.now,
  ) {
    // A changed group list or SSRF setting takes effect on the next call, not after the cache expires.
    options.onChange(() => this.cache.clear());
  }

  async status(): Promise<UptimeGroupResult[]> {
    if (!this.options.get('console_setting.uptime_kuma_enabled')) return [];
    const groups = this.options.get('console_setting.uptime_kuma_groups');
    return Promise.all(
      groups.map(async (group) => {
        const page = await this.page(group);
        const result: UptimeGroupResult = { categoryName: group.categoryName, monitors: 'monitors' in page ? page.monitors : [] };
        if (group.description) result.description = group.description;
        if ('error' in page) result.error = page.error;
        return result;
      }),
    );
  }

  private page(group: UptimeKumaGroup): Promise<PageResult> {
    const base = group.url.replace(/\/+$/, '');
    const key = `${base}\n${group.slug}`;
    const cached = this.cache.get(key);
    if (cached && cached.expiresAt > this.now()) return cached.result;
    const result = this.read(base, group.slug);
    this.cache.set(key, { expiresAt: this.now() + this.settings.cacheMs, result });
    return result;
  }

  private async read(base: string, slug: string): Promise<PageResult> {
    const limits = { timeoutMs: this.settings.timeoutMs, maxBytes: this.settings.maxBytes };
    const slugPath = encodeURIComponent(slug);
    try {
      const [page, heartbeats] = await Promise.all([
        this.http.getJson(`${base}/api/status-page/${slugPath}`, limits),
        this.http.getJson(`${base}/api/status-page/heartbeat/${slugPath}`, limits),
      ]);
      return { monitors: monitorsOf(page, heartbeats) };
    } catch (err) {
      return { error: (err as Error).message || 'the status page could not be read' };
    }
  }
}
