import type { components } from '@fahrwerk/api/schema';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  accountsConfigs,
  costBearers,
  datevExportItems,
  datevExports,
  paymentDocumentLines,
  paymentDocuments,
  payments,
  students,
  users,
} from '../../db/schema';
import type { FileStore } from '../../files/file-store';
import type { AuthContext } from '../../http/auth';
import { fieldError, globalError } from '../../http/errors';
import { DEFAULT_ACCOUNTS_CONFIG } from '../configuration/configuration.resources';
import { DOCUMENT_TITLES } from '../payment-documents/invoice-pdf';
import { addDays } from '../resources/kit';
import { type DatevBooking, type DatevHeader, renderDatevFile } from './datev';
import { bookedIn } from './exported';

/*
 * The DATEV booking batch of a period (`POST /accounting/datev-export`, spec 001 §3
 * "accounting frame"): what the school invoiced and what it received, for the tax adviser.
 *
 * Bookings
 * - One per issued invoice (every type but the payment request, which is no invoice) and VAT
 *   rate of its lines: the gross of the rate's lines, debit the collective debtor account
 *   (`debtorAccount`, Sammeldebitor 10000) against the revenue account of the rate — 19 % and
 *   16 % → revenue19Account, 7 % and 5 % → revenue7Account, 0 % → revenue0Account. A
 *   cancellation invoice (negative lines), and a final invoice whose deducted partial
 *   invoices outweigh a rate, come out negative: booked with the amount's absolute value and
 *   Soll/Haben swapped (H), which reverses the original booking.
 * - One per payment whose money was received (status PAID or PARTIALLY_PAID): debit the
 *   money account — cash → cashAccount, transfer → bankAccount, card → transitAccount (the
 *   card acquirer pays out later: money in transit), live-pay direct debit → livePayAccount —
 *   against the debtor account. A refund (negative amount) is the same booking reversed (H).
 *
 * Why one collective debtor: the school's students are consumers who pay once; a personal
 * account per student would flood the tax adviser's ledger. The document number (Belegfeld 1)
 * and the name in the booking text tell the bookings apart.
 *
 * Why no BU key (Steuerschlüssel): the revenue accounts of SKR03 (8400 19 %, 8300 7 %, 8100
 * tax-free) and SKR04 (4400, 4300, 4100) are automatic accounts — DATEV derives the VAT from
 * the account itself, and a BU key on an automatic account is refused at import. The gross
 * amount is booked; DATEV splits off the VAT. (16 % and 5 % of the second half of 2020 go to
 * the 19 %/7 % accounts the school configured for them; see AccountsConfig.)
 *
 * Passing items (durchlaufende Posten, e.g. testing-organization fees paid on the student's
 * behalf → passingItemsAccount): neither products nor document lines mark a line as a passing
 * item in this data model, so such fees cannot be told from other exempt revenue; they are
 * booked with the 0 % lines on revenue0Account until the model marks them.
 *
 * The period lies in one fiscal year (DATEV takes a batch per fiscal year); by default only
 * what no earlier export contained is booked, and everything booked is recorded as booked by
 * this batch (datev_export_items, see its comment) in the same transaction that archives the
 * file (stored_files + datev_exports), under a per-school lock, so two exports at once cannot
 * both book the same invoice.
 */

type Schemas = components['schemas'];
type AccountsConfig = Schemas['AccountsConfig'];
type DocumentType = (typeof paymentDocuments.$inferSelect)['type'];
type PaymentMethod = (typeof payments.$inferSelect)['method'];

/** Any fixed number: the advisory lock that orders one school's DATEV exports. */
const DATEV_EXPORT_LOCK_KEY = 1_406_021;

/** The chart's bank account when the school never saved one (as the configuration answers). */
const DEFAULT_BANK_ACCOUNT = { SKR03: '1200', SKR04: '1800' } as const;

export type DatevExportRequest = Schemas['DatevExportRequest'];

export type DatevExportDeps = {
  db: Db;
  files: FileStore;
  /** The clock of the header's creation time (injected so golden files stay the same). */
  now: () => Date;
};

export type DatevExportResult = {
  fileName: string;
  bytes: Buffer;
  bookingCount: number;
  exportId: number;
};

