import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  financialConfigs,
  masterData,
  storedFiles,
  studentDocuments,
  studentEducations,
  trainingContracts,
} from '../../db/schema';
import { DRIVERS, expectError, type TestApp, useTestApp } from '../../test/test-app';
import { SIGNATURE_MAX_BYTES } from '../appointments/driving-lessons';
import { price, priceList, product } from '../prices/price-fixtures';
import { addDays, berlinToday } from '../resources/kit';
import {
  createEducation,
  createStudent,
  fixtures,
  PDF_BYTES,
  PNG_BYTES,
  type StudentFixtures,
  secondSchool,
} from '../students/students.test-kit';
import { addonsCheckboxText, gdprCheckboxText, minorOn } from './training-contract';

/*
 * The training contract of an education: the signature uploads (PNG only, 1 MB, re-signing
 * replaces), the parent rule (under 18 on the signing day; no birth date: not required but
 * taken), the two checkbox texts, the signed PDF (refused until complete, then kept as a
 * student document and answered), tenant isolation. On PGlite and PostgreSQL.
 */

type Contract = {
  studentEducationId: number;
  studentId: number;
  licenseClass: string;
  studentSignedAt?: string;
  parentSignedAt?: string;
  parentSignatureRequired: boolean;
  parentSignatureAllowed: boolean;
  signed: boolean;
  documentId?: number;
};

