import { inflateSync } from 'node:zlib';

/**
 * The text a PDF of pdfkit (pdfmake) shows, for tests: each run (`[…] TJ`) is written as hex
 * glyph ids of the font set before it (`/F1 10 Tf`), and the font's ToUnicode CMap maps them
 * back to characters. Compressed (FlateDecode) streams are inflated first.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf
    .toString('latin1')
    .replace(
      /(\/Filter \/FlateDecode[\s\S]*?>>\s*stream\r?\n)([\s\S]*?)(\r?\nendstream)/g,
      (_, head: string, data: string, tail: string) =>
        `${head}${inflateSync(Buffer.from(data, 'latin1')).toString('latin1')}${tail}`,
    );
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
      [...(range[2] as string).matchAll(/<([0-9a-f]+)>/gi)].forEach((char, i) => {
        cmap.set(from + i, String.fromCharCode(Number.parseInt(char[1] as string, 16)));
      });
    }
    return cmap;
  };
  const fonts = new Map<string, Map<number, string>>();
  for (const match of source.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
    if (!fonts.has(match[1] as string)) fonts.set(match[1] as string, cmapOf(match[2] as string));
  }
  let font = new Map<number, string>();
  const runs: string[] = [];
  for (const match of source.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
    if (match[1]) {
      font = fonts.get(match[1]) ?? new Map();
      continue;
    }
    const hex = [...(match[2] as string).matchAll(/<([0-9a-f]+)>/gi)].map((m) => m[1]).join('');
    const ids = (hex.match(/.{4}/g) ?? []).map((h) => Number.parseInt(h, 16));
    runs.push(ids.map((id) => font.get(id) ?? '?').join(''));
  }
  // pdfmake writes a run per word, each with its trailing space.
  return runs.join('').replace(/\s+/g, ' ');
}
