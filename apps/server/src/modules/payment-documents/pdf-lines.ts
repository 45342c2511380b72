import { inflateSync } from 'node:zlib';

/*
 * The text of a pdfmake (pdfkit) PDF line by line, for golden files that a person can read:
 * every text run (`x y Tm`, `/F1 10 Tf`, `[…] TJ`) is decoded with its font's ToUnicode map,
 * runs on the same baseline form one line (left to right), lines go top to bottom, pages are
 * separated by a `--- Seite n ---` line. Table cells (runs that do not end in a space) are
 * separated by two spaces.
 */

type Run = { x: number; y: number; text: string };

/** Every stream's data inflated when its dictionary says FlateDecode (its /Length bytes). */
function inflateStreams(raw: string): string {
  let out = '';
  let at = 0;
  const start = /<<((?:[^<>]|<<[^<>]*>>|<[0-9a-fA-F]*>)*)>>\s*stream\r?\n/g;
  for (let match = start.exec(raw); match; match = start.exec(raw)) {
    const dictionary = match[1] ?? '';
    const length = Number(/\/Length (\d+)(?! \d+ R)/.exec(dictionary)?.[1] ?? Number.NaN);
    const dataStart = match.index + match[0].length;
    if (!Number.isFinite(length)) continue;
    const data = raw.slice(dataStart, dataStart + length);
    let text = data;
    if (dictionary.includes('/FlateDecode')) {
      try {
        text = inflateSync(Buffer.from(data, 'latin1')).toString('latin1');
      } catch {
        text = '';
      }
    }
    out += `${raw.slice(at, dataStart)}${text}`;
    at = dataStart + length;
    start.lastIndex = at;
  }
  return out + raw.slice(at);
}

export function pdfLines(pdf: Buffer): string {
  const source = inflateStreams(pdf.toString('latin1'));
  const objects = new Map<string, string>();
  for (const match of source.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    objects.set(match[1] as string, match[2] as string);
  }
  const cmapOf = (fontObject: string) => {
    const unicodeId = /\/ToUnicode (\d+) 0 R/.exec(objects.get(fontObject) ?? '')?.[1];
    const cmap = new Map<number, string>();
    const body = objects.get(unicodeId ?? '') ?? '';
    for (const range of body.matchAll(/<([0-9a-f]+)> <[0-9a-f]+> \[([^\]]*)\]/gi)) {
      const from = Number.parseInt(range[1] as string, 16);
      // A ligature maps to several UTF-16 units in one entry (`<0066 0069>` for "fi").
      [...(range[2] as string).matchAll(/<([0-9a-f ]+)>/gi)].forEach((entry, i) => {
        const units = (entry[1] as string).replace(/ /g, '').match(/.{4}/g) ?? [];
        cmap.set(from + i, String.fromCharCode(...units.map((unit) => Number.parseInt(unit, 16))));
      });
    }
    return cmap;
  };
  const fonts = new Map<string, Map<number, string>>();
  for (const match of source.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
    if (!fonts.has(match[1] as string)) fonts.set(match[1] as string, cmapOf(match[2] as string));
  }
  const pages: string[] = [];
  for (const stream of source.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    const content = stream[1] ?? '';
    if (!/\bBT\b/.test(content) || !/\] TJ/.test(content)) continue;
    let font = new Map<number, string>();
    let x = 0;
    let y = 0;
    const runs: Run[] = [];
    // The font is graphics state: `q` saves it, `Q` restores it (pdfmake draws the watermark
    // inside q … Q, and the text after it goes on in the font from before).
    const saved: Map<number, string>[] = [];
    for (const match of content.matchAll(
      /([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) Tm|\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ|^(q|Q)$/gm,
    )) {
      if (match[9] === 'q') {
        saved.push(font);
      } else if (match[9] === 'Q') {
        font = saved.pop() ?? font;
      } else if (match[5] !== undefined) {
        x = Number(match[5]);
        y = Number(match[6]);
      } else if (match[7]) {
        font = fonts.get(match[7]) ?? new Map();
      } else {
        const hex = [...(match[8] as string).matchAll(/<([0-9a-f]+)>/gi)].map((m) => m[1]).join('');
        const ids = (hex.match(/.{4}/g) ?? []).map((h) => Number.parseInt(h, 16));
        runs.push({ x, y, text: ids.map((id) => font.get(id) ?? '?').join('') });
      }
    }
    const lines = new Map<number, Run[]>();
    for (const run of runs) {
      const key = Math.round(run.y);
      lines.set(key, [...(lines.get(key) ?? []), run]);
    }
    const text = [...lines.entries()]
      .sort(([a], [b]) => b - a)
      .map(([, line]) =>
        line
          .sort((a, b) => a.x - b.x)
          .reduce(
            (out, run) =>
              out === '' || out.endsWith(' ') || out.endsWith('-')
                ? out + run.text
                : `${out}  ${run.text}`,
            '',
          )
          .trim(),
      )
      .filter(Boolean);
    pages.push(text.join('\n'));
  }
  return pages.map((page, index) => `--- Seite ${index + 1} ---\n${page}`).join('\n');
}
