// npm run api:coverage — per domain tag: how many operations of the contract have a
// handler, and which do not yet (those answer 501 `errors.not_implemented`).
import { bundleOpenApi, loadOpenApiDocument } from '../http/openapi-document';
import { implementedOperationIds } from '../modules/handlers';

bundleOpenApi();
const document = loadOpenApiDocument();
const implemented = new Set(implementedOperationIds());
const byTag = new Map<string, { done: string[]; open: string[] }>();
const tagOrder = ((document.tags as { name: string }[] | undefined) ?? []).map((t) => t.name);

for (const [path, item] of Object.entries(document.paths)) {
  for (const [method, operation] of Object.entries(item)) {
    if (!operation?.operationId) continue;
    const tag = (operation.tags as string[] | undefined)?.[0] ?? 'untagged';
    const entry = byTag.get(tag) ?? { done: [], open: [] };
    const label = `${operation.operationId} (${method.toUpperCase()} ${path})`;
    (implemented.has(operation.operationId) ? entry.done : entry.open).push(label);
    byTag.set(tag, entry);
  }
}

const tags = [...byTag.keys()].sort(
  (a, b) => (tagOrder.indexOf(a) + 1 || 999) - (tagOrder.indexOf(b) + 1 || 999),
);
const verbose = process.argv.includes('--list');
let done = 0;
let total = 0;
for (const tag of tags) {
  const entry = byTag.get(tag);
  if (!entry) continue;
  const count = entry.done.length + entry.open.length;
  done += entry.done.length;
  total += count;
  console.log(
    `${tag.padEnd(20)} ${String(entry.done.length).padStart(4)} / ${String(count).padEnd(4)} implemented`,
  );
  if (verbose || entry.open.length <= 8) {
    for (const label of entry.open) console.log(`    not yet: ${label}`);
  } else {
    console.log(`    not yet: ${entry.open.length} operations (--list shows them)`);
  }
}
console.log(`${'all'.padEnd(20)} ${String(done).padStart(4)} / ${total} implemented`);
