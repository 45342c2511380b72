import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  datevExportItems,
  datevExports,
  paymentDocuments,
  payments,
  storedFiles,
} from '../../db/schema';
import { createFileStore } from '../../files/file-store';
import type { OperationHandlers } from '../../http/operation-types';
import { DEMO_INSTRUCTOR, DEMO_OWNER, DRIVERS, expectError, useTestApp } from '../../test/test-app';
import { createAccountingHandlers } from './accounting.handlers';
import { CHARTS, type DatevSchool, datevSchool, MARCH, setAccounts } from './accounting-fixtures';
import {
  bookingLine,
  DATEV_COLUMNS,
  datevAmount,
  datevTimestamp,
  headerLine,
  quoted,
  renderDatevFile,
  renderDatevText,
  toWindows1252Text,
} from './datev';
import { fiscalYearOf } from './datev-export';

/*
 * The DATEV booking batch (issue 14): golden files of an SKR03 and an SKR04 batch of a small
 * fixed school (compared byte for byte after decoding Windows-1252), the encoding, the
 * balance of the bookings, the exported marks, and the refusals.
 */

const GOLDEN = path.join(path.dirname(fileURLToPath(import.meta.url)), '__golden__');
/** The injected clock: 2 April 2026, 10:15:30.123 in Berlin (CEST). */
const CREATED = new Date('2026-04-02T08:15:30.123Z');

/** Compares with a golden file (UTF-8, CR LF kept); UPDATE_GOLDEN=1 writes it instead. */
function expectGolden(name: string, text: string) {
  const file = path.join(GOLDEN, name);
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(file)) {
    writeFileSync(file, text, 'utf8');
    if (process.env.UPDATE_GOLDEN !== '1')
      throw new Error(`Golden file ${name} was missing: written.`);
  }
  expect(text).toBe(readFileSync(file, 'utf8'));
}

type Booking = { amount: number; side: string; account: string; contra: string; field1: string };

/** The booking lines of a batch, parsed back (amount in cents). */
function bookingsOf(text: string): Booking[] {
  return text
    .split('\r\n')
    .slice(2)
    .filter((line) => line.length > 0)
    .map((line) => {
      const fields = line.split(';');
      expect(fields).toHaveLength(DATEV_COLUMNS.length);
      const [euros, cents] = (fields[0] as string).split(',');
      return {
        amount: Number(euros) * 100 + Number(cents),
        side: (fields[1] as string).replaceAll('"', ''),
        account: fields[6] as string,
        contra: fields[7] as string,
        field1: (fields[10] as string).replaceAll('"', ''),
      };
    });
}

