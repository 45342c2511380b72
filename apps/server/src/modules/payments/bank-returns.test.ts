import type { components } from '@fahrwerk/api/schema';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { masterData, payments } from '../../db/schema';
import { buildCamt054 } from '../../test/camt054';
import { DEMO_OWNER, DRIVERS, useTestApp } from '../../test/test-app';
import { livePayStudent, openDebit, sepaCreditor } from '../mandates/mandate-test-fixtures';
import { addDays, berlinToday } from '../resources/kit';
import { parseCamt054 } from './bank-returns';

/*
 * The bank's answer to a SEPA file (camt.054 returns): the matched debits turn FAILED before
 * settlement and CHARGED_BACK after it, with the bank's reason and — with the master-data
 * switch — its fee; the education is red; the same file again changes nothing; entries of
 * no debit are listed; a file that is no camt.054 is refused.
 */

type BankReturnImport = components['schemas']['BankReturnImport'];
type LivePayStatus = components['schemas']['LivePayPaymentStatus'];

describe('camt.054 parsing', () => {
  it('reads end-to-end id, amount, reason and charges of each returned entry', () => {
    const xml = buildCamt054(
      [
        { endToEndId: 'FW-1', amount: 5_490, reasonCode: 'AM04', charges: 350 },
        { endToEndId: 'FW-2-R1', amount: 11_000, reasonCode: 'MD06', status: 'PDNG' },
      ],
      { bookingDate: '2026-11-20' },
    );
    const entries = parseCamt054(Buffer.from(xml));
    expect(entries.map((entry) => [entry.endToEndId, entry.amount, entry.reasonCode])).toEqual([
      ['FW-1', 5_490, 'AM04'],
      ['FW-2-R1', 11_000, 'MD06'],
    ]);
    expect(entries[0]?.charges).toBe(350);
  });
});

describe.each(DRIVERS)('bank returns (%s)', (driver) => {
  const t = useTestApp(driver);
  let owner: string;
  let schoolId: number;

  beforeAll(async () => {
    owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    schoolId = t.demo.schoolId;
    await sepaCreditor(t.database.db, schoolId, { bankFeeOnFailedLivePay: true });
  });

  /** A debit sent with a SEPA file: PENDING with its end-to-end id. */
  async function sentDebit(endToEndId: string, paymentDate: string) {
    const debitCase = await livePayStudent(t.database.db, schoolId);
    const id = await openDebit(t.database.db, schoolId, debitCase, {
      status: 'PENDING',
      paymentDate,
    });
    await t.database.db
      .update(payments)
      .set({ endToEndId })
      .where(and(eq(payments.drivingSchoolId, schoolId), eq(payments.id, id)));
    return { id, educationId: debitCase.educationId };
  }

  const importFile = (xml: string, fileName = 'camt054.xml') =>
    t.call<BankReturnImport>('POST', '/live-pay/bank-returns', {
      token: owner,
      multipart: { files: [{ fileName, mimeType: 'application/xml', bytes: Buffer.from(xml) }] },
    });

  it('fails the matched debit with reason and fee, lists the unknown entry, and turns the education red', async () => {
    const today = berlinToday();
    // Collected tomorrow: a return booked today comes before settlement (FAILED).
    const debit = await sentDebit(`FW-T${Date.now() % 1_000_000}`, addDays(today, 1));
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, debit.id));
    const xml = buildCamt054(
      [
        { endToEndId: row?.endToEndId as string, amount: 5_490, reasonCode: 'AM04', charges: 350 },
        { endToEndId: 'FW-UNBEKANNT', amount: 1_000, reasonCode: 'AC04' },
      ],
      { bookingDate: today },
    );
    const first = await importFile(xml);
    expect(first.status, first.raw).toBe(200);
    expect(first.body.entryCount).toBe(2);
    expect(first.body.failed).toHaveLength(1);
    expect(first.body.failed[0]).toMatchObject({
      id: debit.id,
      status: 'FAILED',
      failureReason: 'AM04',
      bankFee: 350,
    });
    expect(first.body.unmatched).toEqual([
      { endToEndId: 'FW-UNBEKANNT', amount: 1_000, reasonCode: 'AC04' },
    ]);

    const statuses = await t.call<LivePayStatus[]>(
      'POST',
      '/payment-workflows/live-pay-payment-status',
      { token: owner, body: { studentEducationIds: [debit.educationId] } },
    );
    expect(statuses.body).toEqual([
      {
        studentEducationId: debit.educationId,
        status: 'FAILED',
        paymentId: debit.id,
        failed: true,
      },
    ]);

    // The same file again changes nothing.
    const again = await importFile(xml);
    expect(again.body.failed).toEqual([]);
    expect(again.body.unchanged).toEqual([debit.id]);
  });

  it('charges back a debit returned after its collection date', async () => {
    const today = berlinToday();
    const debit = await sentDebit(`FW-C${Date.now() % 1_000_000}`, addDays(today, -10));
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, debit.id));
    const answer = await importFile(
      buildCamt054([{ endToEndId: row?.endToEndId as string, amount: 5_490, reasonCode: 'MD06' }], {
        bookingDate: today,
      }),
    );
    expect(answer.body.failed[0]).toMatchObject({
      id: debit.id,
      status: 'CHARGED_BACK',
      failureReason: 'MD06',
    });
  });

  it('refuses a file that is no camt.054 (422, field file)', async () => {
    const answer = await t.call('POST', '/live-pay/bank-returns', {
      token: owner,
      multipart: {
        files: [
          {
            fileName: 'kontoauszug.xml',
            mimeType: 'application/xml',
            bytes: '<?xml version="1.0"?><Document><Other/></Document>',
          },
        ],
      },
    });
    expect(answer.status, answer.raw).toBe(422);
    expect((answer.body as { fieldErrors: unknown[] }).fieldErrors).toEqual([
      { field: 'file', error: 'validation.bank_return_file' },
    ]);
  });

  it('passes on no fee when the switch is off', async () => {
    await t.database.db
      .update(masterData)
      .set({ bankFeeOnFailedLivePay: false })
      .where(eq(masterData.drivingSchoolId, schoolId));
    const today = berlinToday();
    const debit = await sentDebit(`FW-N${Date.now() % 1_000_000}`, addDays(today, 1));
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, debit.id));
    const answer = await importFile(
      buildCamt054(
        [
          {
            endToEndId: row?.endToEndId as string,
            amount: 5_490,
            reasonCode: 'AM04',
            charges: 350,
          },
        ],
        { bookingDate: today },
      ),
    );
    expect(answer.body.failed[0]?.status).toBe('FAILED');
    expect(answer.body.failed[0]?.bankFee).toBeUndefined();
  });
});
