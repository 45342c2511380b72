import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { costBearerDocuments, costBearers, paymentDocuments, payments } from '../../db/schema';
import { createSchool } from '../../db/seed';
import {
  DEMO_INSTRUCTOR,
  DEMO_OFFICE,
  DEMO_OWNER,
  DRIVERS,
  expectError,
  TEST_JWT_SECRET,
  TEST_PUBLIC_URL,
  useTestApp,
} from '../../test/test-app';
import { schoolUploadToken } from './cost-bearer-files';

const PDF = Buffer.from('%PDF-1.4\n% Bewilligungsbescheid Jobcenter\n');
/** 1×1 PNG (uploads are checked by their content, so it must be a whole one). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwAFgwJ/lE4WJgAAAABJRU5ErkJggg==',
  'base64',
);

type CostBearer = { id: number; name: string; archived: boolean; balance: number };
type CostBearerDocument = {
  id: number;
  costBearerId: number;
  type: string;
  fileName: string;
  mimeType: string;
  size: number;
  generated: boolean;
  fromQrCode: boolean;
  uploadedByUserId?: number;
};

describe.each(DRIVERS)('cost bearers (%s)', (driver) => {
  const t = useTestApp(driver);
  let owner: string;
  let n = 0;

  beforeAll(async () => {
    owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
  });

  async function createCostBearer(body: Record<string, unknown> = {}, token = owner) {
    const response = await t.call<CostBearer>('POST', '/cost-bearers', {
      token,
      body: { kind: 'JOB_CENTER', name: `Jobcenter Köln ${++n}`, ...body },
    });
    expect(response.status, response.raw).toBe(201);
    return response.body;
  }

  const upload = (
    costBearerId: number,
    file: { fileName: string; mimeType: string; bytes: Buffer },
    token = owner,
    type = 'OTHER',
  ) =>
    t.call<CostBearerDocument>('POST', '/cost-bearer-documents', {
      token,
      multipart: { fields: { costBearerId, type }, files: [{ field: 'file', ...file }] },
    });

  const uploadLink = async (costBearerId: number) => {
    const response = await t.call<{ url: string }>(
      'GET',
      `/cost-bearer-documents/upload-url/${costBearerId}`,
      { token: owner },
    );
    expect(response.status, response.raw).toBe(200);
    const url = new URL(response.body.url);
    return {
      url,
      schoolToken: url.searchParams.get('schoolToken') ?? '',
      costBearerToken: url.searchParams.get('costBearerToken') ?? '',
    };
  };

  describe('master data', () => {
    it('creates, changes, searches and archives a cost bearer', async () => {
      const created = await createCostBearer({
        kind: 'EMPLOYMENT_AGENCY',
        name: 'Agentur für Arbeit Köln',
        contactPerson: 'Frau Yilmaz',
        customerNumber: 'BGS-4711',
      });
      expect(created).toMatchObject({ archived: false, balance: 0, eInvoiceFormat: 'PDF' });
      expect(created).not.toHaveProperty('uploadToken');
      const changed = await t.call<CostBearer>('PUT', `/cost-bearers/${created.id}`, {
        token: owner,
        body: { kind: 'EMPLOYMENT_AGENCY', name: 'Agentur für Arbeit Köln-Süd' },
      });
      expect(changed.status, changed.raw).toBe(200);
      expect(changed.body.name).toBe('Agentur für Arbeit Köln-Süd');
      const found = await t.call<{ data: CostBearer[]; total: number }>(
        'POST',
        '/cost-bearers/filter',
        { token: owner, body: { search: 'köln-süd', page: 0, size: 20 } },
      );
      expect(found.body.data.map((row) => row.id)).toEqual([created.id]);

      const archived = await t.call<CostBearer>('POST', '/cost-bearers/archive', {
        token: owner,
        query: { id: created.id, archived: true },
      });
      expect(archived.body.archived).toBe(true);
      const active = await t.call<{ data: CostBearer[] }>('POST', '/cost-bearers/filter', {
        token: owner,
        body: { search: 'köln-süd', archived: false, page: 0, size: 20 },
      });
      expect(active.body.data).toEqual([]);
      const back = await t.call<CostBearer>('POST', '/cost-bearers/archive', {
        token: owner,
        query: { id: created.id, archived: false },
      });
      expect(back.body.archived).toBe(false);
    });

    it('needs a Leitweg-ID for XRechnung and a name', async () => {
      const missing = await t.call('POST', '/cost-bearers', {
        token: owner,
        body: { kind: 'JOB_CENTER', name: 'Jobcenter Bonn', eInvoiceFormat: 'XRECHNUNG' },
      });
      expect(expectError(missing, 422, 'errors.validation').fieldErrors).toEqual([
        { field: 'leitwegId', error: 'validation.required' },
      ]);
      const ok = await createCostBearer({
        eInvoiceFormat: 'XRECHNUNG',
        leitwegId: '991-33333TEST-33',
      });
      expect(ok.id).toBeGreaterThan(0);
      const noName = await t.call('POST', '/cost-bearers', {
        token: owner,
        body: { kind: 'PERSON', name: '' },
      });
      expect(expectError(noName, 422, 'errors.validation').fieldErrors[0]?.field).toBe('name');
    });

    it('keeps instructors (no cost-bearer module) out and the office in', async () => {
      const instructor = await t.signIn(DEMO_INSTRUCTOR.email, DEMO_INSTRUCTOR.password);
      const bearer = await createCostBearer();
      expect(
        (await t.call('GET', `/cost-bearers/${bearer.id}`, { token: instructor })).status,
      ).toBe(403);
      expect(
        (await t.call('GET', `/cost-bearers/balance/${bearer.id}`, { token: instructor })).status,
      ).toBe(403);
      const office = await t.signIn(DEMO_OFFICE.email, DEMO_OFFICE.password);
      const uploaded = await upload(
        bearer.id,
        { fileName: 'brief.pdf', mimeType: 'application/pdf', bytes: PDF },
        office,
      );
      expect(uploaded.status, uploaded.raw).toBe(201);
    });
  });

  describe('notes', () => {
    it('writes, changes and deletes notes; the cost bearer of a note never changes', async () => {
      const bearer = await createCostBearer();
      const other = await createCostBearer();
      const created = await t.call<{ id: number; text: string; authorName: string }>(
        'POST',
        '/cost-bearer-note',
        { token: owner, body: { costBearerId: bearer.id, text: 'Bildungsgutschein liegt vor' } },
      );
      expect(created.status, created.raw).toBe(201);
      expect(created.body.authorName).toContain(' ');
      const list = await t.call<{ id: number }[]>(
        'GET',
        `/cost-bearer-note/cost-bearer/${bearer.id}`,
        { token: owner },
      );
      expect(list.body.map((row) => row.id)).toEqual([created.body.id]);
      const moved = await t.call('PUT', `/cost-bearer-note/${created.body.id}`, {
        token: owner,
        body: { costBearerId: other.id, text: 'verschoben' },
      });
      expect(expectError(moved, 422, 'errors.validation').fieldErrors[0]?.error).toBe(
        'validation.immutable',
      );
      const changed = await t.call<{ text: string }>(
        'PUT',
        `/cost-bearer-note/${created.body.id}`,
        {
          token: owner,
          body: { costBearerId: bearer.id, text: 'Gutschein bis 31.12. gültig' },
        },
      );
      expect(changed.body.text).toBe('Gutschein bis 31.12. gültig');
      expect(
        (await t.call('DELETE', `/cost-bearer-note/${created.body.id}`, { token: owner })).status,
      ).toBe(204);
      const empty = await t.call<unknown[]>('GET', `/cost-bearer-note/cost-bearer/${bearer.id}`, {
        token: owner,
      });
      expect(empty.body).toEqual([]);
    });
  });

  describe('documents', () => {
    it('uploads, lists, downloads and deletes a document', async () => {
      const bearer = await createCostBearer();
      const uploaded = await upload(
        bearer.id,
        { fileName: 'Bewilligung.pdf', mimeType: 'application/pdf', bytes: PDF },
        owner,
        'EDUCATION_VOUCHER',
      );
      expect(uploaded.status, uploaded.raw).toBe(201);
      expect(uploaded.body).toMatchObject({
        costBearerId: bearer.id,
        type: 'EDUCATION_VOUCHER',
        fileName: 'Bewilligung.pdf',
        mimeType: 'application/pdf',
        size: PDF.length,
        generated: false,
        fromQrCode: false,
      });
      expect(uploaded.body.uploadedByUserId).toBeGreaterThan(0);
      const image = await upload(bearer.id, {
        fileName: 'foto.png',
        mimeType: 'image/png',
        bytes: PNG,
      });
      expect(image.status, image.raw).toBe(201);

      const list = await t.call<CostBearerDocument[]>(
        'GET',
        `/cost-bearer-documents/cost-bearer/${bearer.id}`,
        { token: owner },
      );
      expect(list.body.map((row) => row.id).sort()).toEqual(
        [uploaded.body.id, image.body.id].sort(),
      );

      const pdf = await t.call('GET', `/cost-bearer-documents/${uploaded.body.id}`, {
        token: owner,
      });
      expect(pdf.status).toBe(200);
      expect(pdf.headers['content-type']).toContain('application/pdf');
      expect(String(pdf.headers['content-disposition'])).toContain('Bewilligung.pdf');
      expect(Buffer.compare(pdf.bytes, PDF)).toBe(0);
      const png = await t.call('GET', `/cost-bearer-documents/${image.body.id}`, { token: owner });
      expect(png.headers['content-type']).toContain('image/png');
      expect(Buffer.compare(png.bytes, PNG)).toBe(0);

      expect(
        (await t.call('DELETE', `/cost-bearer-documents/${uploaded.body.id}`, { token: owner }))
          .status,
      ).toBe(204);
      expect(
        (await t.call('GET', `/cost-bearer-documents/${uploaded.body.id}`, { token: owner }))
          .status,
      ).toBe(404);
      const after = await t.call<CostBearerDocument[]>(
        'GET',
        `/cost-bearer-documents/cost-bearer/${bearer.id}`,
        { token: owner },
      );
      expect(after.body.map((row) => row.id)).toEqual([image.body.id]);
    });

    it('refuses other file types, a missing file and an unknown cost bearer', async () => {
      const bearer = await createCostBearer();
      const word = await upload(bearer.id, {
        fileName: 'brief.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        bytes: Buffer.from('PK…'),
      });
      expect(expectError(word, 422, 'errors.validation').fieldErrors).toEqual([
        { field: 'file', error: 'validation.file_type' },
      ]);
      const missing = await t.call('POST', '/cost-bearer-documents', {
        token: owner,
        multipart: { fields: { costBearerId: bearer.id } },
      });
      expect(expectError(missing, 422, 'errors.validation').fieldErrors[0]?.field).toBe('file');
      const unknown = await upload(999_999, {
        fileName: 'a.pdf',
        mimeType: 'application/pdf',
        bytes: PDF,
      });
      expectError(unknown, 404, 'errors.not_found');
    });

    it('refuses to remove the letterhead of uploaded documents with the German message', async () => {
      const bearer = await createCostBearer();
      const uploaded = await upload(bearer.id, {
        fileName: 'scan.pdf',
        mimeType: 'application/pdf',
        bytes: PDF,
      });
      const refused = await t.call('GET', `/cost-bearer-documents/${uploaded.body.id}`, {
        token: owner,
        query: { removeLetterhead: true },
      });
      expect(
        expectError(refused, 422, 'errors.letterhead_removal_not_allowed').fieldErrors,
      ).toEqual([]);
      const plain = await t.call('GET', `/cost-bearer-documents/${uploaded.body.id}`, {
        token: owner,
        query: { removeLetterhead: false },
      });
      expect(plain.status).toBe(200);
    });

    it('keeps a generated document of an issued invoice', async () => {
      const bearer = await createCostBearer();
      const uploaded = await upload(bearer.id, {
        fileName: 'Rechnung.pdf',
        mimeType: 'application/pdf',
        bytes: PDF,
      });
      const { db } = t.database;
      await db
        .update(costBearerDocuments)
        .set({ generated: true })
        .where(eq(costBearerDocuments.id, uploaded.body.id));
      await db.insert(paymentDocuments).values({
        drivingSchoolId: t.demo.schoolId,
        type: 'COST_BEARER_INVOICE',
        status: 'ISSUED',
        number: `KT-${bearer.id}`,
        costBearerId: bearer.id,
        recipientName: bearer.name,
        issueDate: '2026-03-01',
        issuedAt: new Date('2026-03-01T10:00:00Z'),
        totalNet: 10_000,
        totalVat: 1_900,
        totalGross: 11_900,
      });
      expectError(
        await t.call('DELETE', `/cost-bearer-documents/${uploaded.body.id}`, { token: owner }),
        422,
        'errors.document_in_use',
      );
    });
  });

  describe('QR-code upload page', () => {
    it('makes one stable link and accepts files through it without sign-in', async () => {
      const bearer = await createCostBearer();
      const first = await uploadLink(bearer.id);
      const second = await uploadLink(bearer.id);
      expect(first.url.toString()).toBe(second.url.toString());
      expect(first.url.origin).toBe(new URL(TEST_PUBLIC_URL).origin);
      expect(first.url.pathname).toBe('/payers/upload-qrcode-document');
      expect(first.schoolToken).toBe(schoolUploadToken(TEST_JWT_SECRET, t.demo.schoolId));
      expect(first.costBearerToken).toMatch(/^[A-Za-z0-9_-]{16,128}$/);

      const sent = await t.call(
        'POST',
        `/public/cost-bearer-documents/${first.schoolToken}/${first.costBearerToken}`,
        {
          multipart: {
            fields: { type: 'EDUCATION_VOUCHER' },
            files: [
              {
                field: 'file',
                fileName: 'Kostenzusage.pdf',
                mimeType: 'application/pdf',
                bytes: PDF,
              },
            ],
          },
        },
      );
      expect(sent.status, sent.raw).toBe(204);
      const list = await t.call<CostBearerDocument[]>(
        'GET',
        `/cost-bearer-documents/cost-bearer/${bearer.id}`,
        { token: owner },
      );
      expect(list.body).toHaveLength(1);
      expect(list.body[0]).toMatchObject({
        fileName: 'Kostenzusage.pdf',
        type: 'EDUCATION_VOUCHER',
        fromQrCode: true,
      });
      expect(list.body[0]).not.toHaveProperty('uploadedByUserId');
      const download = await t.call('GET', `/cost-bearer-documents/${list.body[0]?.id}`, {
        token: owner,
      });
      expect(Buffer.compare(download.bytes, PDF)).toBe(0);
    });

    it('answers 404 for forged tokens and archived cost bearers, 422 for other types', async () => {
      const bearer = await createCostBearer();
      const link = await uploadLink(bearer.id);
      const send = (schoolToken: string, costBearerToken: string, mimeType = 'application/pdf') =>
        t.call('POST', `/public/cost-bearer-documents/${schoolToken}/${costBearerToken}`, {
          multipart: {
            files: [{ field: 'file', fileName: 'x.pdf', mimeType, bytes: PDF }],
          },
        });
      expectError(await send('A'.repeat(32), link.costBearerToken), 404, 'errors.not_found');
      expectError(await send(link.schoolToken, 'B'.repeat(32)), 404, 'errors.not_found');
      // The school token of another school does not open this school's cost bearer.
      expectError(
        await send(schoolUploadToken(TEST_JWT_SECRET, t.demo.schoolId + 1), link.costBearerToken),
        404,
        'errors.not_found',
      );
      const wrongType = await send(link.schoolToken, link.costBearerToken, 'text/html');
      expect(expectError(wrongType, 422, 'errors.validation').fieldErrors[0]?.error).toBe(
        'validation.file_type',
      );
      await t.call('POST', '/cost-bearers/archive', {
        token: owner,
        query: { id: bearer.id, archived: true },
      });
      expectError(await send(link.schoolToken, link.costBearerToken), 404, 'errors.not_found');
      const list = await t.call<unknown[]>(
        'GET',
        `/cost-bearer-documents/cost-bearer/${bearer.id}`,
        {
          token: owner,
        },
      );
      expect(list.body).toEqual([]);
    });
  });

  describe('balance', () => {
    it('is paid minus invoiced over issued invoices and settled payments', async () => {
      const bearer = await createCostBearer();
      const empty = await t.call('GET', `/cost-bearers/balance/${bearer.id}`, { token: owner });
      expect(empty.body).toEqual({
        costBearerId: bearer.id,
        invoicedTotal: 0,
        paidTotal: 0,
        balance: 0,
      });
      const { db } = t.database;
      const schoolId = t.demo.schoolId;
      const base = {
        drivingSchoolId: schoolId,
        costBearerId: bearer.id,
        recipientName: bearer.name,
        issueDate: '2026-03-01',
        issuedAt: new Date('2026-03-01T10:00:00Z'),
      };
      await db.insert(paymentDocuments).values([
        // Counts: an issued invoice of 1190,00 €.
        {
          ...base,
          type: 'COST_BEARER_INVOICE',
          status: 'ISSUED',
          number: `B-${bearer.id}-1`,
          totalNet: 100_000,
          totalVat: 19_000,
          totalGross: 119_000,
        },
        // Not counted: a draft and a payment request.
        {
          ...base,
          type: 'COST_BEARER_INVOICE',
          status: 'DRAFT',
          issueDate: null,
          issuedAt: null,
          totalNet: 50_000,
          totalVat: 0,
          totalGross: 50_000,
        },
        {
          ...base,
          type: 'PAYMENT_REQUEST',
          status: 'ISSUED',
          totalNet: 30_000,
          totalVat: 0,
          totalGross: 30_000,
        },
      ]);
      await db.insert(payments).values([
        {
          drivingSchoolId: schoolId,
          costBearerId: bearer.id,
          amount: 40_000,
          paymentDate: '2026-03-10',
          method: 'TRANSFER',
          status: 'PAID',
        },
        // Not settled: does not count.
        {
          drivingSchoolId: schoolId,
          costBearerId: bearer.id,
          amount: 9_999,
          paymentDate: '2026-03-11',
          method: 'TRANSFER',
          status: 'FAILED',
        },
      ]);
      const balance = await t.call('GET', `/cost-bearers/balance/${bearer.id}`, { token: owner });
      expect(balance.status, balance.raw).toBe(200);
      expect(balance.body).toEqual({
        costBearerId: bearer.id,
        invoicedTotal: 119_000,
        paidTotal: 40_000,
        balance: -79_000,
      });
      // The stored saldo the list sorts and filters by follows.
      const [stored] = await db
        .select({ balance: costBearers.balance })
        .from(costBearers)
        .where(and(eq(costBearers.drivingSchoolId, schoolId), eq(costBearers.id, bearer.id)));
      expect(stored?.balance).toBe(-79_000);
      const open = await t.call<{ data: CostBearer[] }>('POST', '/cost-bearers/filter', {
        token: owner,
        body: { withOpenBalance: true, page: 0, size: 200 },
      });
      expect(open.body.data.map((row) => row.id)).toContain(bearer.id);
    });
  });

  describe('tenant isolation', () => {
    let otherOwner: string;

    beforeAll(async () => {
      await createSchool(t.database.db, {
        name: 'Fahrschule Regenbogen',
        roles: [
          {
            name: 'Inhaber',
            type: 'OWNER',
            description: '',
            allow: ['MODULE_COST_BEARERS', 'MODULE_COST_BEARERS_WRITE', 'MODULE_CUSTOMERS'],
          },
        ],
        users: [
          {
            firstName: 'Rita',
            lastName: 'Regen',
            email: 'rita.kt@regenbogen.test',
            password: 'Regen#Bogen1',
            roles: ['Inhaber'],
            studentVisibility: 'ALL',
          },
        ],
      });
      otherOwner = await t.signIn('rita.kt@regenbogen.test', 'Regen#Bogen1');
    });

    it("never shows or changes another school's cost bearers, notes or documents", async () => {
      const bearer = await createCostBearer();
      const document = await upload(bearer.id, {
        fileName: 'intern.pdf',
        mimeType: 'application/pdf',
        bytes: PDF,
      });
      const note = await t.call<{ id: number }>('POST', '/cost-bearer-note', {
        token: owner,
        body: { costBearerId: bearer.id, text: 'intern' },
      });
      const foreign = { token: otherOwner };
      for (const path of [
        `/cost-bearers/${bearer.id}`,
        `/cost-bearers/balance/${bearer.id}`,
        `/cost-bearers/student-education-by-cost-bearer/${bearer.id}`,
        `/cost-bearer-note/cost-bearer/${bearer.id}`,
        `/cost-bearer-note/${note.body.id}`,
        `/cost-bearer-documents/cost-bearer/${bearer.id}`,
        `/cost-bearer-documents/${document.body.id}`,
        `/cost-bearer-documents/upload-url/${bearer.id}`,
      ]) {
        expectError(await t.call('GET', path, foreign), 404, 'errors.not_found');
      }
      expectError(
        await t.call('DELETE', `/cost-bearer-documents/${document.body.id}`, foreign),
        404,
        'errors.not_found',
      );
      expectError(
        await upload(
          bearer.id,
          { fileName: 'x.pdf', mimeType: 'application/pdf', bytes: PDF },
          otherOwner,
        ),
        404,
        'errors.not_found',
      );
      const list = await t.call<{ data: CostBearer[] }>('POST', '/cost-bearers/filter', {
        token: otherOwner,
        body: { page: 0, size: 200 },
      });
      expect(list.body.data.map((row) => row.id)).not.toContain(bearer.id);
      // The document is still there for its school.
      const mine = await t.call('GET', `/cost-bearer-documents/${document.body.id}`, {
        token: owner,
      });
      expect(mine.status).toBe(200);
    });
  });
});