/** A PNG of a drawn line with a transparent background (as the tablet's pad sends). */
function signaturePng(width = 240, height = 80): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 4);
    for (let x = 0; x < width; x += 1) {
      const curve = height / 2 + Math.sin(x / 14) * (height / 4) * Math.cos(x / 60);
      if (Math.abs(y - curve) < 1.6) {
        row.writeUInt32BE(0x111827ff, 1 + x * 4);
      }
    }
    rows.push(row);
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The text `pdftotext` reads from the PDF (poppler, as a person's viewer would). */
function pdfToText(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fw-contract-'));
  try {
    const file = path.join(dir, 'vertrag.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A birth date `years` years before today (Berlin), shifted by `days`. */
const bornYearsAgo = (years: number, days = 0) => {
  const today = berlinToday();
  const shifted = `${String(Number(today.slice(0, 4)) - years).padStart(4, '0')}${today.slice(4)}`;
  // 29 February of a year without one: the day after.
  const valid = Number.isNaN(Date.parse(`${shifted}T00:00:00Z`))
    ? addDays(shifted.replace(/-29$/, '-28'), 1)
    : shifted;
  return addDays(valid, days);
};

describe('the parent rule and the checkbox texts', () => {
  it('counts a student as a minor until the 18th birthday', () => {
    expect(minorOn('2008-06-15', '2026-06-14')).toBe(true);
    expect(minorOn('2008-06-15', '2026-06-15')).toBe(false);
    expect(minorOn('1990-01-01', '2026-06-15')).toBe(false);
    // Born on 29 February: of age on 1 March in a year without one.
    expect(minorOn('2008-02-29', '2026-02-28')).toBe(true);
    expect(minorOn('2008-02-29', '2026-03-01')).toBe(false);
    // No birth date: taken as an adult.
    expect(minorOn(undefined, '2026-06-15')).toBe(false);
    expect(minorOn(null, '2026-06-15')).toBe(false);
  });

  it('names the booked add-ons with their prices, or says none are booked', () => {
    expect(addonsCheckboxText([])).toBe(
      'Ich habe zur Kenntnis genommen, dass für diese Ausbildung keine Zusatzleistungen gebucht sind.',
    );
    expect(
      addonsCheckboxText([
        { name: 'Intensivkurs', quantity: 1, price: 4_900 },
        { name: 'Erste-Hilfe-Kurs', quantity: 2, price: 2_500 },
      ]),
    ).toBe(
      'Ich habe die gebuchten Zusatzleistungen (Intensivkurs: 49,00 €; Erste-Hilfe-Kurs: 2 × 25,00 €) zur Kenntnis genommen und bin mit ihnen einverstanden.',
    );
  });

  it('links privacy notice and terms only where the school set a usable URL', () => {
    expect(
      gdprCheckboxText({
        gdprUrl: 'https://fahrschule.de/datenschutz',
        termsUrl: 'https://fahrschule.de/agb',
      }),
    ).toBe(
      'Ich habe die Datenschutzerklärung der Fahrschule (https://fahrschule.de/datenschutz) zur Kenntnis genommen und bin mit den Allgemeinen Geschäftsbedingungen der Fahrschule (https://fahrschule.de/agb) einverstanden.',
    );
    expect(gdprCheckboxText({ gdprUrl: 'https://fahrschule.de/datenschutz' })).toBe(
      'Ich habe die Datenschutzerklärung der Fahrschule (https://fahrschule.de/datenschutz) zur Kenntnis genommen.',
    );
    const none = gdprCheckboxText({ gdprUrl: null, termsUrl: 'fahrschule.de/agb' });
    expect(none).toBe(
      'Ich habe die Datenschutzhinweise der Fahrschule erhalten und zur Kenntnis genommen.',
    );
    expect(none).not.toMatch(/https?:|\(\)/);
  });
});

describe.each(DRIVERS)('training contracts (%s)', (driver) => {
  const t: TestApp = useTestApp(driver);
  let f: StudentFixtures;
  beforeAll(async () => {
    f = await fixtures(t);
  });

  const PNG = signaturePng();

  const state = (educationId: number, token = f.owner) =>
    t.call<Contract>('GET', `/training-contract/${educationId}`, { token });
  const sign = (
    who: 'student' | 'parent',
    educationId: number,
    bytes: Buffer = PNG,
    options: { token?: string; mimeType?: string } = {},
  ) =>
    t.call<Contract>('POST', `/training-contract/upload-${who}-signature`, {
      token: options.token ?? f.owner,
      query: { studentEducationId: educationId },
      multipart: {
        files: [
          {
            field: 'file',
            fileName: 'unterschrift.png',
            mimeType: options.mimeType ?? 'image/png',
            bytes,
          },
        ],
      },
    });
  const pdf = (educationId: number, token = f.owner) =>
    t.call('GET', `/training-contract/${educationId}/signed-pdf`, { token });
  const text = (which: 'addons' | 'gdpr-url', educationId: number, token = f.owner) =>
    t.call<{ value: string }>('GET', `/training-contract/get-${which}-checkbox-text`, {
      token,
      query: { studentEducationId: educationId },
    });

  async function educationFor(overrides: Record<string, unknown>, education = {}) {
    const studentId = await createStudent(t, f, overrides);
    return { studentId, educationId: await createEducation(t, f, studentId, education) };
  }

  const contractRow = async (educationId: number) =>
    (
      await t.database.db
        .select()
        .from(trainingContracts)
        .where(eq(trainingContracts.studentEducationId, educationId))
    )[0];
  const filesExist = async (ids: number[]) =>
    (
      await t.database.db
        .select({ id: storedFiles.id })
        .from(storedFiles)
        .where(inArray(storedFiles.id, ids))
    ).map((row) => row.id);

  it('takes an adult student’s signature, keeps the PDF as a document and replaces on re-signing', async () => {
    const { studentId, educationId } = await educationFor({
      firstName: 'Jürgen',
      lastName: 'Müßig',
      birthDate: '1990-03-01',
      address: {
        street: 'Königsallee',
        houseNumber: '12',
        postalCode: '40212',
        city: 'Düsseldorf',
        country: 'DE',
      },
    });
    const before = await state(educationId);
    expect(before.status, before.raw).toBe(200);
    expect(before.body).toEqual({
      studentEducationId: educationId,
      studentId,
      licenseClass: 'B',
      parentSignatureRequired: false,
      parentSignatureAllowed: false,
      signed: false,
    });
    expectError(await pdf(educationId), 422, 'errors.training_contract_not_signed');

    const started = Date.now();
    const signed = await sign('student', educationId);
    expect(signed.status, signed.raw).toBe(200);
    expect(signed.body).toMatchObject({ signed: true, parentSignatureRequired: false });
    expect(Date.parse(signed.body.studentSignedAt as string)).toBeGreaterThanOrEqual(
      started - 1000,
    );
    expect(signed.body.parentSignedAt).toBeUndefined();
    expect(signed.body.documentId).toEqual(expect.any(Number));
    expect((await state(educationId)).body).toEqual(signed.body);

    // An adult's contract takes no parent's signature.
    expectError(await sign('parent', educationId), 422, 'errors.parent_signature_not_needed');

    const answer = await pdf(educationId);
    expect(answer.status, answer.raw.slice(0, 200)).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(String(answer.headers['content-disposition'])).toMatch(/^inline; filename=/);
    expect(answer.bytes.subarray(0, 4).toString()).toBe('%PDF');
    const shown = pdfToText(answer.bytes);
    for (const part of [
      'Ausbildungsvertrag',
      'Jürgen Müßig',
      '01.03.1990',
      'Königsallee 12',
      '40212 Düsseldorf',
      'Unterschrift Fahrschüler/in',
      'Es sind keine Zusatzleistungen gebucht.',
      'Seite 1 von',
    ]) {
      expect(shown).toContain(part);
    }
    expect(shown).not.toContain('Erziehungsberechtigte');

    // The PDF is the student's TRAINING_CONTRACT document, generated and visible.
    const documents = await t.call<
      Array<{ id: number; type: string; generated: boolean; visible: boolean }>
    >('GET', `/student-documents/student/${studentId}`, { token: f.owner });
    expect(documents.status, documents.raw).toBe(200);
    expect(documents.body).toEqual([
      expect.objectContaining({
        id: signed.body.documentId,
        type: 'TRAINING_CONTRACT',
        generated: true,
        visible: true,
        studentEducationId: educationId,
      }),
    ]);

    // Signing again replaces the signature (file and time) and makes the PDF anew.
    const first = await contractRow(educationId);
    const [firstDocument] = await t.database.db
      .select({ fileId: studentDocuments.fileId })
      .from(studentDocuments)
      .where(eq(studentDocuments.id, signed.body.documentId as number));
    const again = await sign('student', educationId);
    expect(again.status, again.raw).toBe(200);
    expect(again.body.documentId).toBe(signed.body.documentId);
    expect(Date.parse(again.body.studentSignedAt as string)).toBeGreaterThanOrEqual(
      Date.parse(signed.body.studentSignedAt as string),
    );
    const second = await contractRow(educationId);
    const [secondDocument] = await t.database.db
      .select({ fileId: studentDocuments.fileId })
      .from(studentDocuments)
      .where(eq(studentDocuments.id, signed.body.documentId as number));
    expect(second?.studentSignatureFileId).not.toBe(first?.studentSignatureFileId);
    expect(secondDocument?.fileId).not.toBe(firstDocument?.fileId);
    const gone = [first?.studentSignatureFileId, firstDocument?.fileId] as number[];
    expect(await filesExist(gone)).toEqual([]);
    const kept = [second?.studentSignatureFileId, secondDocument?.fileId] as number[];
    expect((await filesExist(kept)).sort()).toEqual([...kept].sort());
    // The kept signature is the bytes sent, with their SHA-256.
    const [file] = await t.database.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.id, second?.studentSignatureFileId as number));
    expect(file).toMatchObject({ mimeType: 'image/png', size: PNG.length });
    expect(file?.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('needs a parent for a minor: the PDF is refused until the parent signed', async () => {
    const { educationId } = await educationFor({
      firstName: 'Mia',
      lastName: 'Özdemir',
      birthDate: bornYearsAgo(16),
    });
    expect((await state(educationId)).body).toMatchObject({
      parentSignatureRequired: true,
      parentSignatureAllowed: true,
      signed: false,
    });
    const student = await sign('student', educationId);
    expect(student.status, student.raw).toBe(200);
    expect(student.body).toMatchObject({ signed: false, parentSignatureRequired: true });
    expect(student.body.documentId).toBeUndefined();
    expectError(await pdf(educationId), 422, 'errors.training_contract_not_signed');

    const parent = await sign('parent', educationId);
    expect(parent.status, parent.raw).toBe(200);
    expect(parent.body).toMatchObject({ signed: true, parentSignatureRequired: true });
    expect(parent.body.parentSignedAt).toEqual(expect.any(String));
    expect(parent.body.documentId).toEqual(expect.any(Number));

    const answer = await pdf(educationId);
    expect(answer.status).toBe(200);
    const shown = pdfToText(answer.bytes);
    expect(shown).toContain('Mia Özdemir');
    expect(shown).toContain('Unterschrift Fahrschüler/in');
    expect(shown).toContain('Unterschrift Erziehungsberechtigte/r');
    expect(shown).toMatch(/Unterschrieben am \d{2}\.\d{2}\.\d{4} \d{2}:\d{2} Uhr/);

    // A parent signing again replaces their signature only.
    const before = await contractRow(educationId);
    expect((await sign('parent', educationId)).status).toBe(200);
    const after = await contractRow(educationId);
    expect(after?.parentSignatureFileId).not.toBe(before?.parentSignatureFileId);
    expect(after?.studentSignatureFileId).toBe(before?.studentSignatureFileId);
    expect(await filesExist([before?.parentSignatureFileId as number])).toEqual([]);
  });

  it('counts the 18th birthday as of age and the day before as a minor', async () => {
    const ofAge = await educationFor({ birthDate: bornYearsAgo(18) });
    expect((await state(ofAge.educationId)).body).toMatchObject({
      parentSignatureRequired: false,
    });
    const dayBefore = await educationFor({ birthDate: bornYearsAgo(18, 1) });
    expect((await state(dayBefore.educationId)).body).toMatchObject({
      parentSignatureRequired: true,
    });
  });

  it('takes a student without a birth date as an adult, and a parent’s signature too', async () => {
    const { educationId } = await educationFor({ birthDate: undefined });
    expect((await state(educationId)).body).toMatchObject({
      parentSignatureRequired: false,
      parentSignatureAllowed: true,
    });
    const student = await sign('student', educationId);
    expect(student.body).toMatchObject({ signed: true });
    const parent = await sign('parent', educationId);
    expect(parent.status, parent.raw).toBe(200);
    expect(parent.body).toMatchObject({ signed: true, parentSignatureAllowed: true });
    expect(pdfToText((await pdf(educationId)).bytes)).toContain(
      'Unterschrift Erziehungsberechtigte/r',
    );
  });

  it('refuses what is no signature PNG, too large, archived, unknown or not permitted', async () => {
    // The demo's instructor sees their own students (visibility OWN).
    const { educationId } = await educationFor({
      birthDate: '1995-07-20',
      instructorId: f.instructorId,
    });
    const typeError = (response: Awaited<ReturnType<typeof sign>>) =>
      expect(expectError(response, 422, 'errors.validation').fieldErrors).toEqual([
        { field: 'file', error: 'validation.file_type' },
      ]);
    // A PDF, whatever the client calls it; a JPEG; a PNG header with broken data.
    typeError(await sign('student', educationId, PDF_BYTES));
    typeError(await sign('student', educationId, PDF_BYTES, { mimeType: 'application/pdf' }));
    typeError(
      await sign('student', educationId, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70]), {
        mimeType: 'image/jpeg',
      }),
    );
    const broken = Buffer.concat([PNG.subarray(0, 33), Buffer.from('keine Bilddaten')]);
    typeError(await sign('student', educationId, broken));
    // A PNG sent as something else.
    typeError(await sign('student', educationId, PNG_BYTES, { mimeType: 'image/jpeg' }));
    const large = Buffer.concat([PNG, Buffer.alloc(SIGNATURE_MAX_BYTES)]);
    expectError(await sign('student', educationId, large), 413, 'errors.file_too_large');
    const empty = await t.call('POST', '/training-contract/upload-student-signature', {
      token: f.owner,
      query: { studentEducationId: educationId },
      multipart: { fields: { note: 'ohne Datei' } },
    });
    expect(empty.status, empty.raw).toBe(422);
    // Nothing was kept.
    expect(await contractRow(educationId)).toBeUndefined();

    expectError(await sign('student', 999_999), 404, 'errors.not_found');
    // The demo's instructor reads students (MODULE_CUSTOMERS) but does not change them.
    expectError(
      await sign('student', educationId, PNG, { token: f.instructor }),
      403,
      'errors.forbidden',
    );
    expect((await state(educationId, f.instructor)).status).toBe(200);

    await t.database.db
      .update(studentEducations)
      .set({ archived: true })
      .where(eq(studentEducations.id, educationId));
    expectError(await sign('student', educationId), 422, 'errors.education_archived');
  });

  it('names the booked add-ons, the privacy and terms links, and prints the prices', async () => {
    const list = await priceList(t, f.owner);
    const basic = await product(t, f.owner, { type: 'BASIC_FEE', name: 'Grundbetrag Klasse B' });
    const lesson = await product(t, f.owner, {
      type: 'DRIVING_LESSON',
      name: 'Übungsfahrt',
      hourType: 'NORMAL',
      duration: 45,
    });
    const night = await product(t, f.owner, {
      type: 'DRIVING_LESSON',
      name: 'Nachtfahrt',
      hourType: 'NIGHT',
      duration: 45,
    });
    const exam = await product(t, f.owner, {
      type: 'DRIVING_LESSON',
      name: 'Vorstellung zur praktischen Prüfung',
      hourType: 'EXAM_PRESENTATION',
    });
    const intensive = await product(t, f.owner, { name: 'Intensivkurs' });
    const firstAid = await product(t, f.owner, { name: 'Erste-Hilfe-Kurs' });
    for (const [row, cents] of [
      [basic, 39_900],
      [lesson, 6_500],
      [night, 7_900],
      [exam, 18_900],
      [intensive, 4_900],
      [firstAid, 2_500],
    ] as const) {
      await price(t, f.owner, { priceListId: list.id, productId: row.id, price: cents });
    }
    const { studentId, educationId } = await educationFor(
      {
        firstName: 'Lea',
        lastName: 'Schäfer',
        birthDate: '2000-01-31',
        instructorId: f.instructorId,
      },
      { priceListId: list.id },
    );

    const noAddOns = await text('addons', educationId);
    expect(noAddOns.status, noAddOns.raw).toBe(200);
    expect(noAddOns.body.value).toBe(addonsCheckboxText([]));
    const booked = await t.call('POST', '/products/book-addons', {
      token: f.owner,
      query: { studentId },
      body: {
        studentEducationId: educationId,
        addOns: [{ productId: intensive.id }, { productId: firstAid.id, quantity: 2 }],
      },
    });
    expect(booked.status, booked.raw).toBe(201);
    expect((await text('addons', educationId)).body.value).toBe(
      'Ich habe die gebuchten Zusatzleistungen (Intensivkurs: 49,00 €; Erste-Hilfe-Kurs: 2 × 25,00 €) zur Kenntnis genommen und bin mit ihnen einverstanden.',
    );

    // No links set: a sentence without a URL; then the school's links.
    await t.database.db
      .delete(financialConfigs)
      .where(eq(financialConfigs.drivingSchoolId, f.schoolId));
    const withoutLinks = await text('gdpr-url', educationId, f.instructor);
    expect(withoutLinks.status, withoutLinks.raw).toBe(200);
    expect(withoutLinks.body.value).not.toMatch(/https?:/);
    const saved = await t.call('PUT', '/financial-config/current', {
      token: f.owner,
      body: {
        gdprUrl: 'https://fahrschule-demo.de/datenschutz',
        termsUrl: 'https://fahrschule-demo.de/agb',
      },
    });
    expect(saved.status, saved.raw).toBe(200);
    const withLinks = (await text('gdpr-url', educationId)).body.value;
    expect(withLinks).toContain('(https://fahrschule-demo.de/datenschutz)');
    expect(withLinks).toContain('(https://fahrschule-demo.de/agb)');

    // The school's master data heads the contract.
    const schoolData = {
      responsiblePerson: 'Dörte Weiß',
      address: {
        street: 'Hauptstraße',
        houseNumber: '5',
        postalCode: '24103',
        city: 'Kiel',
        country: 'DE',
      },
    };
    await t.database.db
      .insert(masterData)
      .values({ drivingSchoolId: f.schoolId, ...schoolData })
      .onConflictDoUpdate({ target: masterData.drivingSchoolId, set: schoolData });
    expect((await sign('student', educationId)).body.signed).toBe(true);
    const shown = pdfToText((await pdf(educationId)).bytes).replace(/\s+/g, ' ');
    for (const part of [
      'Dörte Weiß',
      'Hauptstraße 5',
      '24103 Kiel',
      'Lea Schäfer',
      'Klasse B',
      'Grundbetrag Klasse B',
      '399,00 €',
      'Übungsfahrt je 45 Min. 65,00 €',
      'Nachtfahrt je 45 Min. 79,00 €',
      'Vorstellung zur Prüfung',
      '189,00 €',
      'Intensivkurs',
      'Erste-Hilfe-Kurs 2 25,00 € 50,00 €',
      'https://fahrschule-demo.de/datenschutz',
    ]) {
      expect(shown).toContain(part);
    }
  });

  it('keeps another school out', async () => {
    const { educationId } = await educationFor({ birthDate: '1999-09-09' });
    const other = await secondSchool(t, `contract-${driver}`);
    expectError(await state(educationId, other.token), 404, 'errors.not_found');
    expectError(
      await sign('student', educationId, PNG, { token: other.token }),
      404,
      'errors.not_found',
    );
    expectError(await text('addons', educationId, other.token), 404, 'errors.not_found');
    expectError(await text('gdpr-url', educationId, other.token), 404, 'errors.not_found');
    expectError(await pdf(educationId, other.token), 404, 'errors.not_found');
    const rows = await t.database.db
      .select()
      .from(trainingContracts)
      .where(
        and(
          eq(trainingContracts.drivingSchoolId, other.schoolId),
          eq(trainingContracts.studentEducationId, educationId),
        ),
      );
    expect(rows).toEqual([]);
  });
});
