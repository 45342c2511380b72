import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf-text';
import {
  type AttendanceSheet,
  attendanceDocument,
  attendancePdf,
  endTime,
  germanDate,
  syllabusLabel,
} from './attendance-pdf';

/** A tiny greyscale PNG of `width` × `height` with a stroke, as a tablet would send. */
function signaturePng(width: number, height: number): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (table[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(typed));
    return Buffer.concat([length, typed, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const raw = Buffer.alloc((width + 1) * height, 255);
  for (let y = 0; y < height; y += 1) raw[y * (width + 1)] = 0; // filter: none
  for (let x = 0; x < width; x += 1) {
    const y = Math.round(height / 2 + (height / 3) * Math.sin(x / 9));
    raw[y * (width + 1) + 1 + x] = 0;
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const sheet = (attendees: AttendanceSheet['attendees']): AttendanceSheet => ({
  schoolName: 'Fahrschule Süd',
  branchName: 'Filiale Kiel',
  room: 'Schulungsraum 2',
  additional: false,
  lessonNumber: 3,
  licenseClasses: [],
  topic: 'Rechtliche Rahmenbedingungen',
  instructorName: 'Jonas Weber',
  date: '2026-11-26',
  startTime: '18:00',
  minutes: 90,
  attendees,
  printedAt: new Date('2026-11-26T19:00:00Z'),
});

describe('the attendance record of a theory lesson', () => {
  it('writes a PDF with the lesson, every attendee and whether they signed', async () => {
    const signature = signaturePng(300, 80);
    const pdf = await attendancePdf(
      sheet([
        {
          firstName: 'Jürgen',
          lastName: 'Weiß-Schäfer',
          licenseClass: 'B',
          signature,
          signedAt: new Date('2026-11-26T17:35:00Z'),
        },
        { firstName: 'Özlem', lastName: 'Groß', licenseClass: 'A' },
      ]),
      { compress: false },
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const shown of [
      'Teilnahmenachweis Theorieunterricht',
      'Fahrschule Süd',
      'Filiale Kiel, Schulungsraum 2',
      'Grundstoff, Lektion 3',
      'Rechtliche Rahmenbedingungen',
      'Jonas Weber',
      'Donnerstag, 26.11.2026',
      '18:00–19:30 Uhr (90 Minuten)',
      'Weiß-Schäfer',
      'Jürgen',
      'Groß',
      'Özlem',
      'nicht unterschrieben',
      // 17:35 UTC is 18:35 in Berlin.
      '26.11.2026, 18:35 Uhr',
      '2 Teilnehmer, davon 1 unterschrieben.',
      'Seite 1 von 1',
    ]) {
      expect(text).toContain(shown);
    }
    // The signature is embedded as an image of its own size.
    expect(pdf.toString('latin1')).toMatch(/\/Subtype \/Image[\s\S]*?\/Width 300/);
  });

  it('repeats the table header on every page and numbers the pages', async () => {
    const attendees = Array.from({ length: 45 }, (_, i) => ({
      firstName: 'Lea',
      lastName: `Krämer${i}`,
      licenseClass: 'B',
      signature: signaturePng(120, 40),
      signedAt: new Date('2026-11-26T17:35:00Z'),
    }));
    const pdf = await attendancePdf(sheet(attendees), { compress: false });
    const text = pdfText(pdf);
    const pages = Number(/Seite 1 von (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(1);
    expect(text.split('Unterschrieben am').length - 1).toBe(pages);
    expect(text).toContain(`Seite ${pages} von ${pages}`);
    expect(text).toContain('Krämer44');
    // The definition itself: the attendee table (after the details) has one header row and
    // keeps each row whole.
    const tables = (attendanceDocument(sheet(attendees)).content as { table?: unknown }[])
      .map((item) => item.table)
      .filter(Boolean);
    expect(tables[1]).toMatchObject({ headerRows: 1, dontBreakRows: true });
  });

  it('says so when nobody is booked, and compresses by default', async () => {
    const empty = await attendancePdf(sheet([]), { compress: false });
    expect(pdfText(empty)).toContain('Keine Teilnehmer gebucht.');
    const compressed = await attendancePdf(sheet([]));
    expect(compressed.subarray(0, 5).toString()).toBe('%PDF-');
    expect(compressed.toString('latin1')).toContain('/FlateDecode');
    expect(compressed.toString('latin1')).not.toContain('Teilnehmer');
    expect(pdfText(compressed)).toContain('Keine Teilnehmer gebucht.');
  });

  it('names the syllabus, the end time and the day in German', () => {
    expect(syllabusLabel({ additional: true, lessonNumber: 1, licenseClasses: ['B', 'BE'] })).toBe(
      'Zusatzstoff Klasse B, BE, Lektion 1',
    );
    expect(endTime('18:00', 90)).toBe('19:30');
    expect(endTime('23:00', 90)).toBe('23:59');
    expect(germanDate('2026-03-29')).toBe('Sonntag, 29.03.2026');
  });
});