describe('the DATEV format', () => {
  it('writes amounts with a decimal comma and quotes texts', () => {
    expect(datevAmount(0)).toBe('0,00');
    expect(datevAmount(5)).toBe('0,05');
    expect(datevAmount(123_456_789)).toBe('1234567,89');
    expect(() => datevAmount(-1)).toThrow();
    expect(quoted('Zoë "Zo"\r\nSchäfer')).toBe('"Zoë ""Zo""  Schäfer"');
    expect(toWindows1252Text('Łukasz Dvořák – 5 €')).toBe('?ukasz Dvorák – 5 €');
    // Decomposed (ü as u + combining diaeresis) is composed; C1 controls become spaces.
    expect(quoted('Mu\u0308ller\u0085')).toBe('"Müller "');
  });

  it('encodes Windows-1252 with and without the characters beyond Latin-1', () => {
    const header = {
      createdAt: CREATED,
      exportedBy: 'Test',
      consultantNumber: 1,
      clientNumber: 2,
      fiscalYearStart: '2026-01-01',
      from: '2026-03-01',
      to: '2026-03-31',
      description: 'Test',
      dictationCode: 'FW',
      chartOfAccounts: 'SKR03' as const,
    };
    const booking = (text: string) => ({
      amount: 100,
      side: 'S' as const,
      account: '10000',
      contraAccount: '8400',
      documentDate: '2026-03-07',
      documentField1: 'R-1',
      text,
    });
    for (const text of ['Zahlung Schäfer', 'Gebühr 5 € – „Prüfung“']) {
      const bytes = renderDatevFile(header, [booking(text)]);
      const expected = iconv.encode(renderDatevText(header, [booking(text)]), 'win1252');
      expect(bytes.equals(expected), text).toBe(true);
    }
    const euro = renderDatevFile(header, [booking('5 € – „x“')]);
    for (const byte of [0x80, 0x96, 0x84, 0x93]) expect(euro.includes(byte)).toBe(true);
    expect(renderDatevFile(header, [booking('Schäfer')]).includes(0xe4)).toBe(true);
  });

  it('writes the creation time in Berlin local time, summer and winter', () => {
    expect(datevTimestamp(CREATED)).toBe('20260402101530123');
    expect(datevTimestamp(new Date('2026-01-15T23:30:00.007Z'))).toBe('20260116003000007');
  });

  it('has 31 header fields and 125 columns', () => {
    const header = headerLine({
      createdAt: CREATED,
      exportedBy: 'Erika Mustermann',
      consultantNumber: 29098,
      clientNumber: 55003,
      fiscalYearStart: '2026-01-01',
      from: '2026-03-01',
      to: '2026-03-31',
      description: 'Fahrwerk',
      dictationCode: 'FW',
      chartOfAccounts: 'SKR04',
    });
    expect(header.split(';')).toHaveLength(31);
    expect(header).toBe(
      '"EXTF";700;21;"Buchungsstapel";13;20260402101530123;;"RE";"Erika Mustermann";"";29098;55003;20260101;4;20260301;20260331;"Fahrwerk";"FW";1;0;0;"EUR";;"";;;"04";;;"";""',
    );
    expect(DATEV_COLUMNS).toHaveLength(125);
    expect(DATEV_COLUMNS[124]).toBe('Abw. Skontokonto');
    const line = bookingLine({
      amount: 1990,
      side: 'H',
      account: '1000',
      contraAccount: '10000',
      documentDate: '2026-03-07',
      documentField1: '2026-00001',
      text: 'x'.repeat(70),
    });
    expect(line.split(';')).toHaveLength(125);
    expect(
      line.startsWith(`19,90;"H";"EUR";;;;1000;10000;;0703;"2026-00001";;;"${'x'.repeat(60)}";`),
    ).toBe(true);
  });

  it('finds the fiscal year of a date', () => {
    expect(fiscalYearOf('2026-03-15', 1)).toEqual({ start: '2026-01-01', end: '2026-12-31' });
    expect(fiscalYearOf('2026-03-15', 7)).toEqual({ start: '2025-07-01', end: '2026-06-30' });
    expect(fiscalYearOf('2026-07-01', 7)).toEqual({ start: '2026-07-01', end: '2027-06-30' });
    expect(fiscalYearOf('2024-02-10', 3)).toEqual({ start: '2023-03-01', end: '2024-02-29' });
  });
});

