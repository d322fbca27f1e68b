import {
  ChannelType,
  ErrorCode,
  RATIO_SYNC_DEFAULT_ENDPOINT,
  RATIO_SYNC_DEFAULT_TIMEOUT_SECONDS,
  RATIO_SYNC_OPENROUTER_ENDPOINT,
  RATIO_SYNC_PRESETS,
  type RatioConfig,
  type RatioSyncFetchBody,
  type RatioSyncResult,
  type RatioSyncTestResult,
  type SyncableChannel,
} from '@gw/contracts';
import type { Db } from '../../db/database.js';
import { AppError, ValidationError } from '../../http/errors.js';
import type { OptionsService } from '../../options/options.service.js';
import type { GuardedGetOptions } from '../../platform/fetch-guard/guarded-http-client.js';
import { channelsRepository } from '../../channels/channels.repository.js';
import { mapLimited } from '../../platform/map-limited.js';
import { isModelsDevUrl, ratiosFromModelsDev } from './models-dev.js';
import { openRouterModelsUrl, ratiosFromOpenRouter } from './openrouter.js';
import { localRatioData, type RatioData } from './ratio-data.js';
import { ratioDifferences, type UpstreamRatios } from './ratio-differences.js';
import { ratiosFromAnswer } from './upstream-answer.js';

/** What the service needs of the SSRF-guarded HTTP client. */
export interface JsonFetcher {
  getJson(url: string, options: GuardedGetOptions): Promise<unknown>;
}

const MAX_CONCURRENT_FETCHES = 8;
const MAX_ANSWER_BYTES = 10 * 1024 * 1024;
/** One upstream to read, and how its answer is written. */
type SyncTarget = { name: string; url: string; format: 'gateway' | 'models.dev' | 'openrouter' };

function urlOf(baseUrl: string, endpoint: string): string {
  const path = endpoint || RATIO_SYNC_DEFAULT_ENDPOINT;
  if (/^https?:\/\//i.test(path)) return path;
  return `${baseUrl.trim().replace(/\/+$/, '')}${path.startsWith('/') ? '' : '/'}${path}`;
}

function targetOf(name: string, baseUrl: string, endpoint: string): SyncTarget {
  if (endpoint.trim().toLowerCase() === RATIO_SYNC_OPENROUTER_ENDPOINT) return { name, url: openRouterModelsUrl(baseUrl), format: 'openrouter' };
  const url = urlOf(baseUrl, endpoint);
  return { name, url, format: isModelsDevUrl(url) ? 'models.dev' : 'gateway' };
}

const READERS: Record<SyncTarget['format'], (answer: unknown) => RatioData> = {
  gateway: ratiosFromAnswer,
  'models.dev': ratiosFromModelsDev,
  openrouter: ratiosFromOpenRouter,
};

/**
 * Ratio exposure and upstream ratio sync (new-api's): publishes this site's price maps while
 * ExposeRatioEnabled is on, and compares them with other gateways' (ratio_config or pricing answers,
 * read through the SSRF guard) so root can copy the values it wants.
 */
export class RatioSyncService {
  constructor(private readonly deps: { db: Db; options: OptionsService; http: JsonFetcher }) {}

  /** GET /api/ratio_config `data`. */
  ratioConfig(): RatioConfig {
    if (!this.deps.options.get('ExposeRatioEnabled')) {
      throw new AppError(ErrorCode.Forbidden, 'this site does not expose its ratios (ExposeRatioEnabled is off)');
    }
    return localRatioData(this.deps.options);
  }

  /** Channels with their own base URL (never their keys), then new-api's presets. */
  async channels(): Promise<SyncableChannel[]> {
    const rows = await channelsRepository.listWithBaseUrl(this.deps.db);
    const presets = RATIO_SYNC_PRESETS.map((p) => ({ id: p.id, name: p.name, base_url: p.base_url, status: 1, type: 0 }));
    return [...rows.map(({ id, name, base_url, status, type }) => ({ id, name, base_url, status, type })), ...presets];
  }

  async fetch(body: RatioSyncFetchBody): Promise<RatioSyncResult> {
    const targets = await this.targets(body);
    const timeoutMs = (body.timeout ?? RATIO_SYNC_DEFAULT_TIMEOUT_SECONDS) * 1000;
    const outcomes = await mapLimited(targets, MAX_CONCURRENT_FETCHES, (target) => this.read(target, timeoutMs));
    const test_results: RatioSyncTestResult[] = outcomes.map((o) => ('error' in o ? { name: o.name, status: 'error', error: o.error } : { name: o.name, status: 'success' }));
    const successes = outcomes.filter((o): o is UpstreamRatios => 'data' in o);
    return { differences: ratioDifferences(localRatioData(this.deps.options), successes), test_results };
  }

  /** The body's upstreams; only when it has none, its channels (new-api's precedence). */
  private async targets(body: RatioSyncFetchBody): Promise<SyncTarget[]> {
    const targets: SyncTarget[] = [];
    if (body.upstreams?.length) {
      for (const u of body.upstreams) targets.push(targetOf(u.id && u.id > 0 ? `${u.name}(${u.id})` : u.name, u.base_url, u.endpoint));
    } else {
      const ids = [...new Set(body.channel_ids ?? [])];
      for (const preset of RATIO_SYNC_PRESETS) if (ids.includes(preset.id)) targets.push(targetOf(preset.name, preset.base_url, preset.endpoint));
      const channels = await channelsRepository.listWithBaseUrl(this.deps.db, ids.filter((id) => id > 0));
      for (const c of channels) targets.push(targetOf(`${c.name}(${c.id})`, c.base_url, c.type === ChannelType.OpenRouter ? RATIO_SYNC_OPENROUTER_ENDPOINT : ''));
      if (targets.length === 0) throw new ValidationError('none of the chosen channels exists with a base URL to fetch ratios from');
    }
    const seen = new Set<string>();
    for (const { name } of targets) {
      if (seen.has(name)) throw new ValidationError(`two upstreams are named "${name}"; give each its own name`);
      seen.add(name);
    }
    return targets;
  }

  private async read(target: SyncTarget, timeoutMs: number): Promise<UpstreamRatios | { name: string; error: string }> {
    try {
      const answer = await this.deps.http.getJson(target.url, { timeoutMs, maxBytes: MAX_ANSWER_BYTES });
      return { name: target.name, data: READERS[target.format](answer) };
    } catch (err) {
      return { name: target.name, error: (err as Error)?.message || 'the request failed' };
    }
  }
}
