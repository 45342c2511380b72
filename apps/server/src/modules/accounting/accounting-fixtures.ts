import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  accountsConfigs,
  branches,
  livePayMandates,
  paymentDocumentLines,
  paymentDocuments,
  payments,
  students,
} from '../../db/schema';

/*
 * The small fixed school of the DATEV tests, written straight into the database as issuing
 * and recording payments would have left it: March 2026 with a class-B final invoice (19 %
 * and 7 %), an exempt class-CE final invoice (0 %), a partial invoice and its cancellation,
 * payments by cash, transfer, card and live-pay direct debit and a refund — plus what must
 * not be booked: a payment request, a draft, an April invoice, a failed debit, an open
 * payment.
 */

export const MARCH = { from: '2026-03-01', to: '2026-03-31' } as const;

/** The accounts of the two charts (AccountsConfig's usual accounts). */
export const CHARTS = {
  SKR03: {
    chartOfAccounts: 'SKR03',
    revenue19Account: '8400',
    revenue7Account: '8300',
    revenue0Account: '8100',
    cashAccount: '1000',
    transitAccount: '1360',
    passingItemsAccount: '1590',
    livePayAccount: '1361',
    bankAccount: '1200',
  },
  SKR04: {
    chartOfAccounts: 'SKR04',
    revenue19Account: '4400',
    revenue7Account: '4300',
    revenue0Account: '4100',
    cashAccount: '1600',
    transitAccount: '1460',
    passingItemsAccount: '1370',
    livePayAccount: '1461',
    bankAccount: '1800',
  },
} as const;

/** Saves the school's accounts configuration with the DATEV numbers of the tests. */
export async function setAccounts(
  db: Db,
  schoolId: number,
  chart: keyof typeof CHARTS,
  extra: { consultantNumber?: number | null; clientNumber?: number | null } = {},
) {
  const values = {
    ...CHARTS[chart],
    debtorAccount: '10000',
    consultantNumber: extra.consultantNumber === undefined ? 29098 : extra.consultantNumber,
    clientNumber: extra.clientNumber === undefined ? 55003 : extra.clientNumber,
    fiscalYearStartMonth: 1,
  };
  await db
    .insert(accountsConfigs)
    .values({ drivingSchoolId: schoolId, ...values })
    .onConflictDoUpdate({ target: accountsConfigs.drivingSchoolId, set: values });
}

type Line = { description: string; vatRate: number; gross: number };

/** Net and VAT of a gross amount, rounded per line as issuing does. */
function split(gross: number, vatRate: number) {
  const net = Math.round((gross * 100) / (100 + vatRate));
  return { net, vat: gross - net };
}

export type DatevSchool = {
  /** Every booked document's gross total and every booked payment's amount (cents). */
  documentsGross: number;
  paymentsTotal: number;
};

