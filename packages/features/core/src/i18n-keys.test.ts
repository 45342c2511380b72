import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import de from './i18n/de.json';
import en from './i18n/en.json';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

function files(dir: string, pattern: RegExp, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name === 'generated') continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) files(full, pattern, out);
    else if (pattern.test(name)) out.push(full);
  }
  return out;
}

/** Every `errors.*` / `validation.*` key the contract or the server can answer. */
function usedKeys(prefix: 'errors' | 'validation'): string[] {
  const sources = [
    ...files(join(repo, 'openapi'), /\.yaml$/),
    ...files(join(repo, 'apps/server/src'), /\.ts$/).filter((f) => !f.endsWith('.test.ts')),
  ];
  const keys = new Set<string>();
  // `errors.push(` and `errors.length` are arrays in code, not keys; `errors.ts` and
  // `validation.ts` are file names in comments.
  const pattern = new RegExp(`\\b${prefix}\\.([a-z][a-z_]*)\\b(?!\\s*\\()`, 'g');
  for (const file of sources) {
    for (const match of readFileSync(file, 'utf8').matchAll(pattern)) {
      if (match[1] !== 'length' && match[1] !== 'ts') keys.add(match[1] as string);
    }
  }
  return [...keys].sort();
}

test.each([
  ['de', de],
  ['en', en],
] as const)(
  'every error and validation key the server can answer has a %s text',
  (_language, texts) => {
    const missing = [
      ...usedKeys('errors').filter((key) => !(key in texts.errors)),
      ...usedKeys('validation')
        .filter((key) => !(key in texts.validation))
        .map((key) => `validation.${key}`),
    ];
    expect(missing).toEqual([]);
  },
);
