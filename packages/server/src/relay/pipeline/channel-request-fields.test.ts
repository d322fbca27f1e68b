import { describe, expect, it } from 'vitest';
import type { RelayBody } from '../providers/provider-adapter.js';
import { withChannelFieldPolicy } from './channel-request-fields.js';

const json = (value: Record<string, unknown>): RelayBody => ({ kind: 'json', json: value, raw: new TextEncoder().encode(JSON.stringify(value)) });
const sent = (body: RelayBody) => (body.kind === 'json' ? body.json : undefined);
const guarded = { model: 'm', messages: [], service_tier: 'priority', safety_identifier: 'u-1', inference_geo: 'eu', speed: 'fast', store: true, stream: true, stream_options: { include_usage: true, include_obfuscation: false } };

describe('withChannelFieldPolicy', () => {
  it('drops the guarded fields and include_obfuscation by default, keeping store and the rest', () => {
    expect(withChannelFieldPolicy(json(guarded), 'chat', {})).toEqual({
      kind: 'json',
      json: { model: 'm', messages: [], store: true, stream: true, stream_options: { include_usage: true } },
    });
    expect(guarded.service_tier).toBe('priority');
  });

  it('lets each field through when its switch is on, and drops store with disable_store', () => {
    const out = sent(withChannelFieldPolicy(json(guarded), 'responses', { allow_service_tier: true, allow_include_obfuscation: true, disable_store: true }));
    expect(out).toMatchObject({ service_tier: 'priority', stream_options: { include_usage: true, include_obfuscation: false } });
    expect(out).not.toHaveProperty('store');
    expect(out).not.toHaveProperty('safety_identifier');
    const all = { allow_service_tier: true, allow_safety_identifier: true, allow_inference_geo: true, allow_speed: true, allow_include_obfuscation: true };
    const untouched = json(guarded);
    expect(withChannelFieldPolicy(untouched, 'claude.messages', all)).toBe(untouched);
  });

  it('returns the same body, bytes and all, when nothing is guarded or the endpoint is another', () => {
    const plain = json({ model: 'm', messages: [], stream: true, stream_options: { include_usage: true } });
    expect(withChannelFieldPolicy(plain, 'chat', {})).toBe(plain);
    const embedding = json({ model: 'e', input: 'x', service_tier: 'priority' });
    expect(withChannelFieldPolicy(embedding, 'embeddings', {})).toBe(embedding);
  });
});