export async function datevSchool(db: Db, schoolId: number): Promise<DatevSchool> {
  const [branch] = await db
    .insert(branches)
    .values({
      drivingSchoolId: schoolId,
      name: 'Buchhaltung',
      abbreviation: 'BH',
      workCorridorFrom: '07:00',
      workCorridorTo: '20:00',
    })
    .returning({ id: branches.id });
  if (!branch) throw new Error('no branch');
  const [mueller, schaefer] = await db
    .insert(students)
    .values([
      { drivingSchoolId: schoolId, firstName: 'Jürgen', lastName: 'Müller', branchId: branch.id },
      {
        drivingSchoolId: schoolId,
        firstName: 'Zoë "Zo"',
        lastName: 'Schäfer',
        branchId: branch.id,
      },
    ])
    .returning({ id: students.id });
  if (!mueller || !schaefer) throw new Error('no students');
  const [mandate] = await db
    .insert(livePayMandates)
    .values({
      drivingSchoolId: schoolId,
      reference: 'LP-DATEV-1',
      studentId: schaefer.id,
      holderName: 'Zoe Schaefer',
      iban: 'DE89370400440532013000',
      status: 'CONFIRMED',
      signedAt: '2026-02-01',
    })
    .returning({ id: livePayMandates.id });
  if (!mandate) throw new Error('no mandate');

  const document = async (
    values: {
      type: (typeof paymentDocuments.$inferInsert)['type'];
      status: (typeof paymentDocuments.$inferInsert)['status'];
      number: string | null;
      studentId: number;
      recipientName: string;
      issueDate: string;
      cancelsDocumentId?: number;
    },
    lines: Line[],
  ) => {
    const amounts = lines.map((line) => ({ ...line, ...split(line.gross, line.vatRate) }));
    const total = (key: 'net' | 'vat' | 'gross') => amounts.reduce((sum, l) => sum + l[key], 0);
    // Issued and its lines written in one transaction, as issuing does (the lines' guard).
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(paymentDocuments)
        .values({
          drivingSchoolId: schoolId,
          ...values,
          issuedAt: values.status === 'DRAFT' ? null : new Date(`${values.issueDate}T09:00:00Z`),
          issueDate: values.status === 'DRAFT' ? null : values.issueDate,
          totalNet: total('net'),
          totalVat: total('vat'),
          totalGross: total('gross'),
        })
        .returning({ id: paymentDocuments.id });
      if (!row) throw new Error('no document');
      await tx.insert(paymentDocumentLines).values(
        amounts.map((line, index) => ({
          drivingSchoolId: schoolId,
          documentId: row.id,
          position: index + 1,
          description: line.description,
          quantity: 1,
          unitPrice: line.gross,
          vatRate: line.vatRate,
          net: line.net,
          vat: line.vat,
          gross: line.gross,
        })),
      );
      return row.id;
    });
    return { id, gross: total('gross') };
  };

  const finalB = await document(
    {
      type: 'FINAL_INVOICE',
      status: 'PARTIALLY_PAID',
      number: '2026-00001',
      studentId: mueller.id,
      recipientName: 'Jürgen Müller',
      issueDate: '2026-03-05',
    },
    [
      { description: 'Grundbetrag', vatRate: 19, gross: 39_900 },
      { description: 'Übungsfahrten', vatRate: 19, gross: 19_500 },
      { description: 'Lehrbuch', vatRate: 7, gross: 3990 },
    ],
  );
  const finalCe = await document(
    {
      type: 'FINAL_INVOICE',
      status: 'ISSUED',
      number: '2026-00002',
      studentId: schaefer.id,
      recipientName: 'Zoë "Zo" Schäfer',
      issueDate: '2026-03-12',
    },
    [{ description: 'Ausbildung Klasse CE (§ 4 Nr. 21 UStG)', vatRate: 0, gross: 125_000 }],
  );
  const partial = await document(
    {
      type: 'PARTIAL_INVOICE',
      status: 'ISSUED',
      number: '2026-00003',
      studentId: mueller.id,
      recipientName: 'Jürgen Müller',
      issueDate: '2026-03-16',
    },
    [{ description: 'Abschlag Fahrstunden', vatRate: 19, gross: 20_000 }],
  );
  const cancellation = await document(
    {
      type: 'CANCELLATION_INVOICE',
      status: 'ISSUED',
      number: '2026-00004',
      studentId: mueller.id,
      recipientName: 'Jürgen Müller',
      issueDate: '2026-03-20',
      cancelsDocumentId: partial.id,
    },
    [{ description: 'Storno Abschlag Fahrstunden', vatRate: 19, gross: -20_000 }],
  );
  await db
    .update(paymentDocuments)
    .set({ status: 'CANCELLED', cancelledByDocumentId: cancellation.id })
    .where(
      and(eq(paymentDocuments.drivingSchoolId, schoolId), eq(paymentDocuments.id, partial.id)),
    );
  // Not booked: a payment request (no invoice), a draft, an invoice of April.
  await document(
    {
      type: 'PAYMENT_REQUEST',
      status: 'ISSUED',
      number: null,
      studentId: schaefer.id,
      recipientName: 'Zoë Schäfer',
      issueDate: '2026-03-02',
    },
    [{ description: 'Grundbetrag', vatRate: 19, gross: 39_900 }],
  );
  await document(
    {
      type: 'PARTIAL_INVOICE',
      status: 'DRAFT',
      number: null,
      studentId: schaefer.id,
      recipientName: 'Zoë Schäfer',
      issueDate: '2026-03-25',
    },
    [{ description: 'Entwurf', vatRate: 19, gross: 10_000 }],
  );
  await document(
    {
      type: 'PARTIAL_INVOICE',
      status: 'ISSUED',
      number: '2026-00005',
      studentId: schaefer.id,
      recipientName: 'Zoë Schäfer',
      issueDate: '2026-04-01',
    },
    [{ description: 'Abschlag April', vatRate: 19, gross: 30_000 }],
  );

  const payment = (values: Omit<typeof payments.$inferInsert, 'drivingSchoolId'>) => ({
    drivingSchoolId: schoolId,
    ...values,
  });
  const booked = [
    payment({
      amount: 10_000,
      paymentDate: '2026-03-05',
      method: 'CASH',
      studentId: mueller.id,
      documentId: finalB.id,
    }),
    payment({
      amount: 40_000,
      paymentDate: '2026-03-09',
      method: 'TRANSFER',
      studentId: mueller.id,
      documentId: finalB.id,
    }),
    payment({
      amount: 25_000,
      paymentDate: '2026-03-13',
      method: 'CARD',
      studentId: schaefer.id,
      documentId: finalCe.id,
    }),
    payment({
      amount: 6500,
      paymentDate: '2026-03-18',
      method: 'DIRECT_DEBIT',
      studentId: schaefer.id,
      mandateId: mandate.id,
      sequenceType: 'FRST',
      endToEndId: 'E2E-DATEV-1',
    }),
    payment({
      amount: -5000,
      paymentDate: '2026-03-23',
      method: 'TRANSFER',
      studentId: mueller.id,
      note: 'Erstattung Lehrbuch',
    }),
  ];
  await db.insert(payments).values([
    ...booked,
    // Not booked: a failed debit, an open payment, a payment of April.
    payment({
      amount: 6500,
      paymentDate: '2026-03-25',
      method: 'DIRECT_DEBIT',
      status: 'FAILED',
      studentId: schaefer.id,
      mandateId: mandate.id,
      sequenceType: 'RCUR',
      endToEndId: 'E2E-DATEV-2',
    }),
    payment({
      amount: 6500,
      paymentDate: '2026-03-26',
      method: 'DIRECT_DEBIT',
      status: 'OPEN',
      studentId: schaefer.id,
      mandateId: mandate.id,
      sequenceType: 'RCUR',
      endToEndId: 'E2E-DATEV-3',
    }),
    payment({ amount: 7000, paymentDate: '2026-04-02', method: 'CASH', studentId: mueller.id }),
  ]);
  return {
    documentsGross: finalB.gross + finalCe.gross + partial.gross + cancellation.gross,
    paymentsTotal: booked.reduce((sum, row) => sum + row.amount, 0),
  };
}
