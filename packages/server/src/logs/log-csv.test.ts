import { describe, expect, it } from 'vitest';
import { csvField, csvLine } from './log-csv.js';

describe('CSV fields', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvField('gpt-4o')).toBe('gpt-4o');
    expect(csvField(-12)).toBe('-12');
    expect(csvField(false)).toBe('false');
    expect(csvField('')).toBe('');
  });

  it('quotes fields with commas, quotes or line breaks and doubles inner quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('carriage\rreturn')).toBe('"carriage\rreturn"');
    expect(csvField('{"a":1}')).toBe('"{""a"":1}"');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('+SUM(A1)')).toBe("'+SUM(A1)");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
  });

  it('joins a line with commas and ends it with CRLF', () => {
    expect(csvLine([1, 'a,b', true])).toBe('1,"a,b",true\r\n');
  });
});
