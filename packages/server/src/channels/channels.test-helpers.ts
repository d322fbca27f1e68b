import type { RoutableChannel } from './routing-table.js';

let nextId = 1000;

/** A routable (enabled) channel for pure routing tests. */
export function routable(overrides: Partial<RoutableChannel> = {}): RoutableChannel {
  return {
    id: nextId++,
    type: 1,
    name: 'ch',
    key: 'sk-secret',
    base_url: '',
    models: 'gpt-4o',
    group: 'default',
    priority: 0,
    weight: 0,
    model_mapping: null,
    status_code_mapping: null,
    setting: null,
    param_override: null,
    other: null,
    auto_ban: 1,
    status: 1,
    tag: null,
    openai_organization: '',
    max_input_tokens: 0,
    other_info: null,
    channel_info: null,
    ...overrides,
  };
}

/** A deterministic uniform [0, 1) source (mulberry32), so statistical tests are repeatable. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The error a function throws; fails the test when it does not throw. */
export function errorOf(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected the call to throw');
}
