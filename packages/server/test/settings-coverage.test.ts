import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { optionKeys } from '../src/options/option-registry.js';

const WEB_SRC = fileURLToPath(new URL('../../web/src/', import.meta.url));

function consoleSource(): string {
  const texts: string[] = [];
  for (const entry of readdirSync(WEB_SRC, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts')) texts.push(readFileSync(join(entry.parentPath, entry.name), 'utf8'));
  }
  return texts.join('\n');
}

describe('settings coverage', () => {
  it('gives every option the server knows a field in the console', () => {
    const source = consoleSource();
    const missing = optionKeys.filter((key) => !source.includes(`'${key}'`) && !source.includes(`"${key}"`) && !new RegExp(`\\b${key.replaceAll('.', '\\.')}\\b`).test(source));
    expect(missing).toEqual([]);
  });
});
