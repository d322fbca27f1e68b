import { describe, expect, it, vi } from 'vitest';
import { ChannelConfigError, rememberedColumnParse } from './channel-config-error.js';

describe('rememberedColumnParse', () => {
  it('parses each column text once and gives the same value back', () => {
    const parse = vi.fn((raw: string | null | undefined) => ({ text: raw }));
    const remembered = rememberedColumnParse(parse);
    const first = remembered('{"a":"b"}');
    expect(remembered('{"a":"b"}')).toBe(first);
    expect(parse).toHaveBeenCalledTimes(1);
    // Missing and blank columns share one entry.
    expect(remembered(null)).toBe(remembered(''));
    expect(remembered(undefined)).toBe(remembered(''));
    expect(parse).toHaveBeenCalledTimes(2);
  });

  it('throws the remembered configuration error again without parsing again', () => {
    const parse = vi.fn((): never => {
      throw new ChannelConfigError('channel:model_mapped_error', 'model mapping is not valid JSON');
    });
    const remembered = rememberedColumnParse(parse);
    expect(() => remembered('{bad')).toThrow('model mapping is not valid JSON');
    expect(() => remembered('{bad')).toThrow(ChannelConfigError);
    expect(parse).toHaveBeenCalledTimes(1);
  });

  it('does not remember other failures', () => {
    const parse = vi.fn((): never => {
      throw new TypeError('unexpected');
    });
    const remembered = rememberedColumnParse(parse);
    expect(() => remembered('x')).toThrow(TypeError);
    expect(() => remembered('x')).toThrow(TypeError);
    expect(parse).toHaveBeenCalledTimes(2);
  });

  it('forgets the oldest text once it holds 500', () => {
    const parse = vi.fn((raw: string | null | undefined) => raw);
    const remembered = rememberedColumnParse(parse);
    for (let i = 0; i <= 500; i++) remembered(`{"n":${i}}`);
    expect(parse).toHaveBeenCalledTimes(501);
    remembered('{"n":500}');
    expect(parse).toHaveBeenCalledTimes(501);
    remembered('{"n":0}');
    expect(parse).toHaveBeenCalledTimes(502);
  });
});
