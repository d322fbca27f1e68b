import { describe, expect, it } from 'vitest';
import type { RelayError } from '../relay-error.js';
import { chooseSubprotocol, readHandshake } from './realtime-handshake.js';

const base = { upgrade: 'websocket', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==', 'sec-websocket-version': '13' };
const query = (q: string) => new URLSearchParams(q);

describe('readHandshake', () => {
  it('takes the key from the subprotocol list before Authorization, and maps the beta subprotocol to OpenAI-Beta', () => {
    const h = readHandshake({ ...base, authorization: 'Bearer sk-header', 'sec-websocket-protocol': 'realtime, openai-insecure-api-key.sk-proto, openai-beta.realtime-v1' }, query('model=gpt-realtime'));
    expect(h).toEqual({ model: 'gpt-realtime', apiKey: 'sk-proto', protocols: ['realtime', 'openai-insecure-api-key.sk-proto', 'openai-beta.realtime-v1'], openaiBeta: 'realtime=v1' });
    expect(readHandshake({ ...base, authorization: 'Bearer sk-header' }, query('model=m')).apiKey).toBe('Bearer sk-header');
  });

  it('refuses a request that is not a WebSocket upgrade with 426, and a malformed one with 400', () => {
    const status = (headers: Record<string, string>) => {
      try {
        readHandshake(headers, query('model=m'));
        return 0;
      } catch (err) {
        return (err as RelayError).status;
      }
    };
    expect(status({})).toBe(426);
    expect(status({ ...base, 'sec-websocket-key': 'abc' })).toBe(400);
    expect(status({ ...base, 'sec-websocket-version': '8' })).toBe(400);
    expect(status({ ...base, 'sec-websocket-protocol': 'a b' })).toBe(400);
    expect(status({ ...base, 'sec-websocket-protocol': 'a,a' })).toBe(400);
    expect(status(base)).toBe(0);
  });
});

describe('chooseSubprotocol', () => {
  it('prefers realtime, else the first offered element, and never the key element', () => {
    expect(chooseSubprotocol(['openai-insecure-api-key.sk-x', 'foo', 'realtime'])).toBe('realtime');
    expect(chooseSubprotocol(['openai-insecure-api-key.sk-x', 'foo'])).toBe('foo');
    expect(chooseSubprotocol(new Set(['openai-insecure-api-key.sk-x']))).toBe(false);
  });
});
