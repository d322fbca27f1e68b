import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { flattened } from './flat-string.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Heap bytes per string kept, for 20 000 strings made by `make`. */
function retainedPerString(make: (i: number) => string): number {
  const count = 20_000;
  gc();
  gc();
  const before = process.memoryUsage().heapUsed;
  const kept: string[] = [];
  for (let i = 0; i < count; i++) kept.push(make(i));
  gc();
  gc();
  const after = process.memoryUsage().heapUsed;
  expect(kept).toHaveLength(count);
  return (after - before) / count;
}

// Like a consume log's `other`: many short pieces joined by a template literal.
const built = (i: number) =>
  `{"model_ratio":${String(0.075)},"group_ratio":${String(1)},"completion_ratio":${String(4)},"frt":${String(i)},` +
  `"upstream_model_name":${JSON.stringify('gpt-4o-mini')},"request_path":${JSON.stringify('/v1/chat/completions')},` +
  `"admin_info":{"use_channel":[${[1, 2].map(String).join(',')}],"local_count_tokens":${i % 2 === 0}}}`;

describe('flattened', () => {
  it('keeps the same text', () => {
    expect(flattened(built(7))).toBe(built(7));
    expect(JSON.parse(flattened(built(8))).frt).toBe(8);
    expect(flattened('')).toBe('');
  });

  it('keeps a concatenated string in far less memory than its tree of pieces', () => {
    const tree = retainedPerString(built);
    const flat = retainedPerString((i) => flattened(built(i)));
    expect(flat).toBeLessThan(tree * 0.6);
  });
});
