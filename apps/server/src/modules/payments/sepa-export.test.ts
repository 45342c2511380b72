import type { components } from '@fahrwerk/api/schema';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { livePayMandates, masterData, payments, sepaExports } from '../../db/schema';
import { DEMO_OWNER, DRIVERS, expectError, useTestApp } from '../../test/test-app';
import {
  businessDayFrom,
  CREDITOR,
  type LivePayCase,
  livePayStudent,
  openDebit,
  sepaCreditor,
} from '../mandates/mandate-test-fixtures';
import { addDays, berlinToday } from '../resources/kit';
import { buildPain008, nextEndToEndId, type Pain008Input } from './sepa-export';
import {
  easterSunday,
  isTarget2BusinessDay,
  pain008SchemaErrors,
  sepaText,
  validatePain008,
} from './sepa-validation';

type SepaExport = components['schemas']['SepaExport'];

const sample = (overrides: Partial<Pain008Input> = {}): Pain008Input => ({
  messageId: 'FWTEST0001',
  createdAt: new Date('2026-11-20T10:00:00Z'),
  collectionDate: '2026-12-01',
  batchBooking: true,
  creditor: { name: 'Fahrschule Sonnenschein', ...CREDITOR },
  debits: [
    {
      paymentId: 1,
      amount: 5_490,
      endToEndId: 'FW-1',
      sequenceType: 'FRST',
      mandateReference: 'FW-7-ABC',
      mandateSignedAt: '2026-10-01',
      debtorName: sepaText('Jürgen Weiß', 70),
      debtorIban: 'DE02120300000000202051',
      remittance: 'Fahrstunde 12.11.2026',
    },
    {
      paymentId: 2,
      amount: 11_000,
      endToEndId: 'FW-2',
      sequenceType: 'RCUR',
      mandateReference: 'FW-8-DEF',
      mandateSignedAt: '2025-01-15',
      debtorName: 'Anna Beispiel',
      debtorIban: 'DE02500105170137075030',
      debtorBic: 'INGDDEFFXXX',
      remittance: 'Fahrstunde 13.11.2026',
    },
  ],
  ...overrides,
});

describe('SEPA texts, calendar and file validation', () => {
  it('transliterates umlauts and replaces characters outside the SEPA set', () => {
    expect(sepaText('Jürgen Weiß-Öztürk', 70)).toBe('Juergen Weiss-Oeztuerk');
    expect(sepaText('Ärger Über Ödön', 70)).toBe('Aerger Ueber Oedoen');
    expect(sepaText('Renée & Zoë <Fahrschule> #1 €', 70)).toBe('Renee + Zoe Fahrschule 1');
    expect(sepaText('ä'.repeat(50), 70)).toHaveLength(70);
    expect(sepaText('***', 70, 'Ersatz')).toBe('Ersatz');
  });

  it('knows the TARGET2 closing days', () => {
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(isTarget2BusinessDay('2027-03-26')).toBe(false); // Good Friday
    expect(isTarget2BusinessDay('2027-03-29')).toBe(false); // Easter Monday
    expect(isTarget2BusinessDay('2027-03-30')).toBe(true);
    expect(isTarget2BusinessDay('2026-12-25')).toBe(false);
    expect(isTarget2BusinessDay('2026-12-24')).toBe(true);
    expect(isTarget2BusinessDay('2026-12-28')).toBe(true);
    expect(isTarget2BusinessDay('2027-01-01')).toBe(false);
    expect(isTarget2BusinessDay('2029-05-01')).toBe(false); // a Tuesday
    expect(isTarget2BusinessDay('2026-11-28')).toBe(false); // Saturday
    expect(isTarget2BusinessDay('2026-11-29')).toBe(false); // Sunday
  });

  it('a file of FRST and RCUR debits validates against the XSD', () => {
    const xml = buildPain008(sample());
    expect(validatePain008(xml)).toEqual([]);
    expect(xml).toContain('<SeqTp>FRST</SeqTp>');
    expect(xml).toContain('<SeqTp>RCUR</SeqTp>');
    expect(xml).toContain('<ReqdColltnDt>2026-12-01</ReqdColltnDt>');
    expect(xml).toContain('<Nm>Juergen Weiss</Nm>');
    expect(xml).toContain('<CtrlSum>164.90</CtrlSum>');
  });

  it('a broken file fails: a removed required element, a 36-character end-to-end id, an umlaut', () => {
    const xml = buildPain008(sample());
    const withoutDate = xml.replace(/<ReqdColltnDt>[^<]*<\/ReqdColltnDt>/, '');
    expect(pain008SchemaErrors(withoutDate).join('\n')).toMatch(/ReqdColltnDt|Cdtr/);
    const withoutMandate = xml.replace(/<MndtId>[^<]*<\/MndtId>/, '');
    expect(validatePain008(withoutMandate).join('\n')).toMatch(/MndtId/);
    const longId = xml.replace(
      '<EndToEndId>FW-1</EndToEndId>',
      `<EndToEndId>${'X'.repeat(36)}</EndToEndId>`,
    );
    expect(pain008SchemaErrors(longId).length).toBeGreaterThan(0);
    const umlaut = xml.replace('<Nm>Anna Beispiel</Nm>', '<Nm>Änna Beispiel</Nm>');
    expect(pain008SchemaErrors(umlaut)).toEqual([]);
    expect(validatePain008(umlaut).join('\n')).toMatch(/SEPA character set/);
    expect(validatePain008('<Document>')[0]).toMatch(/not well-formed/);
  });

  it('gives a debit collected again a new end-to-end id', () => {
    expect(nextEndToEndId(42, null)).toBe('FW-42');
    expect(nextEndToEndId(42, 'FW-42')).toBe('FW-42-R1');
    expect(nextEndToEndId(42, 'FW-42-R1')).toBe('FW-42-R2');
  });
});