/** The revenue account of a VAT rate (see the header comment). */
export function revenueAccountOf(config: AccountsConfig, vatRate: number): string {
  switch (vatRate) {
    case 19:
    case 16:
      return config.revenue19Account;
    case 7:
    case 5:
      return config.revenue7Account;
    case 0:
      return config.revenue0Account;
    default:
      throw new Error(`No revenue account for the VAT rate ${vatRate} %.`);
  }
}

/** The money account a payment of `method` arrives on. */
export function moneyAccountOf(config: AccountsConfig, method: PaymentMethod): string {
  switch (method) {
    case 'CASH':
      return config.cashAccount;
    case 'TRANSFER':
      return config.bankAccount ?? DEFAULT_BANK_ACCOUNT[config.chartOfAccounts];
    case 'CARD':
      return config.transitAccount;
    case 'DIRECT_DEBIT':
      return config.livePayAccount;
  }
}

/** The fiscal year `date` lies in, for a fiscal year starting in `startMonth` (1–12). */
export function fiscalYearOf(date: string, startMonth: number): { start: string; end: string } {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const startYear = month >= startMonth ? year : year - 1;
  const mm = String(startMonth).padStart(2, '0');
  return {
    start: `${startYear}-${mm}-01`,
    end: addDays(`${startYear + 1}-${mm}-01`, -1),
  };
}

/** The school's accounts configuration with the defaults of fields never saved. */
export async function loadAccountsConfig(db: Db, schoolId: number): Promise<AccountsConfig> {
  const [row] = await db
    .select()
    .from(accountsConfigs)
    .where(eq(accountsConfigs.drivingSchoolId, schoolId));
  if (!row) return DEFAULT_ACCOUNTS_CONFIG;
  return {
    chartOfAccounts: row.chartOfAccounts,
    revenue19Account: row.revenue19Account,
    revenue7Account: row.revenue7Account,
    revenue0Account: row.revenue0Account,
    cashAccount: row.cashAccount,
    transitAccount: row.transitAccount,
    passingItemsAccount: row.passingItemsAccount,
    livePayAccount: row.livePayAccount,
    bankAccount: row.bankAccount ?? DEFAULT_BANK_ACCOUNT[row.chartOfAccounts],
    debtorAccount: row.debtorAccount ?? '10000',
    ...(row.consultantNumber !== null ? { consultantNumber: row.consultantNumber } : {}),
    ...(row.clientNumber !== null ? { clientNumber: row.clientNumber } : {}),
    fiscalYearStartMonth: row.fiscalYearStartMonth ?? 1,
  };
}

const PAYMENT_TEXT: Record<PaymentMethod, string> = {
  CASH: 'bar',
  TRANSFER: 'Überweisung',
  CARD: 'Karte',
  DIRECT_DEBIT: 'Lastschrift',
};

/** `2026-03-07` → `07.03.2026`. */
const germanDate = (isoDate: string) =>
  `${isoDate.slice(8, 10)}.${isoDate.slice(5, 7)}.${isoDate.slice(0, 4)}`;

/** A booking with the sort key of the batch: by date, invoices before payments, by number. */
type Keyed = DatevBooking & { order: [string, number, string, number] };

type DocumentRateRow = {
  id: number;
  type: DocumentType;
  number: string;
  issue_date: string;
  recipient_name: string;
  vat_rate: number;
  gross: number;
};

type PaymentRow = {
  id: number;
  amount: number;
  method: PaymentMethod;
  payment_date: string;
  payer: string | null;
  document_number: string | null;
};

const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;

/** The period's issued invoices with their gross per VAT rate. */
async function periodDocuments(
  tx: Db,
  schoolId: number,
  from: string,
  to: string,
  includeExported: boolean,
): Promise<DocumentRateRow[]> {
  const l = paymentDocumentLines;
  const result = await tx.execute(sql`
    select d.id::float8 as id, d.type, d.number, to_char(d.issue_date, 'YYYY-MM-DD') as issue_date,
      d.recipient_name, ${l.vatRate} as vat_rate, sum(${l.gross})::float8 as gross
    from ${paymentDocuments} d
    join ${l} on ${l.drivingSchoolId} = ${schoolId} and ${l.documentId} = d.id
    where d.driving_school_id = ${schoolId}
      and d.type <> 'PAYMENT_REQUEST' and d.status <> 'DRAFT'
      and d.issue_date between ${from}::date and ${to}::date
      ${includeExported ? sql`` : sql`and not ${bookedIn('DOCUMENT', sql`${schoolId}`, sql`d.id`)}`}
    group by d.id, ${l.vatRate}`);
  return rowsOf<DocumentRateRow>(result);
}

