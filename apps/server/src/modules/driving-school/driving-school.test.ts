import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../../db/schema';
import { createSchool } from '../../db/seed';
import type { ErrorBody } from '../../http/contract-types';
import { DEMO_OFFICE, DEMO_OWNER, DRIVERS, expectError, useTestApp } from '../../test/test-app';
import { PERMISSION_KEYS } from '../session/permission-keys';
import { creditorIdChecks, ibanChecks } from './driving-school.resources';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const fieldsOf = (response: { body: unknown }) =>
  (response.body as ErrorBody).fieldErrors.map((e) => `${e.field}:${e.error}`);

const masterData = {
  name: 'Fahrschule Sonnenschein',
  email: 'info@sonnenschein.de',
  federalState: 'BE',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  creditorId: 'DE98ZZZ09999999999',
  vatId: 'DE123456789',
  website: 'https://sonnenschein.de',
  switches: {
    automaticExamOrganisationFees: true,
    bankFeeOnFailedLivePay: false,
    restrictedPlanningOnLowBalance: true,
    stampOnCertificates: false,
  },
};

describe('check digits', () => {
  it('accepts valid IBANs of SEPA countries and refuses changed ones', () => {
    expect(ibanChecks('DE89370400440532013000')).toBe(true);
    expect(ibanChecks('AT611904300234573201')).toBe(true);
    expect(ibanChecks('FR1420041010050500013M02606')).toBe(true);
    expect(ibanChecks('DE89370400440532013001')).toBe(false);
  });
  it('checks the creditor identifier without its business code', () => {
    expect(creditorIdChecks('DE98ZZZ09999999999')).toBe(true);
    // The business code (ZZZ) is not part of the check.
    expect(creditorIdChecks('DE98ABC09999999999')).toBe(true);
    expect(creditorIdChecks('DE97ZZZ09999999999')).toBe(false);
    expect(creditorIdChecks('DE98ZZZ09999999998')).toBe(false);
    expect(creditorIdChecks('98ZZZ09999999999')).toBe(false);
  });
});

