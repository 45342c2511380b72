// corepack pnpm --filter @fahrwerk/scheduler bench:render -- [--runs 15] [--warmup 2]
//   [--story features-scheduler-schedulercalendar--performance-1200-appointments]
//   [--dist ../../../apps/storybook/dist] [--profile out.cpuprofile] [--trace out.json]
//
// The render time of the scheduler's benchmark story in headless Chromium, repeatably: serves
// a static Storybook build (`corepack pnpm --filter @fahrwerk/storybook build`) with a tiny
// HTTP server, opens the story's iframe `--runs` times (after `--warmup` loads) in the system's
// Chromium (/usr/bin/chromium or CHROMIUM_PATH; no browser is downloaded) and prints the
// median and p95 of each figure the story logs (`[scheduler benchmark] …: <n> ms <what>`),
// with the machine's load average beside them. A benchmark, not a test: it asserts nothing.
//
// --profile writes a V8 CPU profile of one more load (open it in Chrome DevTools) and prints
// the self time per script; --trace records the DevTools timeline of one more load and prints
// where the main thread went (script, style, layout, paint). Both come from the Chrome
// DevTools Protocol through playwright's CDPSession.
import { createReadStream, existsSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = fileURLToPath(new URL('.', import.meta.url));
const repo = resolve(here, '../../../..');
// pnpm 10 passes the `--` of `pnpm … bench:render -- --runs 15` on: drop it.
const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    runs: { type: 'string', default: '15' },
    warmup: { type: 'string', default: '2' },
    story: {
      type: 'string',
      default: 'features-scheduler-schedulercalendar--performance-1200-appointments',
    },
    dist: { type: 'string', default: join(repo, 'apps/storybook/dist') },
    width: { type: 'string', default: '1440' },
    height: { type: 'string', default: '900' },
    profile: { type: 'string' },
    trace: { type: 'string' },
    timeout: { type: 'string', default: '60000' },
    query: { type: 'string' },
  },
});
const runs = Number(values.runs);
const warmup = Number(values.warmup);
const dist = resolve(values.dist);
if (!existsSync(join(dist, 'iframe.html'))) {
  console.error(`No Storybook build in ${dist}: corepack pnpm --filter @fahrwerk/storybook build`);
  process.exit(2);
}

// playwright-core through the Storybook app's playwright (this package does not depend on it).
const requireFromStorybook = createRequire(join(repo, 'apps/storybook/package.json'));
const { chromium } = requireFromStorybook('playwright');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
};

const server = createServer((request, response) => {
  const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
  const file = normalize(join(dist, path === '/' ? 'index.html' : path));
  if (!file.startsWith(dist) || !existsSync(file) || !statSync(file).isFile()) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(response);
});
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
const url = `http://127.0.0.1:${port}/iframe.html?id=${values.story}&viewMode=story${values.query ? `&${values.query}` : ''}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
});
const context = await browser.newContext({
  viewport: { width: Number(values.width), height: Number(values.height) },
});

const FIGURE = /\[scheduler benchmark\][^:]*:\s*(.*)$/;
const NUMBERS = /(\d+(?:\.\d+)?) ms ([^,;]+)/g;

/** Opens the story once and returns its figures by name ("to render": 812, …). */
async function load(setup) {
  const page = await context.newPage();
  const figures = {};
  let resolveDone;
  const done = new Promise((resolveIt) => {
    resolveDone = resolveIt;
  });
  page.on('console', (message) => {
    const match = FIGURE.exec(message.text());
    if (!match) return;
    for (const [, value, name] of match[1].matchAll(NUMBERS)) figures[name.trim()] = Number(value);
    resolveDone();
  });
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  const session = setup ? await context.newCDPSession(page) : null;
  const stop = setup ? await setup(session) : null;
  await page.goto(url);
  await Promise.race([
    done,
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error('no benchmark figure')), Number(values.timeout)),
    ),
  ]);
  const extra = stop ? await stop() : null;
  await page.close();
  return { figures, extra };
}

const quantile = (sorted, q) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const load1 = () => loadavg()[0].toFixed(2);

console.log(`story ${values.story}, ${values.width}×${values.height}, dist ${dist}`);
console.log(
  `load before: ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
