/**
 * Short-term failure tracking that cools a channel down, separate from disabling it.
 *
 * For each channel the tracker keeps the outcomes of its last `windowSize` channel-attributable
 * requests. The caller decides attribution: a user's own mistake (invalid request, content policy,
 * quota) is never recorded. When at least `failureThreshold` of those outcomes are failures younger
 * than `windowMs`, the channel cools down for `cooldownMs`; each further cool-down without a success
 * in between doubles the period, up to `maxCooldownMs`; a success resets the doubling. Starting a
 * cool-down clears the outcome ring, so the next cool-down needs fresh failures.
 *
 * State is in memory on each process on purpose: cooling is a traffic-steering hint, not a record, and
 * keeping the outcomes out of shared storage keeps the hot path free of it; a restart simply forgets it,
 * and the durable, cluster-wide decision (status 3, auto-disable) is taken separately and stored in the
 * database. Only the rare event of a cool-down starting is told to the site's other processes
 * (`onCooldown`, sent as a 'channel-cooling' change), which adopt it (`adoptCooldown`): so N processes
 * send a failing channel N times fewer requests before all of them steer away from it.
 */

import { ChannelLoad } from './channel-load.js';

export interface ChannelHealthOptions {
  /** How many recent outcomes are kept per channel (default 20). */
  windowSize?: number;
  /** Failures among them that start a cool-down (default 5). */
  failureThreshold?: number;
  /** Only failures younger than this count, in milliseconds (default 60 s). */
  windowMs?: number;
  /** First cool-down period in milliseconds (default 30 s). */
  cooldownMs?: number;
  /** Longest cool-down period in milliseconds (default 5 min). */
  maxCooldownMs?: number;
  /** Clock in milliseconds, for the calls that leave `now` out. */
  now?: () => number;
  /** Told when a cool-down starts or is lengthened here (not when one is adopted), with its time left in ms. */
  onCooldown?: (channelId: number, ms: number) => void;
}

/** One channel as one process sees it now. */
export interface ChannelHealthReport {
  channelId: number;
  /** Cool-down time left in milliseconds; 0 when the channel is not cooling. */
  coolingMs: number;
  /** Channel-attributable outcomes younger than the failure window, and how many of them failed. */
  requests: number;
  failures: number;
}

interface ChannelState {
  /** Ring buffers: outcome time and whether it failed. */
  times: Float64Array;
  failed: Uint8Array;
  next: number;
  size: number;
  coolUntil: number;
  /** Cool-downs since the last success (the doubling exponent). */
  streak: number;
}

export class ChannelHealthTracker {
  /** Latency and requests in flight per channel, for the selection strategies that use them. */
  readonly load = new ChannelLoad();
  private readonly windowSize: number;
  private readonly failureThreshold: number;
  private readonly windowMs: number;
  private readonly cooldownMs: number;
  private readonly maxCooldownMs: number;
  private readonly clock: () => number;
  private readonly onCooldown: (channelId: number, ms: number) => void;
  private readonly states = new Map<number, ChannelState>();

  constructor(options: ChannelHealthOptions = {}) {
    this.windowSize = options.windowSize ?? 20;
    this.failureThreshold = options.failureThreshold ?? 5;
    this.windowMs = options.windowMs ?? 60_000;
    this.cooldownMs = options.cooldownMs ?? 30_000;
    this.maxCooldownMs = options.maxCooldownMs ?? 300_000;
    this.clock = options.now ?? Date.now;
    this.onCooldown = options.onCooldown ?? (() => {});
    if (!(this.failureThreshold >= 1 && this.failureThreshold <= this.windowSize)) {
      throw new Error('failureThreshold must be between 1 and windowSize');
    }
  }

  /** The rules it applies: how many recent outcomes it keeps, how many failures within how long start a cool-down. */
  get rules(): { windowSize: number; failureThreshold: number; windowMs: number } {
    return { windowSize: this.windowSize, failureThreshold: this.failureThreshold, windowMs: this.windowMs };
  }

