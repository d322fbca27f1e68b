import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { ResponseCacheMode, ResponseCacheStats } from '@gw/contracts';
import type { OptionsService } from '../../options/options.service.js';
import type { ChangeEvents } from '../../platform/change-events.js';
import { deleteNamespaceKeys, getWithin, namespaceKeys } from '../../platform/redis-namespace.js';
import type { RelayEndpoint } from '../providers/provider-adapter.js';
import type { Usage } from '../formats/usage.js';
import type { RelayInput } from '../pipeline/run-relay.js';
import type { RecordingClientIO } from './recording-client-io.js';
import { MemoryResponseStore } from './memory-response-store.js';
import type { CachedAnswer } from './cached-answer.js';

/** Endpoints whose answer depends on the request alone. Responses (stored conversations), images and audio are not cached. */
const CACHEABLE = new Set<RelayEndpoint>(['chat', 'completions', 'embeddings', 'moderations', 'rerank', 'claude.messages', 'gemini.generate', 'gemini.embed']);
/** Answers live under `<client prefix>response_cache:` (`gw:response_cache:` by default). */
const NAMESPACE = 'response_cache:';
const READ_TIMEOUT_MS = 250;

/** A request the cache may answer: its key, and how long its answer is kept. */
export interface CacheLookup {
  key: string;
  ttlSeconds: number;
}

/**
 * The relay's response cache (options response_cache.*): an identical request of the same user (same
 * surface, endpoint, streaming and body) is answered with the bytes the first one got, without an upstream
 * call, and billed at response_cache.billing_ratio of its cost. Answers are never shared between users.
 * With Redis every process shares the answers; without, each process keeps its own, bounded in memory.
 */
export class ResponseCache {
  private readonly memory: MemoryResponseStore;
  private readonly onSharedError: (err: unknown) => void;
  private hits = 0;
  private misses = 0;

  constructor(
    private readonly options: OptionsService,
    private readonly opts: { redis?: Redis; events?: ChangeEvents; onSharedError?: (err: unknown) => void } = {},
  ) {
    this.memory = new MemoryResponseStore(() => options.get('response_cache.max_memory_mb') * 1024 * 1024);
    this.onSharedError = opts.onSharedError ?? (() => {});
    // A clear in any process of the site empties every process's memory.
    opts.events?.on('response-cache', () => this.memory.clear());
  }

  /** This process's figures (answers and their weight in memory, hits and misses since it started) and Redis's answer count. */
  async stats(): Promise<ResponseCacheStats> {
    const redis = this.opts.redis;
    let shared: number | null = null;
    if (redis && redis.status === 'ready') shared = (await namespaceKeys(redis, NAMESPACE)).length;
    return { mode: this.options.get('response_cache.mode') as ResponseCacheMode, entries: this.memory.size, bytes: this.memory.bytes, hits: this.hits, misses: this.misses, shared_entries: shared };
  }

  /** Forgets every cached answer: this process's, every other process's (told through the change events) and Redis's. */
  async clear(): Promise<number> {
    let deleted = this.memory.clear();
    this.opts.events?.changed('response-cache');
    const redis = this.opts.redis;
    if (redis && redis.status === 'ready') deleted += await deleteNamespaceKeys(redis, NAMESPACE, await namespaceKeys(redis, NAMESPACE));
    return deleted;
  }

  /** Answers this process holds in memory. */
  get localEntries(): number {
    return this.memory.size;
  }

  /**
   * Whether the cache takes part in this request, and for how long its answer would be kept: undefined when
   * the cache is off, the endpoint is not cached, or the mode and the client's headers say not to.
   */
  policyFor(endpoint: RelayEndpoint, header: (name: string) => string | undefined): { ttlSeconds: number } | undefined {
    const mode = this.options.get('response_cache.mode');
    if (mode === 'off' || !CACHEABLE.has(endpoint)) return undefined;
    const asked = header('x-gateway-cache')?.trim().toLowerCase();
    const optIn = asked === 'true' || asked === '1' || asked === 'use';
    const optOut = asked === 'false' || asked === '0' || asked === 'skip' || /\bno-(cache|store)\b/i.test(header('cache-control') ?? '');
    if (optOut || (mode === 'on_request' && !optIn)) return undefined;
    const ceiling = this.options.get('response_cache.ttl_seconds');
    const ttl = header('x-gateway-cache-ttl');
    const wanted = Number(ttl);
    return { ttlSeconds: ttl !== undefined && Number.isInteger(wanted) && wanted >= 1 ? Math.min(wanted, ceiling) : ceiling };
  }

  /** The request's lookup: a digest of who asked what, where. */
  lookupFor(input: RelayInput, ttlSeconds: number): CacheLookup | undefined {
    if (input.body.kind !== 'json') return undefined;
    const hash = createHash('sha256');
    hash.update(`${input.principal.userId}\u0000${input.surface.name}\u0000${input.endpoint}\u0000${input.stream ? 1 : 0}\u0000`);
    // Claude's anthropic-beta and anthropic-version headers change what the model may answer.
    if (input.claudeHeaders) hash.update(JSON.stringify(input.claudeHeaders));
    hash.update(JSON.stringify(input.body.json));
    return { key: hash.digest('base64url'), ttlSeconds };
  }

  async get(lookup: CacheLookup): Promise<CachedAnswer | undefined> {
    const answer = await this.find(lookup);
    if (answer) this.hits++;
    else this.misses++;
    return answer;
  }

  private async find(lookup: CacheLookup): Promise<CachedAnswer | undefined> {
    const local = this.memory.get(lookup.key);
    if (local || !this.opts.redis) return local;
    try {
      const raw = await getWithin(this.opts.redis, NAMESPACE + lookup.key, READ_TIMEOUT_MS);
      if (!raw) return undefined;
      const answer = JSON.parse(raw) as CachedAnswer;
      this.memory.set(lookup.key, answer, lookup.ttlSeconds);
      return answer;
    } catch (err) {
      this.onSharedError(err);
      return undefined;
    }
  }

  /** Keeps what `io` sent, when it is a whole successful answer the cache may hold. */
  keep(lookup: CacheLookup, io: RecordingClientIO, served: { usage: Usage; model: string; upstreamModel: string; streamStatus?: string }): void {
    if (io.closed || (served.streamStatus !== undefined && served.streamStatus !== 'complete')) return;
    const recorded = io.recorded();
    if (!recorded || recorded.status !== 200) return;
    const answer: CachedAnswer = { contentType: recorded.contentType, body: recorded.body, usage: served.usage, model: served.model, upstreamModel: served.upstreamModel, cachedAt: Math.floor(Date.now() / 1000) };
    this.memory.set(lookup.key, answer, lookup.ttlSeconds);
    const redis = this.opts.redis;
    if (redis && redis.status === 'ready') redis.set(NAMESPACE + lookup.key, JSON.stringify(answer), 'EX', lookup.ttlSeconds).catch(this.onSharedError);
  }
}
