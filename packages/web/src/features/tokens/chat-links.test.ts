import { describe, expect, it } from 'vitest';
import { buildChatUrl, chatLinksOf } from './chat-links';

describe('chatLinksOf', () => {
  it('flattens the {name: template} objects of the status and skips what is not text', () => {
    expect(chatLinksOf([{ A: 'https://a/?k={key}' }, { B: 'https://b', C: 3 }, null, 'x'])).toEqual([
      { name: 'A', template: 'https://a/?k={key}' },
      { name: 'B', template: 'https://b' },
    ]);
    expect(chatLinksOf('not a list')).toEqual([]);
  });
});

describe('buildChatUrl', () => {
  it('fills every {key} and {address}', () => {
    expect(buildChatUrl('https://chat.example/#/?settings={"key":"{key}","url":"{address}"}', 'sk-abc', 'https://gw.example', 'GW')).toBe(
      'https://chat.example/#/?settings={"key":"sk-abc","url":"https://gw.example"}',
    );
  });

  it('encodes the provider settings for {cherryConfig} as base64 JSON', () => {
    const url = buildChatUrl('cherrystudio://providers/api-keys?v=1&data={cherryConfig}', 'sk-abc', 'https://gw.example', '网关')!;
    const data = decodeURIComponent(url.split('data=')[1]);
    const json = new TextDecoder().decode(Uint8Array.from(atob(data), (c) => c.charCodeAt(0)));
    expect(JSON.parse(json)).toEqual({ id: 'gateway', name: '网关', baseUrl: 'https://gw.example', apiKey: 'sk-abc' });
  });

  it('answers null for an empty or unusable template (the "chat link configuration error")', () => {
    expect(buildChatUrl('  ', 'sk-abc', 'https://gw', 'GW')).toBeNull();
    expect(buildChatUrl('not a link {key}', 'sk-abc', 'https://gw', 'GW')).toBeNull();
  });
});