  isCooling(channelId: number, now = this.clock()): boolean {
    const state = this.states.get(channelId);
    return state !== undefined && state.coolUntil > now;
  }

  /** When the current cool-down ends (ms), or undefined when the channel is not cooling. */
  coolingUntil(channelId: number, now = this.clock()): number | undefined {
    const state = this.states.get(channelId);
    return state && state.coolUntil > now ? state.coolUntil : undefined;
  }

  recordSuccess(channelId: number, now = this.clock()): void {
    const state = this.stateOf(channelId);
    this.push(state, now, false);
    state.streak = 0;
  }

  /** Records a channel-attributable failure; returns true when it started a cool-down. */
  recordFailure(channelId: number, now = this.clock()): boolean {
    const state = this.stateOf(channelId);
    this.push(state, now, true);
    if (state.coolUntil > now) return false;
    if (this.recentFailures(state, now) < this.failureThreshold) return false;
    state.coolUntil = now + Math.min(this.cooldownMs * 2 ** state.streak, this.maxCooldownMs);
    state.streak += 1;
    state.next = 0;
    state.size = 0;
    this.onCooldown(channelId, state.coolUntil - now);
    return true;
  }

  /** Cools a channel down for at least `ms` (an upstream asked us to back off with Retry-After). */
  coolFor(channelId: number, ms: number, now = this.clock()): void {
    if (this.extendCooling(channelId, ms, now)) this.onCooldown(channelId, this.stateOf(channelId).coolUntil - now);
  }

  /** Takes on a cool-down another process of the site started (`ms` left); tells no one. Bad values are ignored. */
  adoptCooldown(channelId: number, ms: number, now = this.clock()): void {
    if (Number.isSafeInteger(channelId) && channelId > 0 && Number.isFinite(ms) && ms > 0) this.extendCooling(channelId, ms, now);
  }

  /** Drops what is known about a channel (it was deleted or re-configured, or an administrator ended its cool-down). */
  forget(channelId: number): void {
    this.states.delete(channelId);
  }

  /** Drops what is known about every channel. */
  forgetAll(): void {
    this.states.clear();
  }

  /**
   * What this process knows of each channel it has seen: the cool-down time left (0 when not cooling)
   * and its outcomes younger than the failure window.
   */
  *report(now = this.clock()): Generator<ChannelHealthReport> {
    const since = now - this.windowMs;
    for (const [channelId, state] of this.states) {
      let requests = 0;
      let failures = 0;
      for (let i = 0; i < state.size; i++) {
        if (state.times[i] <= since) continue;
        requests += 1;
        failures += state.failed[i];
      }
      const coolingMs = Math.max(0, state.coolUntil - now);
      if (requests > 0 || coolingMs > 0) yield { channelId, coolingMs, requests, failures };
    }
  }

  private stateOf(channelId: number): ChannelState {
    let state = this.states.get(channelId);
    if (!state) {
      state = {
        times: new Float64Array(this.windowSize),
        failed: new Uint8Array(this.windowSize),
        next: 0,
        size: 0,
        coolUntil: 0,
        streak: 0,
      };
      this.states.set(channelId, state);
    }
    return state;
  }

  /** Makes the cool-down last at least `ms` more (capped); true when that lengthened it. */
  private extendCooling(channelId: number, ms: number, now: number): boolean {
    const state = this.stateOf(channelId);
    const until = now + Math.min(ms, this.maxCooldownMs);
    if (until <= state.coolUntil) return false;
    state.coolUntil = until;
    return true;
  }

  private push(state: ChannelState, now: number, failed: boolean): void {
    state.times[state.next] = now;
    state.failed[state.next] = failed ? 1 : 0;
    state.next = (state.next + 1) % this.windowSize;
    if (state.size < this.windowSize) state.size += 1;
  }

  private recentFailures(state: ChannelState, now: number): number {
    const since = now - this.windowMs;
    let count = 0;
    for (let i = 0; i < state.size; i++) {
      if (state.failed[i] === 1 && state.times[i] > since) count += 1;
    }
    return count;
  }
}