/** The period's received payments with their payer and the document they settle. */
async function periodPayments(
  tx: Db,
  schoolId: number,
  from: string,
  to: string,
  includeExported: boolean,
): Promise<PaymentRow[]> {
  const result = await tx.execute(sql`
    select p.id::float8 as id, p.amount, p.method,
      to_char(p.payment_date, 'YYYY-MM-DD') as payment_date,
      coalesce(s.last_name || ', ' || s.first_name, c.name) as payer,
      doc.number as document_number
    from ${payments} p
    left join ${students} s on s.driving_school_id = ${schoolId} and s.id = p.student_id
    left join ${costBearers} c on c.driving_school_id = ${schoolId} and c.id = p.cost_bearer_id
    left join ${paymentDocuments} doc
      on doc.driving_school_id = ${schoolId} and doc.id = p.document_id
    where p.driving_school_id = ${schoolId}
      and p.status in ('PAID', 'PARTIALLY_PAID')
      and p.payment_date between ${from}::date and ${to}::date
      ${includeExported ? sql`` : sql`and not ${bookedIn('PAYMENT', sql`${schoolId}`, sql`p.id`)}`}`);
  return rowsOf<PaymentRow>(result);
}

/**
 * Records that export `exportId` booked the invoices or payments `ids` (one statement; the
 * ids go as one array parameter, however many).
 */
async function markExported(
  tx: Db,
  schoolId: number,
  exportId: number,
  kind: 'DOCUMENT' | 'PAYMENT',
  ids: Iterable<number>,
) {
  const list = [...new Set(ids)];
  if (list.length === 0) return;
  await tx.execute(sql`
    insert into ${datevExportItems} (driving_school_id, kind, item_id, datev_export_id)
    select ${schoolId}, ${kind}, item, ${exportId}
    from unnest(${`{${list.join(',')}}`}::bigint[]) item`);
}

/** The bookings of the invoices' rate groups (a group of 0,00 books nothing). */
export function documentBookings(config: AccountsConfig, rows: DocumentRateRow[]): Keyed[] {
  const debtor = config.debtorAccount ?? '10000';
  return rows
    .filter((row) => Number(row.gross) !== 0)
    .map((row) => {
      const gross = Number(row.gross);
      return {
        amount: Math.abs(gross),
        side: gross > 0 ? 'S' : 'H',
        account: debtor,
        contraAccount: revenueAccountOf(config, Number(row.vat_rate)),
        documentDate: row.issue_date,
        documentField1: row.number,
        text: `${DOCUMENT_TITLES[row.type]} ${row.number} ${row.recipient_name}`,
        order: [row.issue_date, 0, row.number, -Number(row.vat_rate)],
      };
    });
}

/** The bookings of received payments; a refund (negative) is the reversed booking. */
export function paymentBookings(config: AccountsConfig, rows: PaymentRow[]): Keyed[] {
  const debtor = config.debtorAccount ?? '10000';
  return rows.map((row) => {
    const amount = Number(row.amount);
    const id = Number(row.id);
    const kind = amount > 0 ? 'Zahlung' : 'Erstattung';
    return {
      amount: Math.abs(amount),
      side: amount > 0 ? 'S' : 'H',
      account: moneyAccountOf(config, row.method),
      contraAccount: debtor,
      documentDate: row.payment_date,
      // The invoice the payment settles; a payment without one (on account, against a payment
      // request) by its own id.
      documentField1: row.document_number ?? `ZE-${id}`,
      text: `${kind} ${PAYMENT_TEXT[row.method]} ${row.payer ?? ''}`.trim(),
      order: [row.payment_date, 1, '', id],
    };
  });
}