describe.each(DRIVERS)('POST /accounting/datev-export (%s)', (driver) => {
  let accounting: OperationHandlers | undefined;
  const overrides: OperationHandlers = {
    exportDatevBookings: (request, reply) => {
      accounting ??= createAccountingHandlers(
        { db: t.database.db, files: createFileStore({ dataDir: t.config.dataDir }) },
        { now: () => CREATED },
      );
      return (
        accounting.exportDatevBookings as NonNullable<OperationHandlers['exportDatevBookings']>
      )(request, reply);
    },
  };
  const t = useTestApp(driver, { app: { handlerOverrides: overrides } });
  let owner: string;
  let school: DatevSchool;
  const exportBatch = (body: Record<string, unknown>, headers?: Record<string, string>) =>
    t.call('POST', '/accounting/datev-export', {
      token: owner,
      body,
      ...(headers ? { headers } : {}),
    });

  beforeAll(async () => {
    owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    school = await datevSchool(t.database.db, t.demo.schoolId);
  });

  it('refuses without consultant and client number', async () => {
    expectError(await exportBatch({ ...MARCH }), 422, 'errors.datev_config_missing');
    await setAccounts(t.database.db, t.demo.schoolId, 'SKR03', { clientNumber: null });
    expectError(await exportBatch({ ...MARCH }), 422, 'errors.datev_config_missing');
  });

  it('refuses a period across two fiscal years or ending before it starts', async () => {
    await setAccounts(t.database.db, t.demo.schoolId, 'SKR03');
    expectError(
      await exportBatch({ from: '2025-12-01', to: '2026-01-31' }),
      422,
      'errors.datev_period_spans_fiscal_years',
    );
    const backwards = await exportBatch({ from: '2026-03-31', to: '2026-03-01' });
    expect(backwards.status, backwards.raw).toBe(422);
    expect(JSON.stringify(backwards.body)).toContain('validation.time_order');
    // Nothing was marked by the refusals.
    const marked = await t.database.db
      .select({ id: datevExportItems.itemId })
      .from(datevExportItems)
      .where(eq(datevExportItems.drivingSchoolId, t.demo.schoolId));
    expect(marked).toHaveLength(0);
  });

  it('refuses a user without the accounting module', async () => {
    const instructor = await t.signIn(DEMO_INSTRUCTOR.email, DEMO_INSTRUCTOR.password);
    const response = await t.call('POST', '/accounting/datev-export', {
      token: instructor,
      body: { ...MARCH },
    });
    expect(response.status).toBe(403);
  });

  it('writes the SKR03 batch (golden file), Windows-1252, archived and marked exported', async () => {
    await setAccounts(t.database.db, t.demo.schoolId, 'SKR03');
    const response = await exportBatch({ ...MARCH });
    expect(response.status, response.raw).toBe(200);
    expect(String(response.headers['content-type'])).toContain('text/csv');
    expect(String(response.headers['content-disposition'])).toContain(
      'EXTF_Buchungsstapel_20260301_20260331.csv',
    );
    const text = iconv.decode(response.bytes, 'win1252');
    expectGolden('datev-skr03.csv', text);

    // Windows-1252: ü is the one byte 0xFC, ä 0xE4, ë 0xEB; no UTF-8 sequence anywhere.
    const bytes = response.bytes;
    const mueller = bytes.indexOf(Buffer.from([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72])); // Müller
    expect(mueller).toBeGreaterThan(0);
    expect(bytes.includes(Buffer.from([0x53, 0x63, 0x68, 0xe4, 0x66, 0x65, 0x72]))).toBe(true);
    expect(bytes.includes(Buffer.from('ü', 'utf8'))).toBe(false);
    expect(bytes.subarray(0, 6).toString('latin1')).toBe('"EXTF"');
    expect(iconv.encode(text, 'win1252').equals(bytes)).toBe(true);

    // Archived byte for byte with its datev_exports row.
    const [archive] = await t.database.db
      .select()
      .from(datevExports)
      .where(eq(datevExports.drivingSchoolId, t.demo.schoolId));
    expect(archive).toMatchObject({
      periodFrom: '2026-03-01',
      periodTo: '2026-03-31',
      fileName: 'EXTF_Buchungsstapel_20260301_20260331.csv',
      bookingCount: 10,
      createdByName: 'Erika Mustermann',
    });
    const [file] = await t.database.db
      .select()
      .from(storedFiles)
      .where(
        and(
          eq(storedFiles.drivingSchoolId, t.demo.schoolId),
          eq(storedFiles.id, archive?.fileId ?? 0),
        ),
      );
    expect(file?.mimeType).toBe('text/csv');
    const stored = await createFileStore({ dataDir: t.config.dataDir }).read(
      t.database.db,
      t.demo.schoolId,
      archive?.fileId ?? 0,
    );
    expect(stored.bytes.equals(bytes)).toBe(true);

    // The booked invoices and payments are marked as booked by this batch; the rest is not.
    const items = await t.database.db
      .select()
      .from(datevExportItems)
      .where(eq(datevExportItems.drivingSchoolId, t.demo.schoolId));
    expect(new Set(items.map((item) => item.datevExportId))).toEqual(new Set([archive?.id]));
    const booked = (kind: 'DOCUMENT' | 'PAYMENT') =>
      new Set(items.filter((item) => item.kind === kind).map((item) => item.itemId));
    const documents = await t.database.db
      .select({ id: paymentDocuments.id, number: paymentDocuments.number })
      .from(paymentDocuments)
      .where(eq(paymentDocuments.drivingSchoolId, t.demo.schoolId));
    const exportedNumbers = documents
      .filter((row) => booked('DOCUMENT').has(row.id))
      .map((row) => row.number)
      .sort();
    expect(exportedNumbers).toEqual(['2026-00001', '2026-00002', '2026-00003', '2026-00004']);
    const paid = await t.database.db
      .select({ id: payments.id, amount: payments.amount })
      .from(payments)
      .where(eq(payments.drivingSchoolId, t.demo.schoolId));
    expect(
      paid
        .filter((row) => booked('PAYMENT').has(row.id))
        .map((row) => row.amount)
        .sort((a, b) => a - b),
    ).toEqual([-5000, 6500, 10_000, 25_000, 40_000]);
    expect(items).toHaveLength(4 + 5);
  });

  it('balances: the bookings sum to the gross totals and the payments of the period', async () => {
    const response = await exportBatch({ ...MARCH, includeExported: true });
    expect(response.status, response.raw).toBe(200);
    const bookings = bookingsOf(iconv.decode(response.bytes, 'win1252'));
    const signed = (booking: Booking) => (booking.side === 'S' ? booking.amount : -booking.amount);
    // Invoices: the debtor is the account (debited); payments: the debtor is the contra account.
    const invoices = bookings.filter((booking) => booking.account === '10000');
    const received = bookings.filter((booking) => booking.contra === '10000');
    expect(invoices.length + received.length).toBe(bookings.length);
    expect(invoices.reduce((sum, booking) => sum + signed(booking), 0)).toBe(school.documentsGross);
    expect(received.reduce((sum, booking) => sum + signed(booking), 0)).toBe(school.paymentsTotal);
    // The cancellation reverses its invoice: the same amount on the other side.
    const partial = invoices.find((booking) => booking.field1 === '2026-00003');
    const cancellation = invoices.find((booking) => booking.field1 === '2026-00004');
    expect(partial).toMatchObject({ side: 'S', amount: 20_000, contra: '8400' });
    expect(cancellation).toMatchObject({ side: 'H', amount: 20_000, contra: '8400' });
  });

  it('writes the SKR04 batch (golden file)', async () => {
    await setAccounts(t.database.db, t.demo.schoolId, 'SKR04');
    const response = await exportBatch({ ...MARCH, includeExported: true });
    expect(response.status, response.raw).toBe(200);
    const text = iconv.decode(response.bytes, 'win1252');
    expectGolden('datev-skr04.csv', text);
    const accounts = new Set(
      bookingsOf(text).flatMap((booking) => [booking.account, booking.contra]),
    );
    for (const account of ['4400', '4300', '4100', '1600', '1800', '1460', '1461']) {
      expect(accounts.has(account), account).toBe(true);
    }
    expect(accounts.has(CHARTS.SKR03.revenue19Account)).toBe(false);
  });

  it('leaves out what an earlier export contained unless includeExported', async () => {
    const again = await exportBatch({ ...MARCH });
    expect(again.status, again.raw).toBe(200);
    expect(bookingsOf(iconv.decode(again.bytes, 'win1252'))).toHaveLength(0);

    // A new payment of the period is booked by the next export, alone.
    const [student] = await t.database.db
      .select({ id: paymentDocuments.studentId })
      .from(paymentDocuments)
      .where(eq(paymentDocuments.drivingSchoolId, t.demo.schoolId))
      .limit(1);
    const [cash] = await t.database.db
      .insert(payments)
      .values({
        drivingSchoolId: t.demo.schoolId,
        amount: 1234,
        paymentDate: '2026-03-30',
        method: 'CASH',
        studentId: student?.id ?? null,
      })
      .returning({ id: payments.id });
    const exportedFlag = async () => {
      const read = await t.call<{ exported: boolean }>('GET', `/payments/${cash?.id}`, {
        token: owner,
      });
      expect(read.status, read.raw).toBe(200);
      return read.body.exported;
    };
    expect(await exportedFlag()).toBe(false);
    const next = await exportBatch({ ...MARCH });
    const only = bookingsOf(iconv.decode(next.bytes, 'win1252'));
    expect(only).toHaveLength(1);
    expect(only[0]).toMatchObject({ amount: 1234, side: 'S', account: '1600', contra: '10000' });
    // The payments API answers it exported now, and its filter finds it so.
    expect(await exportedFlag()).toBe(true);
    const filtered = async (exported: boolean) => {
      const page = await t.call<{ data: { id: number }[] }>('POST', '/payments/filter', {
        token: owner,
        body: { exported, paymentDateFrom: '2026-03-30', paymentDateTo: '2026-03-30' },
      });
      expect(page.status, page.raw).toBe(200);
      return page.body.data.map((row) => row.id);
    };
    expect(await filtered(true)).toContain(cash?.id);
    expect(await filtered(false)).not.toContain(cash?.id);

    // The switches: documents only, payments only.
    const documentsOnly = await exportBatch({ ...MARCH, includeExported: true, payments: false });
    expect(bookingsOf(iconv.decode(documentsOnly.bytes, 'win1252'))).toHaveLength(5);
    const paymentsOnly = await exportBatch({ ...MARCH, includeExported: true, documents: false });
    expect(bookingsOf(iconv.decode(paymentsOnly.bytes, 'win1252'))).toHaveLength(6);
  });

  it('answers a retry with the same Idempotency-Key from the stored answer', async () => {
    const key = { 'idempotency-key': 'datev-retry-1' };
    const body = { ...MARCH, includeExported: true };
    const first = await exportBatch(body, key);
    const count = async () =>
      (
        await t.database.db
          .select({ id: datevExports.id })
          .from(datevExports)
          .where(eq(datevExports.drivingSchoolId, t.demo.schoolId))
      ).length;
    const before = await count();
    const second = await exportBatch(body, key);
    expect(second.status).toBe(200);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    expect(await count()).toBe(before);
    expectError(
      await exportBatch({ ...MARCH, documents: false }, key),
      422,
      'errors.idempotency_key_reused',
    );
  });
});
