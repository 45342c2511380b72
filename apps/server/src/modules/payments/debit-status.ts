import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { livePayMandates, masterData, payments } from '../../db/schema';
import { fieldError, globalError } from '../../http/errors';
import { type PaymentWithExported, paymentFields } from '../accounting/exported';
import { refreshCostBearerBalances } from '../payment-documents/payment-documents.resources';
import { refreshDocumentPayments } from './payments.resources';

/*
 * The one way a live-pay debit changes its status after it was created: the office's
 * restart, pause and settling (`POST /live-pay/payment/update-status/{id}`) and the bank's
 * returns (`POST /live-pay/bank-returns`). A failure keeps the bank's reason and, with the
 * master-data switch "bank fee on failed live pay", the return fee to pass on; a restart
 * clears the failure; a collected debit makes its mandate recurring. The documents the debit
 * settles follow every change.
 */

type PaymentRow = typeof payments.$inferSelect;
export type DebitStatus = PaymentRow['status'];

/** Per current status, the statuses a debit may change to. */
export type DebitTransitions = Record<string, readonly DebitStatus[]>;

export type DebitChange = {
  status: DebitStatus;
  /** The bank's reason code or a note; kept for FAILED and CHARGED_BACK. */
  failureReason?: string | undefined;
  /** The return fee in cents to pass on to the student. */
  bankFee?: number | undefined;
};

export const isDebitFailure = (status: DebitStatus) =>
  status === 'FAILED' || status === 'CHARGED_BACK';

/** Whether the school passes bank fees of failed debits on to the students. */
export async function passesBankFeeOn(db: Db, schoolId: number): Promise<boolean> {
  const [settings] = await db
    .select({ passOn: masterData.bankFeeOnFailedLivePay })
    .from(masterData)
    .where(eq(masterData.drivingSchoolId, schoolId));
  return settings?.passOn ?? false;
}

/**
 * Changes a debit's status if `transitions` allow it (else 422
 * `errors.invalid_status_transition`, also when the debit changed meanwhile). With
 * `feeRule: 'refuse'` a bank fee the school does not pass on is refused (422 field
 * `bankFee`); with `'ignore'` it is dropped (the bank's file names a fee the school bears).
 */
export async function changeDebitStatus(
  db: Db,
  schoolId: number,
  current: PaymentRow,
  change: DebitChange,
  options: { transitions: DebitTransitions; feeRule: 'refuse' | 'ignore' },
): Promise<PaymentWithExported> {
  const { status } = change;
  if (!options.transitions[current.status]?.includes(status)) {
    throw globalError(
      'errors.invalid_status_transition',
      `A ${current.status} debit cannot become ${status}.`,
    );
  }
  const failure = isDebitFailure(status);
  let bankFee = change.bankFee;
  if (bankFee !== undefined) {
    const allowed = failure && (await passesBankFeeOn(db, schoolId));
    if (!allowed && options.feeRule === 'refuse') {
      throw fieldError(
        'bankFee',
        'validation.invalid',
        'A bank fee is passed on only for a failed debit, with the switch of the master data on.',
      );
    }
    if (!allowed) bankFee = undefined;
  }
  const [row] = await db
    .update(payments)
    .set({
      status,
      // A restarted debit has no failure any more; the fee passed on stays owed.
      failureReason: failure ? (change.failureReason ?? current.failureReason) : null,
      ...(bankFee !== undefined ? { bankFee } : {}),
    })
    .where(
      and(
        eq(payments.drivingSchoolId, schoolId),
        eq(payments.id, current.id),
        eq(payments.status, current.status),
      ),
    )
    .returning(paymentFields);
  if (!row) {
    throw globalError('errors.invalid_status_transition', 'The debit changed meanwhile.');
  }
  if (status === 'PAID' && row.mandateId) {
    // The mandate has been used: later debits are recurring ones.
    await db
      .update(livePayMandates)
      .set({
        sequenceType: 'RCUR',
        lastDebitAt: sql`greatest(${livePayMandates.lastDebitAt}, ${row.paymentDate}::date)`,
      })
      .where(
        and(eq(livePayMandates.drivingSchoolId, schoolId), eq(livePayMandates.id, row.mandateId)),
      );
  }
  await refreshDocumentPayments(db, schoolId, [row.documentId]);
  await refreshCostBearerBalances(db, schoolId, [row.costBearerId]);
  return row;
}