function byOrder(a: Keyed, b: Keyed): number {
  for (let index = 0; index < a.order.length; index += 1) {
    const x = a.order[index] as string | number;
    const y = b.order[index] as string | number;
    if (x < y) return -1;
    if (x > y) return 1;
  }
  return 0;
}

/** Checks the request against the configuration; answers the fiscal year of the period. */
export function checkDatevRequest(config: AccountsConfig, request: DatevExportRequest) {
  if (config.consultantNumber === undefined || config.clientNumber === undefined) {
    throw globalError(
      'errors.datev_config_missing',
      'The accounts configuration lacks the DATEV consultant number or client number.',
    );
  }
  if (request.from > request.to) {
    throw fieldError('to', 'validation.time_order', 'The period ends before it starts.');
  }
  const fiscalYear = fiscalYearOf(request.from, config.fiscalYearStartMonth ?? 1);
  if (request.to > fiscalYear.end) {
    throw globalError(
      'errors.datev_period_spans_fiscal_years',
      `The period must end within the fiscal year ${fiscalYear.start} – ${fiscalYear.end}.`,
    );
  }
  return {
    consultantNumber: config.consultantNumber,
    clientNumber: config.clientNumber,
    fiscalYear,
  };
}

/**
 * Makes, archives and answers the booking batch of `request` (see the header comment): the
 * invoices and payments booked are marked exported in the same transaction.
 */
export async function exportDatevBatch(
  deps: DatevExportDeps,
  auth: AuthContext,
  request: DatevExportRequest,
): Promise<DatevExportResult> {
  const { db, files } = deps;
  const schoolId = auth.drivingSchoolId;
  const config = await loadAccountsConfig(db, schoolId);
  const { consultantNumber, clientNumber, fiscalYear } = checkDatevRequest(config, request);
  const includeExported = request.includeExported === true;
  const [user] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(sql`${users.drivingSchoolId} = ${schoolId} and ${users.id} = ${auth.userId}`);
  const exportedBy = user ? `${user.firstName} ${user.lastName}` : '';

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DATEV_EXPORT_LOCK_KEY}, ${schoolId}::int)`);
    const documentRows =
      request.documents !== false
        ? await periodDocuments(tx, schoolId, request.from, request.to, includeExported)
        : [];
    const paymentRows =
      request.payments !== false
        ? await periodPayments(tx, schoolId, request.from, request.to, includeExported)
        : [];
    const bookings = [
      ...documentBookings(config, documentRows),
      ...paymentBookings(config, paymentRows),
    ].sort(byOrder);

    const header: DatevHeader = {
      createdAt: deps.now(),
      exportedBy,
      consultantNumber,
      clientNumber,
      fiscalYearStart: fiscalYear.start,
      from: request.from,
      to: request.to,
      description: `Fahrwerk ${germanDate(request.from)}-${germanDate(request.to)}`,
      dictationCode: 'FW',
      chartOfAccounts: config.chartOfAccounts,
    };
    const bytes = renderDatevFile(header, bookings);
    const fileName = `EXTF_Buchungsstapel_${request.from.replaceAll('-', '')}_${request.to.replaceAll('-', '')}.csv`;
    const stored = await files.save(tx, schoolId, { fileName, mimeType: 'text/csv', bytes });
    const [archived] = await tx
      .insert(datevExports)
      .values({
        drivingSchoolId: schoolId,
        periodFrom: request.from,
        periodTo: request.to,
        fileName,
        bookingCount: bookings.length,
        fileId: stored.id,
        createdByUserId: auth.userId,
        createdByName: exportedBy || null,
      })
      .returning({ id: datevExports.id });
    if (!archived) throw new Error('The DATEV export was not archived.');
    // What was read is what is marked: rows written meanwhile wait for the next export.
    for (const [kind, rows] of [
      ['DOCUMENT', documentRows],
      ['PAYMENT', paymentRows],
    ] as const) {
      await markExported(
        tx,
        schoolId,
        archived.id,
        kind,
        rows.map((row) => row.id),
      );
    }
    return { fileName, bytes, bookingCount: bookings.length, exportId: archived.id };
  });
}