describe.each(DRIVERS)('driving school (%s)', (driver) => {
  const t = useTestApp(driver);
  let owner: string;
  let office: string;
  beforeAll(async () => {
    owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    office = await t.signIn(DEMO_OFFICE.email, DEMO_OFFICE.password);
  });

  describe('master data', () => {
    it('stores every field and the four switches', async () => {
      const saved = await t.call('PUT', '/driving-schools/current/master-data', {
        token: owner,
        body: { ...masterData, taxOffice: 'Finanzamt Kreuzberg', accountingGroup: 'FS-01' },
      });
      expect(saved.status, saved.raw).toBe(200);
      const read = await t.call('GET', '/driving-schools/current/master-data', { token: owner });
      expect(read.body).toMatchObject({
        ...masterData,
        taxOffice: 'Finanzamt Kreuzberg',
        accountingGroup: 'FS-01',
      });
      const switches = await t.call('GET', '/driving-schools/current/switches', { token: owner });
      expect(switches.body).toMatchObject(masterData.switches);
    });

    it('refuses a creditor id with wrong check digits, with the German-translated key', async () => {
      const response = await t.call('PUT', '/driving-schools/current/master-data', {
        token: owner,
        body: { ...masterData, creditorId: 'DE97ZZZ09999999999' },
      });
      expectError(response, 422, 'errors.validation');
      expect(fieldsOf(response)).toEqual(['creditorId:validation.creditor_id']);
    });

    it('refuses a malformed BIC, VAT id and URL by the contract', async () => {
      for (const [field, value] of [
        ['bic', 'COBADE'],
        ['vatId', 'DE12345678'],
        ['website', 'sonnenschein.de'],
      ] as const) {
        const response = await t.call('PUT', '/driving-schools/current/master-data', {
          token: owner,
          body: { ...masterData, [field]: value },
        });
        expect(response.status, `${field}: ${response.raw}`).toBe(422);
        expect(fieldsOf(response).some((entry) => entry.startsWith(field))).toBe(true);
      }
    });

    it('is read-only for the office without company write', async () => {
      const response = await t.call('PUT', '/driving-schools/current/master-data', {
        token: office,
        body: masterData,
      });
      expect(response.status).toBe(403);
    });
  });

  describe('basic documents', () => {
    const upload = (
      kind: string,
      token: string,
      fileName: string,
      mimeType: string,
      bytes: Buffer,
    ) =>
      t.call('POST', `/driving-school-documents/${kind}/current`, {
        token,
        multipart: { files: [{ field: 'file', fileName, mimeType, bytes }] },
      });

    it('answers 404 and false while nothing is uploaded', async () => {
      const availability = await t.call(
        'GET',
        '/driving-school-documents/basic-documents-availability',
        {
          token: office,
        },
      );
      expect(availability.body).toEqual({ letterhead: false, signature: false, logo: false });
      for (const kind of ['letterhead', 'signature', 'logo']) {
        expectError(
          await t.call('GET', `/driving-school-documents/${kind}/current`, { token: owner }),
          404,
          'errors.not_found',
        );
        expectError(
          await t.call('DELETE', `/driving-school-documents/${kind}/current`, { token: owner }),
          404,
          'errors.not_found',
        );
      }
    });

    it('uploads, downloads, replaces and removes the logo', async () => {
      const first = await upload('logo', owner, 'logo.png', 'image/png', PNG);
      expect(first.status, first.raw).toBe(200);
      expect(first.body).toMatchObject({
        fileName: 'logo.png',
        mimeType: 'image/png',
        size: PNG.length,
      });

      const download = await t.call('GET', '/driving-school-documents/logo/current', {
        token: office,
      });
      expect(download.status).toBe(200);
      expect(download.headers['content-type']).toContain('image/png');
      expect(download.bytes.equals(PNG)).toBe(true);

      const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
      const second = await upload('logo', owner, 'logo-neu.jpg', 'image/jpeg', jpeg);
      expect(second.status, second.raw).toBe(200);
      const replaced = await t.call('GET', '/driving-school-documents/logo/current', {
        token: owner,
      });
      expect(replaced.headers['content-type']).toContain('image/jpeg');
      expect(replaced.bytes.equals(jpeg)).toBe(true);
      // The replaced file is gone from the store.
      const firstId = (first.body as { id: number }).id;
      const old = await t.database.db.select().from(storedFiles).where(eq(storedFiles.id, firstId));
      expect(old).toEqual([]);

      const availability = await t.call(
        'GET',
        '/driving-school-documents/basic-documents-availability',
        {
          token: owner,
        },
      );
      expect(availability.body).toEqual({ letterhead: false, signature: false, logo: true });
      const current = await t.call('GET', '/driving-schools/current', { token: owner });
      expect(current.body).toMatchObject({ logo: { fileName: 'logo-neu.jpg' } });

      const removed = await t.call('DELETE', '/driving-school-documents/logo/current', {
        token: owner,
      });
      expect(removed.status).toBe(204);
      expectError(
        await t.call('GET', '/driving-school-documents/logo/current', { token: owner }),
        404,
        'errors.not_found',
      );
    });

    it('takes a PDF letterhead and a PNG signature, and refuses other types', async () => {
      expect(
        (await upload('letterhead', owner, 'briefbogen.pdf', 'application/pdf', PDF)).status,
      ).toBe(200);
      expect((await upload('signature', owner, 'unterschrift.png', 'image/png', PNG)).status).toBe(
        200,
      );
      const letterhead = await t.call('GET', '/driving-school-documents/letterhead/current', {
        token: owner,
      });
      expect(letterhead.headers['content-type']).toContain('application/pdf');
      expect(letterhead.bytes.equals(PDF)).toBe(true);

      const pdfSignature = await upload(
        'signature',
        owner,
        'unterschrift.pdf',
        'application/pdf',
        PDF,
      );
      expectError(pdfSignature, 422, 'errors.validation');
      expect(fieldsOf(pdfSignature)).toEqual(['file:validation.file_type']);
      const svgLogo = await upload(
        'logo',
        owner,
        'logo.svg',
        'image/svg+xml',
        Buffer.from('<svg/>'),
      );
      expect(fieldsOf(svgLogo)).toEqual(['file:validation.file_type']);
      // The refused upload left the signature as it was.
      const signature = await t.call('GET', '/driving-school-documents/signature/current', {
        token: owner,
      });
      expect(signature.bytes.equals(PNG)).toBe(true);
    });

    it('refuses files above 5 MB and uploads without a file', async () => {
      const big = Buffer.alloc(5 * 1024 * 1024 + 1, 1);
      expectError(
        await upload('logo', owner, 'gross.png', 'image/png', big),
        413,
        'errors.file_too_large',
      );
      const empty = await t.call('POST', '/driving-school-documents/logo/current', {
        token: owner,
        multipart: { fields: { note: 'x' } },
      });
      expect(empty.status).toBe(422);
    });

    it('lets only company writers upload and keeps schools apart', async () => {
      expect((await upload('logo', office, 'logo.png', 'image/png', PNG)).status).toBe(403);
      await createSchool(t.database.db, {
        name: 'Fahrschule Nebenan',
        roles: [{ name: 'Inhaber', type: 'OWNER', description: '', allow: PERMISSION_KEYS }],
        users: [
          {
            firstName: 'Nina',
            lastName: 'Nebenan',
            email: 'nina@fahrschule-nebenan.de',
            password: 'Nebenan#Schule1',
            roles: ['Inhaber'],
            studentVisibility: 'ALL',
          },
        ],
      });
      const other = await t.signIn('nina@fahrschule-nebenan.de', 'Nebenan#Schule1');
      expectError(
        await t.call('GET', '/driving-school-documents/signature/current', { token: other }),
        404,
        'errors.not_found',
      );
      const availability = await t.call(
        'GET',
        '/driving-school-documents/basic-documents-availability',
        {
          token: other,
        },
      );
      expect(availability.body).toEqual({ letterhead: false, signature: false, logo: false });
    });
  });
});
