import { FetchRefusedError } from '../../platform/fetch-guard/guarded-lookup.js';
import { GuardedFetchError, type GuardedHttpClient } from '../../platform/fetch-guard/guarded-http-client.js';
import type { Jwk } from './jwt-keys.js';

/** How long a fetched key set is used before it is fetched again. */
const TTL_MS = 5 * 60_000;
/** A key set is fetched again for an unknown `kid` (the provider rotated its keys), at most this often. */
const REFRESH_COOLDOWN_MS = 30_000;
const FETCH = { timeoutMs: 10_000, maxBytes: 256 * 1024 };
/** Key sets kept (one per provider URL); the oldest is dropped beyond. */
const MAX_ENTRIES = 64;
const MAX_KEYS = 100;

/** The key set could not be had; `message` names the address and the reason, never a token. */
export class JwksUnavailableError extends Error {}

interface Entry {
  keys: Jwk[];
  fetchedAt: number;
}

/**
 * Identity providers' published signing keys (JWKS), fetched through the SSRF-guarded client and kept for a
 * few minutes. A token naming a key that is not in the set triggers one early refetch (key rotation), rate
 * limited so forged `kid`s cannot turn sign-in attempts into requests at the provider.
 */
export class JwksCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<Entry>>();

  constructor(private readonly http: GuardedHttpClient, private readonly now: () => number = Date.now) {}

  /** The keys at `url`; with `refresh`, fetched again unless that happened within the cooldown. */
  async keys(url: string, opts: { refresh?: boolean } = {}): Promise<Jwk[]> {
    const entry = this.entries.get(url);
    const age = entry ? this.now() - entry.fetchedAt : Infinity;
    if (entry && age < TTL_MS && !(opts.refresh && age >= REFRESH_COOLDOWN_MS)) return entry.keys;
    return (await this.fetch(url)).keys;
  }

  private fetch(url: string): Promise<Entry> {
    let pending = this.inflight.get(url);
    if (!pending) {
      pending = this.load(url).finally(() => this.inflight.delete(url));
      this.inflight.set(url, pending);
    }
    return pending;
  }

  private async load(url: string): Promise<Entry> {
    let doc: unknown;
    try {
      doc = await this.http.getJson(url, FETCH);
    } catch (err) {
      if (err instanceof FetchRefusedError || err instanceof GuardedFetchError) throw new JwksUnavailableError(`could not fetch the signing keys from ${hostOf(url)}: ${err.message}`);
      throw err;
    }
    const keys = (doc as { keys?: unknown } | null)?.keys;
    if (!Array.isArray(keys) || keys.length === 0) throw new JwksUnavailableError(`the signing keys at ${hostOf(url)} are not a JWKS document with keys`);
    const entry = { keys: keys.filter((k): k is Jwk => k !== null && typeof k === 'object' && !Array.isArray(k)).slice(0, MAX_KEYS), fetchedAt: this.now() };
    this.entries.delete(url);
    this.entries.set(url, entry);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return entry;
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the configured address';
  }
}
