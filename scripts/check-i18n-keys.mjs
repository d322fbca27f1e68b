#!/usr/bin/env node
// Checks that every console translation namespace has the same keys in every language.
// Usage: node scripts/check-i18n-keys.mjs [locales-dir]   (exit 1 and a list when keys are missing)
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const localesDir = process.argv[2] ?? join(root, 'packages/web/src/i18n/locales');

/** Flattens nested objects to dotted keys: { a: { b: 'x' } } → ['a.b']. */
function flatten(value, prefix = '') {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
}

function readNamespace(file) {
  try {
    return new Set(flatten(JSON.parse(readFileSync(file, 'utf8'))));
  } catch (err) {
    problems.push(`${file}: cannot be read as JSON (${err.message})`);
    return new Set();
  }
}

const problems = [];
if (!existsSync(localesDir)) {
  console.error(`check-i18n-keys: no locales directory at ${localesDir}`);
  process.exit(1);
}
const languages = readdirSync(localesDir).filter((d) => statSync(join(localesDir, d)).isDirectory()).sort();
if (languages.length < 2) problems.push(`expected at least two languages in ${localesDir}, found: ${languages.join(', ') || 'none'}`);

const namespaces = new Set();
for (const lng of languages) {
  for (const f of readdirSync(join(localesDir, lng))) if (f.endsWith('.json')) namespaces.add(f.slice(0, -5));
}

let checkedKeys = 0;
for (const ns of [...namespaces].sort()) {
  const keysByLanguage = new Map();
  for (const lng of languages) {
    const file = join(localesDir, lng, `${ns}.json`);
    if (!existsSync(file)) {
      problems.push(`${lng}/${ns}.json is missing`);
      continue;
    }
    keysByLanguage.set(lng, readNamespace(file));
  }
  const all = new Set([...keysByLanguage.values()].flatMap((s) => [...s]));
  checkedKeys += all.size;
  for (const [lng, keys] of keysByLanguage) {
    for (const key of [...all].sort()) {
      if (!keys.has(key)) problems.push(`${lng}/${ns}.json lacks "${key}"`);
    }
  }
}

if (problems.length > 0) {
  console.error(`check-i18n-keys: ${problems.length} problem(s) in ${localesDir}`);
  for (const p of problems) console.error(`  - ${p}`);
  process.exit(1);
}
console.log(`check-i18n-keys: ${namespaces.size} namespaces × ${languages.length} languages agree (${checkedKeys} keys).`);
