import type { components } from '@fahrwerk/api/schema';
import { and, eq, inArray } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Db } from '../../db/database';
import { payments, sepaExports } from '../../db/schema';
import { requireAuth } from '../../http/auth';
import { fieldError } from '../../http/errors';
import { idempotent } from '../../http/idempotency';
import type { OperationHandlers } from '../../http/operation-types';
import { uploadedFile } from '../../http/uploads';
import type { Services } from '../handlers';
import { berlinToday, handlers } from '../resources/kit';
import { changeDebitStatus, type DebitTransitions } from './debit-status';
import { toPaymentDto } from './payments.resources';

/*
 * The bank's returned direct debits (camt.054, versions .001.02 to .001.08, any namespace
 * prefix): every transaction detail with return information (`RtrInf`) is a returned debit,
 * found by its end-to-end id among the school's debits. A PENDING or PAID debit becomes
 * FAILED when it came back before settlement (the entry is not booked, or was booked on or
 * before the collection date) and CHARGED_BACK after; the reason code becomes the failure
 * reason and, with the master-data switch, the return fee (`Chrgs`) the debit's bank fee.
 * Importing a file again changes nothing: a debit already failed is `unchanged`.
 */

type BankReturnImport = components['schemas']['BankReturnImport'];
type PaymentRow = typeof payments.$inferSelect;

/** What a bank return may do to a debit. */
export const BANK_RETURN_TRANSITIONS: DebitTransitions = {
  PENDING: ['FAILED', 'CHARGED_BACK'],
  PAID: ['FAILED', 'CHARGED_BACK'],
};

export type BankReturn = {
  endToEndId: string;
  /** Cents. */
  amount: number;
  reasonCode?: string | undefined;
  /** The return fee in cents, when the bank names one. */
  charges?: number | undefined;
  /** YYYY-MM-DD, when the entry is booked. */
  bookingDate?: string | undefined;
  /** The entry was not booked (PDNG, INFO): refused before settlement. */
  rejected: boolean;
};

type Node = Record<string, unknown>;

const ARRAYS = new Set(['Ntfctn', 'Ntry', 'NtryDtls', 'TxDtls', 'Rcrd', 'Chrgs', 'ChrgsInf']);
const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  trimValues: true,
  isArray: (name) => ARRAYS.has(name),
});

const notCamt054 = (detail: string) =>
  fieldError(
    'file',
    'validation.bank_return_file',
    `The file is not a camt.054 debit advice of the bank: ${detail}.`,
  );

const asNode = (value: unknown): Node | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : undefined;
const list = (value: unknown): Node[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value])
    .map(asNode)
    .filter((node): node is Node => !!node);
const text = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number') return String(value);
  const node = asNode(value);
  return node ? text(node['#text']) : undefined;
};
const path = (node: Node | undefined, ...names: string[]): unknown => {
  let current: unknown = node;
  for (const name of names) {
    const here = asNode(Array.isArray(current) ? current[0] : current);
    if (!here) return undefined;
    current = here[name];
  }
  return current;
};

/** An ISO 20022 decimal amount (`12.3`, `12.34`) in cents; undefined when it is none. */
export function centsOf(value: unknown): number | undefined {
  const amount = text(value);
  if (!amount || !/^-?[0-9]{1,15}(\.[0-9]{1,5})?$/.test(amount)) return undefined;
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(`${fraction}00`.slice(0, 2));
  return amount.startsWith('-') ? -cents : cents;
}

/** The fee of a transaction: the total of `Chrgs` (all versions) or of `ChrgsInf`. */
function chargesOf(details: Node): number | undefined {
  let total = 0;
  let found = false;
  for (const charges of list(details.Chrgs)) {
    // .001.04 and later: TtlChrgsAndTaxAmt and Rcrd; .001.02/.03: Amt per Chrgs.
    const overall = centsOf(charges.TtlChrgsAndTaxAmt);
    const records = list(charges.Rcrd)
      .map((record) => centsOf(record.Amt))
      .filter((amount): amount is number => amount !== undefined);
    const own = centsOf(charges.Amt);
    const amount =
      overall ?? (records.length ? records.reduce((sum, value) => sum + value, 0) : own);
    if (amount !== undefined) {
      total += amount;
      found = true;
    }
  }
  for (const info of list(details.ChrgsInf)) {
    const amount = centsOf(info.Amt);
    if (amount !== undefined) {
      total += amount;
      found = true;
    }
  }
  return found ? Math.abs(total) : undefined;
}

/** The date of a `BookgDt` (`Dt` or `DtTm`). */
const dayOf = (value: unknown) => {
  const node = asNode(value);
  const day = text(node?.Dt) ?? text(node?.DtTm)?.slice(0, 10);
  return day && /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(day) ? day : undefined;
};

/**
 * The returned debits of a camt.054 file (see the module comment); 422 field `file`
 * `validation.bank_return_file` for anything else.
 */
