// The JavaScript a first visit loads before the back office can render: the entry script
// of the built index.html and every module it preloads, gzip sizes summed. Plain Node, so
// the Vite config, the back office's test and scripts/start.mjs all measure the same way.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The budget of the initial JavaScript, gzip (feature screens load with their routes). */
export const INITIAL_SCRIPTS_LIMIT_BYTES = 250_000;

/**
 * The entry script and the modulepreloads of `distDir/index.html`, with their sizes.
 * @param {string} distDir
 * @returns {{ files: { href: string, bytes: number, gzipBytes: number }[], gzipBytes: number }}
 */
export function measureInitialScripts(distDir) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  /** @type {string[]} */
  const hrefs = [];
  for (const [, tag = '', attributes = ''] of html.matchAll(/<(script|link)\b([^>]*)>/g)) {
    /** @param {string} name */
    const attribute = (name) => new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1];
    const src = attribute('src');
    const href = attribute('href');
    if (tag === 'script' && attribute('type') === 'module' && src) hrefs.push(src);
    if (tag === 'link' && attribute('rel') === 'modulepreload' && href) hrefs.push(href);
  }
  const files = hrefs.map((href) => {
    const content = readFileSync(join(distDir, href.replace(/^\//, '')));
    return { href, bytes: content.length, gzipBytes: gzipSync(content).length };
  });
  return { files, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
}

/**
 * One line for the build log.
 * @param {{ files: unknown[], gzipBytes: number }} measured
 */
export function describeInitialScripts(measured) {
  /** @param {number} bytes */
  const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
  return `Back office initial JavaScript: ${kb(measured.gzipBytes)} gzip in ${measured.files.length} files (limit ${kb(INITIAL_SCRIPTS_LIMIT_BYTES)})`;
}
