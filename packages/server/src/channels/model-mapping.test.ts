import { describe, expect, it } from 'vitest';
import { ChannelConfigError } from './channel-config-error.js';
import { errorOf } from './channels.test-helpers.js';
import { mapModel, parseModelMapping, resolveModelMapping } from './model-mapping.js';

describe('model mapping', () => {
  it('maps a requested model to its upstream name', () => {
    expect(mapModel('{"gpt-4":"gpt-4-turbo"}', 'gpt-4')).toEqual({ upstreamModel: 'gpt-4-turbo', isMapped: true });
  });

  it('leaves models without an entry alone', () => {
    expect(mapModel('{"gpt-4":"gpt-4-turbo"}', 'gpt-4o')).toEqual({ upstreamModel: 'gpt-4o', isMapped: false });
  });

  it('follows chains to the end', () => {
    expect(mapModel('{"a":"b","b":"c"}', 'a')).toEqual({ upstreamModel: 'c', isMapped: true });
    expect(mapModel('{"a":"b","b":"c","c":"c"}', 'a')).toEqual({ upstreamModel: 'c', isMapped: true });
  });

  it('treats a self-mapping as no mapping', () => {
    expect(mapModel('{"gpt-4o":"gpt-4o"}', 'gpt-4o')).toEqual({ upstreamModel: 'gpt-4o', isMapped: false });
  });

  it('rejects cycles with a channel configuration error naming the chain', () => {
    const run = () => mapModel('{"a":"b","b":"c","c":"a"}', 'a');
    expect(run).toThrow(ChannelConfigError);
    expect(run).toThrow('model mapping has a cycle: a -> b -> c -> a');
    expect(errorOf(run)).toMatchObject({ code: 'channel:model_mapped_error', channelAttributable: true });
    // A cycle that does not start at the requested model is still a cycle once reached.
    expect(() => mapModel('{"x":"a","a":"b","b":"a"}', 'x')).toThrow(/cycle/);
  });

  it('treats a blank column or an empty object as no mapping', () => {
    for (const raw of [null, undefined, '', '  ', '{}']) expect(parseModelMapping(raw).size).toBe(0);
  });

  it('reports malformed JSON, non-objects and non-string targets as channel configuration errors', () => {
    expect(() => parseModelMapping('{"a":')).toThrow('model mapping is not valid JSON');
    expect(() => parseModelMapping('["a"]')).toThrow('model mapping must be a JSON object');
    expect(() => parseModelMapping('"a"')).toThrow('model mapping must be a JSON object');
    expect(() => parseModelMapping('{"a":1}')).toThrow('model mapping for "a" must be a non-empty model name');
    expect(() => parseModelMapping('{"a":""}')).toThrow(ChannelConfigError);
  });

  it('resolves against an already parsed mapping', () => {
    const mapping = parseModelMapping('{"claude-3":"claude-3-5-sonnet"}');
    expect(resolveModelMapping(mapping, 'claude-3').upstreamModel).toBe('claude-3-5-sonnet');
  });
});
