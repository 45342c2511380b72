// Rewrites the `paths:` table of openapi.yaml from paths/<area>.yaml.
//
// Each area file's top-level keys are the URL paths themselves (`/students/{id}:`), so the
// table is mechanical: one `$ref` per path, areas in the order below, then any other area
// file alphabetically. Run it after adding or removing a path:
//   node openapi/scripts/sync-paths.mjs        (writes)
//   node openapi/scripts/sync-paths.mjs --check (fails when the table is out of date)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ORDER = [
  'session',
  'users',
  'roles',
  'students',
  'educations',
  'registrations',
  'cost-bearers',
  'todos',
  'checklists',
  'training-contracts',
  'documents',
  'branches',
  'vehicles',
  'products',
  'prices',
  'licence-data',
  'driving-school',
  'configuration',
  'calendar',
  'appointments',
  'driving-lessons',
  'theory',
  'exams',
  'payments',
  'payment-documents',
  'mandates',
  'mail',
  'broadcasts',
  'reports',
  'learning',
  'dashboard',
];

/** Top-level keys of a YAML file (the URL paths); enough YAML for our own files. */
function topLevelKeys(text) {
  const keys = [];
  for (const line of text.split('\n')) {
    const match = /^(?:"([^"]+)"|'([^']+)'|(\/[^\s:]*)):\s*$/.exec(line);
    if (match) keys.push(match[1] ?? match[2] ?? match[3]);
  }
  return keys;
}

const pointer = (key) => key.replace(/~/g, '~0').replace(/\//g, '~1');

const files = readdirSync(join(root, 'paths')).filter((f) => f.endsWith('.yaml'));
const areas = files.map((f) => f.replace(/\.yaml$/, ''));
const ordered = [
  ...ORDER.filter((a) => areas.includes(a)),
  ...areas.filter((a) => !ORDER.includes(a)).sort(),
];

const seen = new Map();
const lines = ['paths:'];
for (const area of ordered) {
  const keys = topLevelKeys(readFileSync(join(root, 'paths', `${area}.yaml`), 'utf8'));
  for (const key of keys) {
    if (!key.startsWith('/'))
      throw new Error(`paths/${area}.yaml: top-level key "${key}" is not a URL path`);
    if (seen.has(key))
      throw new Error(`${key} is in paths/${seen.get(key)}.yaml and paths/${area}.yaml`);
    seen.set(key, area);
    lines.push(`  "${key}":`, `    $ref: "paths/${area}.yaml#/${pointer(key)}"`);
  }
}

const file = join(root, 'openapi.yaml');
const current = readFileSync(file, 'utf8');
const start = current.indexOf('\npaths:\n');
const end = current.indexOf('\ncomponents:\n');
if (start < 0 || end < 0) throw new Error('openapi.yaml needs a paths: and a components: section');
const next = `${current.slice(0, start + 1)}${lines.join('\n')}${current.slice(end)}`;
if (process.argv.includes('--check')) {
  if (next !== current) {
    console.error('openapi.yaml paths are out of date: run node openapi/scripts/sync-paths.mjs');
    process.exit(1);
  }
} else if (next !== current) {
  writeFileSync(file, next);
  console.log(`openapi.yaml: ${seen.size} paths from ${ordered.length} area files`);
}
