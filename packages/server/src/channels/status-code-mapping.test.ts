import { describe, expect, it } from 'vitest';
import { ChannelConfigError } from './channel-config-error.js';
import { errorOf } from './channels.test-helpers.js';
import { applyStatusCodeMapping, mapStatusCode, parseStatusCodeMapping } from './status-code-mapping.js';

describe('status code mapping', () => {
  it('maps an upstream status whether the target is a string or a number', () => {
    expect(mapStatusCode('{"429":"500"}', 429)).toBe(500);
    expect(mapStatusCode('{"429":503}', 429)).toBe(503);
  });

  it('passes statuses without an entry through', () => {
    expect(mapStatusCode('{"429":"500"}', 401)).toBe(401);
    expect(mapStatusCode(null, 502)).toBe(502);
  });

  it('never rewrites a success status', () => {
    expect(applyStatusCodeMapping(parseStatusCodeMapping('{"200":"500","201":"500"}'), 200)).toBe(200);
    expect(mapStatusCode('{"201":"500"}', 201)).toBe(201);
  });

  it('answers a success status without reading the mapping, even a broken one', () => {
    expect(mapStatusCode('{429:500}', 200)).toBe(200);
    expect(() => mapStatusCode('{429:500}', 429)).toThrow('status code mapping is not valid JSON');
    // The remembered outcome of a broken column is the same error every time.
    expect(() => mapStatusCode('{429:500}', 429)).toThrow('status code mapping is not valid JSON');
  });

  it('applies one step only, without chaining', () => {
    expect(mapStatusCode('{"429":"500","500":"400"}', 429)).toBe(500);
  });

  it('treats a blank column or an empty object as no mapping', () => {
    for (const raw of [null, '', ' ', '{}']) expect(parseStatusCodeMapping(raw).size).toBe(0);
  });

  it('reports malformed JSON and entries that are not HTTP statuses as channel configuration errors', () => {
    expect(() => parseStatusCodeMapping('{429:500}')).toThrow('status code mapping is not valid JSON');
    expect(() => parseStatusCodeMapping('[]')).toThrow('status code mapping must be a JSON object');
    expect(() => parseStatusCodeMapping('{"abc":"500"}')).toThrow('status code mapping key "abc" is not an HTTP status code');
    expect(() => parseStatusCodeMapping('{"429":"oops"}')).toThrow('status code mapping for 429 must be an HTTP status code');
    expect(() => parseStatusCodeMapping('{"429":700}')).toThrow(ChannelConfigError);
    expect(() => parseStatusCodeMapping('{"429":true}')).toThrow(ChannelConfigError);
    expect(errorOf(() => parseStatusCodeMapping('nope'))).toMatchObject({ code: 'channel:status_code_mapping_error', channelAttributable: true });
  });
});