export function parseCamt054(bytes: Buffer): BankReturn[] {
  const xml = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (!xml.trimStart().startsWith('<')) throw notCamt054('not XML');
  if (/<!DOCTYPE/i.test(xml)) throw notCamt054('a document type declaration is not allowed');
  const wellFormed = XMLValidator.validate(xml);
  if (wellFormed !== true) throw notCamt054(`not well-formed XML (${wellFormed.err.msg})`);
  const parsed = parser.parse(xml) as Node;
  const document = asNode(parsed.Document);
  const notification = asNode(document?.BkToCstmrDbtCdtNtfctn);
  if (!document || !notification) {
    throw notCamt054('no Document/BkToCstmrDbtCdtNtfctn');
  }
  const namespace = Object.entries(document)
    .filter(([key]) => key === '@_xmlns' || key.startsWith('@_xmlns:'))
    .map(([, value]) => String(value))
    .find((value) => value.includes('camt.'));
  if (namespace) {
    const version = /camt\.054\.001\.(\d{2})/.exec(namespace)?.[1];
    if (!version || Number(version) < 2 || Number(version) > 8) {
      throw notCamt054(`the namespace ${namespace} is no camt.054 version .001.02 to .001.08`);
    }
  }
  const returns: BankReturn[] = [];
  for (const note of list(notification.Ntfctn)) {
    for (const entry of list(note.Ntry)) {
      const status = text(path(entry, 'Sts', 'Cd')) ?? text(entry.Sts);
      const rejected = status !== undefined && status !== 'BOOK';
      const bookingDate = dayOf(entry.BookgDt);
      const details = list(entry.NtryDtls).flatMap((group) => list(group.TxDtls));
      for (const detail of details) {
        const returnInfo = asNode(detail.RtrInf);
        if (!returnInfo) continue;
        const endToEndId = text(path(detail, 'Refs', 'EndToEndId'));
        const amount =
          centsOf(detail.Amt) ??
          centsOf(path(detail, 'AmtDtls', 'InstdAmt', 'Amt')) ??
          centsOf(path(detail, 'AmtDtls', 'TxAmt', 'Amt')) ??
          (details.length === 1 ? centsOf(entry.Amt) : undefined);
        if (!endToEndId || amount === undefined) {
          throw notCamt54Detail(endToEndId);
        }
        returns.push({
          endToEndId,
          amount: Math.abs(amount),
          reasonCode: text(path(returnInfo, 'Rsn', 'Cd')) ?? text(path(returnInfo, 'Rsn', 'Prtry')),
          charges: chargesOf(detail),
          bookingDate,
          rejected,
        });
      }
    }
  }
  return returns;
}

const notCamt54Detail = (endToEndId: string | undefined) =>
  notCamt054(
    endToEndId
      ? `the return of ${endToEndId} has no amount`
      : 'a returned transaction has no end-to-end id',
  );

/** Applies the returns to the school's debits in one transaction. */
export async function importBankReturns(
  db: Db,
  schoolId: number,
  returns: BankReturn[],
  today = berlinToday(),
): Promise<BankReturnImport> {
  return db.transaction(async (tx) => {
    const ids = [...new Set(returns.map((item) => item.endToEndId))];
    const found = ids.length
      ? await tx
          .select({ payment: payments, collectionDate: sepaExports.collectionDate })
          .from(payments)
          .leftJoin(
            sepaExports,
            and(
              eq(sepaExports.drivingSchoolId, payments.drivingSchoolId),
              eq(sepaExports.id, payments.sepaExportId),
            ),
          )
          .where(
            and(
              eq(payments.drivingSchoolId, schoolId),
              eq(payments.method, 'DIRECT_DEBIT'),
              inArray(payments.endToEndId, ids),
            ),
          )
      : [];
    const byEndToEndId = new Map<string, { payment: PaymentRow; collectionDate: string | null }>(
      found.map((row) => [row.payment.endToEndId as string, row]),
    );
    const result: BankReturnImport = {
      entryCount: returns.length,
      failed: [],
      unchanged: [],
      unmatched: [],
    };
    for (const item of returns) {
      const match = byEndToEndId.get(item.endToEndId);
      if (!match) {
        result.unmatched.push({
          endToEndId: item.endToEndId.slice(0, 35),
          amount: item.amount,
          ...(item.reasonCode ? { reasonCode: item.reasonCode.slice(0, 35) } : {}),
        });
        continue;
      }
      const current = match.payment;
      if (!BANK_RETURN_TRANSITIONS[current.status]) {
        if (!result.unchanged.includes(current.id)) result.unchanged.push(current.id);
        continue;
      }
      // Before settlement: refused, or back by the collection date; after it, charged back.
      const settlementDay = match.collectionDate ?? current.paymentDate;
      const returnedOn = item.bookingDate ?? today;
      const beforeSettlement = item.rejected || returnedOn <= settlementDay;
      const changed = await changeDebitStatus(
        tx,
        schoolId,
        current,
        {
          status: beforeSettlement ? 'FAILED' : 'CHARGED_BACK',
          failureReason: item.reasonCode ?? 'RETURNED',
          bankFee: item.charges,
        },
        { transitions: BANK_RETURN_TRANSITIONS, feeRule: 'ignore' },
      );
      match.payment = changed;
      result.failed.push(toPaymentDto(changed));
    }
    return result;
  });
}

export function createBankReturnHandlers(services: Services): OperationHandlers {
  const { db } = services;
  return handlers({
    async importBankReturns(request) {
      const auth = requireAuth(request);
      const file = uploadedFile(request, 'file');
      return idempotent(
        db,
        auth.drivingSchoolId,
        request,
        'importBankReturns',
        async () => ({
          status: 200 as const,
          body: await importBankReturns(db, auth.drivingSchoolId, parseCamt054(file.bytes)),
        }),
        { fingerprint: file.bytes },
      );
    },
  });
}