for (let index = 0; index < warmup; index += 1) await load();
const samples = {};
const loads = [];
for (let index = 0; index < runs; index += 1) {
  const { figures } = await load();
  loads.push(loadavg()[0]);
  for (const [name, value] of Object.entries(figures)) {
    samples[name] = [...(samples[name] ?? []), value];
  }
  console.log(
    `run ${index + 1}: ${Object.entries(figures)
      .map(([name, value]) => `${value} ms ${name}`)
      .join(', ')} (load ${load1()})`,
  );
}
for (const [name, list] of Object.entries(samples)) {
  const sorted = [...list].sort((a, b) => a - b);
  console.log(
    `${name}: median ${quantile(sorted, 0.5)} ms, p95 ${quantile(sorted, 0.95)} ms, min ${sorted[0]} ms, max ${sorted.at(-1)} ms (n=${sorted.length})`,
  );
}
console.log(
  `load 1-min during the runs: ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)}; after: ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);

if (values.profile) {
  const { extra: profile } = await load(async (session) => {
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: 200 });
    await session.send('Profiler.start');
    return async () => (await session.send('Profiler.stop')).profile;
  });
  writeFileSync(values.profile, JSON.stringify(profile));
  summarizeProfile(profile);
}

if (values.trace) {
  const { extra: trace } = await load(async (session) => {
    const events = [];
    session.on('Tracing.dataCollected', ({ value }) => events.push(...value));
    await session.send('Tracing.start', {
      categories:
        'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing,disabled-by-default-v8.cpu_profiler',
      transferMode: 'ReportEvents',
    });
    return async () => {
      const complete = new Promise((resolveIt) =>
        session.once('Tracing.tracingComplete', resolveIt),
      );
      await session.send('Tracing.end');
      await complete;
      return events;
    };
  });
  writeFileSync(values.trace, JSON.stringify({ traceEvents: trace }));
  summarizeTrace(trace);
}

await browser.close();
server.close();

/** Self time per function (top 25) and per script of a V8 CPU profile. */
function summarizeProfile(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  for (let index = 0; index < profile.samples.length; index += 1) {
    const delta = profile.timeDeltas[index + 1] ?? 0;
    const id = profile.samples[index];
    self.set(id, (self.get(id) ?? 0) + delta);
  }
  const perFunction = new Map();
  const perScript = new Map();
  let total = 0;
  for (const [id, micros] of self) {
    const { callFrame } = byId.get(id);
    const script = callFrame.url.replace(/^.*\//, '') || `(${callFrame.functionName || 'native'})`;
    const name = `${callFrame.functionName || '(anonymous)'} ${script}:${callFrame.lineNumber + 1}:${callFrame.columnNumber + 1}`;
    perFunction.set(name, (perFunction.get(name) ?? 0) + micros);
    perScript.set(script, (perScript.get(script) ?? 0) + micros);
    total += micros;
  }
  const print = (title, map, count) => {
    console.log(title);
    for (const [name, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, count)) {
      console.log(
        `  ${(micros / 1000).toFixed(1).padStart(8)} ms ${((100 * micros) / total).toFixed(1).padStart(5)} %  ${name}`,
      );
    }
  };
  console.log(`CPU profile: ${(total / 1000).toFixed(0)} ms sampled`);
  print('self time per script:', perScript, 12);
  print('self time per function (top 25):', perFunction, 25);
}

/** Main-thread time by kind of work, from the DevTools timeline (top-level events only). */
function summarizeTrace(events) {
  const main = events.find(
    (event) => event.name === 'TracingStartedInBrowser' || event.name === 'TracingStartedInPage',
  );
  const frames = main?.args?.data?.frames ?? [];
  const renderer = new Map();
  for (const event of events) {
    if (event.ph !== 'X' || !event.dur) continue;
    const key = `${event.pid}/${event.tid}`;
    renderer.set(key, (renderer.get(key) ?? 0) + event.dur);
  }
  // The busiest thread is the story's main thread.
  const [thread] = [...renderer].sort((a, b) => b[1] - a[1])[0] ?? [];
  const kinds = {
    script: [
      'FunctionCall',
      'EvaluateScript',
      'v8.compile',
      'TimerFire',
      'EventDispatch',
      'RunMicrotasks',
      'FireAnimationFrame',
      'v8.callFunction',
      'ResizeObserver',
      'IntersectionObserverController::computeIntersections',
    ],
    style: ['UpdateLayoutTree', 'RecalculateStyles', 'ParseAuthorStyleSheet'],
    layout: ['Layout', 'UpdateLayerTree', 'PrePaint'],
    paint: ['Paint', 'PaintImage', 'Layerize', 'Commit', 'CompositeLayers', 'RasterTask'],
  };
  const sums = new Map();
  const byName = new Map();
  const stack = [];
  // Only the measured window (the story's marks), when the trace has them.
  const mark = (name) => events.find((event) => event.name === name)?.ts;
  const from = mark('scheduler-render-start') ?? Number.NEGATIVE_INFINITY;
  const to = mark('scheduler-render-end') ?? Number.POSITIVE_INFINITY;
  if (Number.isFinite(from) && Number.isFinite(to)) {
    console.log(`measured window: ${((to - from) / 1000).toFixed(0)} ms (the story's marks)`);
  }
  const relevant = events
    .filter(
      (event) =>
        event.ph === 'X' &&
        `${event.pid}/${event.tid}` === thread &&
        event.dur &&
        event.ts >= from &&
        event.ts + event.dur <= to,
    )
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  // Self time per event name (a child's time is taken off its parent).
  for (const event of relevant) {
    while (stack.length && stack.at(-1).end <= event.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) parent.self -= event.dur;
    const node = { name: event.name, end: event.ts + event.dur, self: event.dur };
    stack.push(node);
    event.node = node;
  }
  for (const event of relevant) {
    byName.set(event.name, (byName.get(event.name) ?? 0) + event.node.self);
  }
  for (const [name, micros] of byName) {
    const kind =
      Object.entries(kinds).find(([, names]) => names.includes(name))?.[0] ??
      (name.startsWith('v8') || name.includes('Script') ? 'script' : 'other');
    sums.set(kind, (sums.get(kind) ?? 0) + micros);
  }
  const total = [...sums.values()].reduce((a, b) => a + b, 0);
  console.log(
    `timeline of the main thread: ${(total / 1000).toFixed(0)} ms in events, ${frames.length} frames`,
  );
  for (const [kind, micros] of [...sums].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${kind.padEnd(7)} ${(micros / 1000).toFixed(1).padStart(8)} ms`);
  }
  console.log('self time per timeline event (top 15):');
  for (const [name, micros] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
    console.log(`  ${(micros / 1000).toFixed(1).padStart(8)} ms  ${name}`);
  }
}