describe.each(DRIVERS)('SEPA export (%s)', (driver) => {
  const t = useTestApp(driver);
  let owner: string;
  let schoolId: number;
  const exportFile = (body: Record<string, unknown>, key?: string) =>
    t.call('POST', '/live-pay/sepa-export', {
      token: owner,
      body,
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });
  const debitRows = (ids: number[]) =>
    t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.drivingSchoolId, schoolId), inArray(payments.id, ids)));
  const mandateRow = async (id: number) => {
    const [row] = await t.database.db
      .select()
      .from(livePayMandates)
      .where(eq(livePayMandates.id, id));
    return row;
  };

  beforeAll(async () => {
    owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    schoolId = t.demo.schoolId;
  });

  it('refuses without creditor id and on a collection date that is no business day after today', async () => {
    await t.database.db
      .insert(masterData)
      .values({ drivingSchoolId: schoolId })
      .onConflictDoNothing();
    await t.database.db
      .update(masterData)
      .set({ creditorId: null, iban: null })
      .where(eq(masterData.drivingSchoolId, schoolId));
    expectError(
      await exportFile({ collectionDate: businessDayFrom(20) }),
      422,
      'errors.creditor_id_missing',
    );
    await sepaCreditor(t.database.db, schoolId, { preNotificationDays: null });
    const today = berlinToday();
    expectError(await exportFile({ collectionDate: today }), 422, 'errors.collection_date');
    let weekend = addDays(today, 20);
    while (new Date(`${weekend}T00:00:00Z`).getUTCDay() !== 6) weekend = addDays(weekend, 1);
    expectError(await exportFile({ collectionDate: weekend }), 422, 'errors.collection_date');
    const christmas = `${Number(today.slice(0, 4)) + 1}-12-25`;
    expectError(await exportFile({ collectionDate: christmas }), 422, 'errors.collection_date');
    expectError(
      await exportFile({ collectionDate: businessDayFrom(20) }),
      422,
      'errors.nothing_to_export',
    );
  });

  describe('a file of the due debits', () => {
    let first: LivePayCase;
    let recurring: LivePayCase;
    const ids: Record<string, number> = {};
    let collectionDate: string;
    let fileBytes: Buffer;

    beforeAll(async () => {
      const db = t.database.db;
      await sepaCreditor(db, schoolId, { preNotificationDays: null });
      first = await livePayStudent(db, schoolId, {
        holderName: 'Jürgen Weiß-Öztürk',
        sequenceType: 'FRST',
      });
      recurring = await livePayStudent(db, schoolId, {
        sequenceType: 'RCUR',
        lastDebitAt: addDays(berlinToday(), -60),
      });
      const unconfirmed = await livePayStudent(db, schoolId, {
        status: 'UNCONFIRMED',
        signedAt: null,
      });
      const revoked = await livePayStudent(db, schoolId, { status: 'REVOKED' });
      const lapsed = await livePayStudent(db, schoolId, {
        signedAt: addDays(berlinToday(), -4 * 365),
      });
      const usedLongAgo = await livePayStudent(db, schoolId, {
        signedAt: addDays(berlinToday(), -6 * 365),
        lastDebitAt: addDays(berlinToday(), -37 * 31),
        sequenceType: 'RCUR',
      });
      ids.first1 = await openDebit(db, schoolId, first, { reference: 'Übungsfahrt 45 Min.' });
      ids.first2 = await openDebit(db, schoolId, first, { amount: 10_980 });
      ids.recurring = await openDebit(db, schoolId, recurring);
      ids.unconfirmed = await openDebit(db, schoolId, unconfirmed);
      ids.revoked = await openDebit(db, schoolId, revoked);
      ids.lapsed = await openDebit(db, schoolId, lapsed);
      ids.usedLongAgo = await openDebit(db, schoolId, usedLongAgo);
      // Created today: not pre-notified 14 days before a near collection date.
      ids.fresh = await openDebit(db, schoolId, recurring, { createdDaysAgo: 0 });
      // Due after the collection date.
      ids.later = await openDebit(db, schoolId, recurring, {
        paymentDate: addDays(berlinToday(), 60),
      });
      collectionDate = businessDayFrom(3);
    });

    it('holds FRST and RCUR debits, valid against the XSD, with texts transliterated', async () => {
      const answer = await exportFile({ collectionDate }, `sepa-${driver}-1`);
      expect(answer.status, answer.raw).toBe(200);
      expect(String(answer.headers['content-type'])).toContain('application/xml');
      expect(String(answer.headers['content-disposition'])).toContain(
        `pain008-${collectionDate}.xml`,
      );
      fileBytes = answer.bytes;
      const xml = fileBytes.toString('utf8');
      expect(validatePain008(xml)).toEqual([]);
      expect(xml).toContain(`<ReqdColltnDt>${collectionDate}</ReqdColltnDt>`);
      expect(xml).toContain(`<Id>${CREDITOR.creditorId}</Id>`);
      expect(xml).toContain('<Nm>Juergen Weiss-Oeztuerk</Nm>');
      expect(xml).toContain('<Ustrd>Uebungsfahrt 45 Min.</Ustrd>');
      expect(xml).toContain('<NbOfTxs>3</NbOfTxs>');
      expect(xml).toContain('<CtrlSum>219.60</CtrlSum>');
      const frst = xml.slice(
        xml.indexOf('<SeqTp>FRST</SeqTp>'),
        xml.indexOf('<SeqTp>RCUR</SeqTp>'),
      );
      expect(frst).toContain(`<EndToEndId>FW-${ids.first1}</EndToEndId>`);
      expect(frst).not.toContain(`FW-${ids.first2}<`);
      for (const included of [ids.first1, ids.first2, ids.recurring]) {
        expect(xml).toContain(`<EndToEndId>FW-${included}</EndToEndId>`);
      }
      for (const excluded of [
        'unconfirmed',
        'revoked',
        'lapsed',
        'usedLongAgo',
        'fresh',
        'later',
      ]) {
        expect(xml, excluded).not.toContain(`FW-${ids[excluded]}<`);
      }

      const rows = await debitRows([ids.first1, ids.first2, ids.recurring] as number[]);
      for (const row of rows) {
        expect(row.status).toBe('PENDING');
        expect(row.endToEndId).toBe(`FW-${row.id}`);
        expect(row.sepaExportId).toBeTypeOf('number');
      }
      expect(rows.find((row) => row.id === ids.first1)?.sequenceType).toBe('FRST');
      expect(rows.find((row) => row.id === ids.first2)?.sequenceType).toBe('RCUR');
      const mandate = await mandateRow(first.mandateId);
      expect(mandate?.sequenceType).toBe('RCUR');
      expect(mandate?.lastDebitAt).toBe(collectionDate);
      const others = await debitRows([
        ids.unconfirmed,
        ids.revoked,
        ids.lapsed,
        ids.fresh,
      ] as number[]);
      for (const row of others) expect(row.status).toBe('OPEN');
      const [lapsedDebit] = await debitRows([ids.lapsed as number]);
      expect((await mandateRow(lapsedDebit?.mandateId as number))?.status).toBe('EXPIRED');
    });

    it('answers a retry with the same key byte for byte and changes nothing', async () => {
      const before = await t.database.db
        .select()
        .from(sepaExports)
        .where(eq(sepaExports.drivingSchoolId, schoolId));
      const again = await exportFile({ collectionDate }, `sepa-${driver}-1`);
      expect(again.status, again.raw).toBe(200);
      expect(again.bytes.equals(fileBytes)).toBe(true);
      const after = await t.database.db
        .select()
        .from(sepaExports)
        .where(eq(sepaExports.drivingSchoolId, schoolId));
      expect(after).toHaveLength(before.length);
    });

    it('does not include the same debits in a second file', async () => {
      expectError(await exportFile({ collectionDate }), 422, 'errors.nothing_to_export');
    });

    it('takes a debit once its pre-notification period is kept', async () => {
      const later = businessDayFrom(15);
      const answer = await exportFile({ collectionDate: later });
      expect(answer.status, answer.raw).toBe(200);
      const xml = answer.bytes.toString('utf8');
      expect(validatePain008(xml)).toEqual([]);
      expect(xml).toContain(`<EndToEndId>FW-${ids.fresh}</EndToEndId>`);
      expect(xml).not.toContain(`FW-${ids.later}<`);
      expect(xml).toContain('<NbOfTxs>1</NbOfTxs>');
    });

    it('honours a shorter agreed pre-notification and paymentIds', async () => {
      const db = t.database.db;
      const one = await openDebit(db, schoolId, recurring, { createdDaysAgo: 2 });
      const two = await openDebit(db, schoolId, recurring, { createdDaysAgo: 2 });
      const soon = businessDayFrom(5);
      expectError(await exportFile({ collectionDate: soon }), 422, 'errors.nothing_to_export');
      await sepaCreditor(db, schoolId, { preNotificationDays: 1 });
      const answer = await exportFile({
        collectionDate: soon,
        paymentIds: [two],
        batchBooking: false,
      });
      expect(answer.status, answer.raw).toBe(200);
      const xml = answer.bytes.toString('utf8');
      expect(xml).toContain(`<EndToEndId>FW-${two}</EndToEndId>`);
      expect(xml).not.toContain(`FW-${one}<`);
      expect(xml).toContain('<BtchBookg>false</BtchBookg>');
      await sepaCreditor(db, schoolId, { preNotificationDays: null });
    });

    it('lists the files and downloads each byte for byte', async () => {
      const list = await t.call<SepaExport[]>('GET', '/live-pay/sepa-exports', { token: owner });
      expect(list.status, list.raw).toBe(200);
      expect(list.body.length).toBeGreaterThanOrEqual(3);
      const oldest = list.body.at(-1) as SepaExport;
      expect(oldest).toMatchObject({
        collectionDate,
        debitCount: 3,
        firstCount: 1,
        totalAmount: 21_960,
        fileName: `pain008-${collectionDate}.xml`,
      });
      const download = await t.call('GET', `/live-pay/sepa-exports/${oldest.id}/file`, {
        token: owner,
      });
      expect(download.status).toBe(200);
      expect(download.bytes.equals(fileBytes)).toBe(true);
      expect(
        (await t.call('GET', '/live-pay/sepa-exports/999999999/file', { token: owner })).status,
      ).toBe(404);
    });
  });
});
