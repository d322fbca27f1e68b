import { describe, expect, it } from 'vitest';
import { iconKindOf, iconLetterOf } from './icon-source';

describe('iconKindOf', () => {
  it('shows http, https and data: addresses as pictures, in any case and with spaces around', () => {
    expect(iconKindOf('https://cdn.example/openai.png')).toBe('image');
    expect(iconKindOf(' HTTP://cdn.example/a.svg ')).toBe('image');
    expect(iconKindOf('data:image/png;base64,iVBORw0KGgo=')).toBe('image');
  });

  it('shows an icon-set key, a relative path or nothing as a letter', () => {
    expect(iconKindOf('OpenAI')).toBe('letter');
    expect(iconKindOf('Claude.Color')).toBe('letter');
    expect(iconKindOf('ftp://host/icon.png')).toBe('letter');
    expect(iconKindOf('')).toBe('letter');
    expect(iconKindOf(undefined)).toBe('letter');
  });
});

describe('iconLetterOf', () => {
  it('takes the icon text’s first letter, else the name’s, upper-cased', () => {
    expect(iconLetterOf('openai', 'gpt-4o')).toBe('O');
    expect(iconLetterOf('  ', 'gpt-4o')).toBe('G');
    expect(iconLetterOf(undefined, '通义千问')).toBe('通');
  });

  it('falls back to "?" when there is neither', () => {
    expect(iconLetterOf('', '')).toBe('?');
    expect(iconLetterOf(null, undefined)).toBe('?');
  });
});
