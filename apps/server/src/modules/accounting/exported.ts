import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import { datevExportItems, payments } from '../../db/schema';

/*
 * Whether a DATEV export booked an invoice or a payment: a row in `datev_export_items` (see
 * the table's comment for why this is no flag on the rows). The expressions refer to the
 * outer query's row, so they fit any select, `returning` or `where` over the table.
 */

/** Whether an export booked the invoice or payment `id` of school `schoolId` (SQL of the row). */
export const bookedIn = (kind: 'DOCUMENT' | 'PAYMENT', schoolId: SQL, id: SQL) =>
  sql<boolean>`exists (select 1 from ${datevExportItems} x
    where x.driving_school_id = ${schoolId} and x.kind = ${kind} and x.item_id = ${id})`;

/** Whether a DATEV export booked the payment (`Payment.exported`; it is then no longer changed). */
export const paymentExported = bookedIn(
  'PAYMENT',
  sql`${payments.drivingSchoolId}`,
  sql`${payments.id}`,
);

/** A payment as the contract answers it: its columns and `exported`. */
export const paymentFields = { ...getTableColumns(payments), exported: paymentExported };

export type PaymentWithExported = typeof payments.$inferSelect & { exported: boolean };
