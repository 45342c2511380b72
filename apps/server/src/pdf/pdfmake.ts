import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

/*
 * The one pdfmake instance of the server, set up once: the fonts that ship with pdfmake itself
 * (Roboto TTF, full Latin-1 with umlauts and ß, embedded into every PDF), so a clean clone
 * renders the same PDF everywhere; nothing is read from the operating system or the network.
 */

// pdfmake is CommonJS and exports one instance (`module.exports = new pdfmake()`).
const require = createRequire(import.meta.url);
const pdfmake = require('pdfmake') as typeof import('pdfmake');

export const FONT_DIR = path.join(
  path.dirname(require.resolve('pdfmake/package.json')),
  'fonts/Roboto',
);
pdfmake.setFonts({
  Roboto: {
    normal: path.join(FONT_DIR, 'Roboto-Regular.ttf'),
    bold: path.join(FONT_DIR, 'Roboto-Medium.ttf'),
    italics: path.join(FONT_DIR, 'Roboto-Italic.ttf'),
    bolditalics: path.join(FONT_DIR, 'Roboto-MediumItalic.ttf'),
  },
});
// The document never loads anything from outside: images arrive as data URLs, fonts from
// pdfmake's own folder.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((file) => path.resolve(file).startsWith(FONT_DIR + path.sep));

/*
 * Speed (billing runs render hundreds of invoices): pdfkit parses each TTF file again for
 * every document (fontkit.create, then the layout tables on first use), about half of a short
 * invoice's render time. The parsed fonts are read-only, so every document takes the same
 * parsed font: pdfkit's `font()` finds an EmbeddedFont of its own (own id, own subset, own
 * PDF objects) built on the shared parsed font. Only our font files take this path; if the
 * pdfkit internals it relies on are not there, fonts load the ordinary way.
 */
type PdfKitDocument = {
  _fontFamilies: Record<string, unknown>;
  _fontCount: number;
  _font: { constructor: new (document: unknown, font: unknown, id: string) => unknown };
  font: (src: unknown, family?: unknown, size?: unknown) => PdfKitDocument;
  end: () => void;
};
function shareParsedFonts() {
  const pdfkitRequire = createRequire(
    require.resolve('pdfkit', { paths: [path.dirname(require.resolve('pdfmake/package.json'))] }),
  );
  const PdfKit = pdfkitRequire('pdfkit') as {
    new (options: object): PdfKitDocument;
    prototype: PdfKitDocument;
  };
  const fontkit = pdfkitRequire('fontkit') as { create: (bytes: Uint8Array) => unknown };
  const files = new Set(
    ['Regular', 'Medium', 'Italic', 'MediumItalic'].map((style) =>
      path.join(FONT_DIR, `Roboto-${style}.ttf`),
    ),
  );
  const probe = new PdfKit({ autoFirstPage: false });
  probe.font(path.join(FONT_DIR, 'Roboto-Regular.ttf'));
  const EmbeddedFont = probe._font.constructor;
  probe.end();
  if (typeof PdfKit.prototype.font !== 'function' || typeof EmbeddedFont !== 'function') return;
  const parsed = new Map<string, unknown>();
  const ownFont = PdfKit.prototype.font;
  PdfKit.prototype.font = function font(this: PdfKitDocument, src, family, size) {
    if (typeof src === 'string' && files.has(src) && !this._fontFamilies[src]) {
      let shared = parsed.get(src);
      if (!shared) {
        shared = fontkit.create(readFileSync(src));
        parsed.set(src, shared);
      }
      this._fontCount += 1;
      this._fontFamilies[src] = new EmbeddedFont(this, shared, `F${this._fontCount}`);
    }
    return ownFont.call(this, src, family, size);
  };
}
// Not used: with the parsed fonts shared, a clean-clone CI run printed invoices with shifted
// glyphs ("COBADEFFXXX" as "CXBADEFFJJJ", "/" as "?") after other PDFs (the training
// contract's) had rendered in the same process; every document parses its fonts itself again
// (slower, correct) until the shared state is understood. Kept for that investigation.
export const SHARE_PARSED_FONTS = false;
if (SHARE_PARSED_FONTS) {
  try {
    shareParsedFonts();
  } catch {
    // pdfkit changed its internals: every document parses its fonts itself (slower, same PDF).
  }
}

/** Renders a document definition to PDF bytes. */
export function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  return pdfmake.createPdf(definition).getBuffer();
}

/** An image as the data URL pdfmake takes (PNG or JPEG by its magic bytes). */
export function imageDataUrl(bytes: Buffer): string | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return `data:image/png;base64,${bytes.toString('base64')}`;
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return `data:image/jpeg;base64,${bytes.toString('base64')}`;
  }
  return undefined;
}

const BERLIN_DATE = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'UTC',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** `2026-11-26` → `26.11.2026`. */
export const formatDate = (day: string) => BERLIN_DATE.format(new Date(`${day}T00:00:00Z`));

/** Cents → `1234,56 €` (decimal comma, no thousands separator, € after). */
export function formatMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')} €`;
}
