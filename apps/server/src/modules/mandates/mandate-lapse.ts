import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { livePayMandates } from '../../db/schema';

/*
 * A SEPA mandate unused for 36 months lapses (SEPA rulebook; DOMAIN.md "Money"): a CONFIRMED
 * mandate whose last collection (`lastDebitAt`, or its date of signature when it was never
 * used) lies more than 36 months before today becomes EXPIRED. The status is written when
 * mandates are read or listed and before every SEPA export, so nothing debits a lapsed one.
 */

/** The first day still within 36 months of `today`: the same day three years back. */
export function lapseCutoff(today: string): string {
  const year = Number(today.slice(0, 4)) - 3;
  const monthDay = today.slice(5);
  // 29 February three years back does not exist: the 28th is the day 36 months before.
  const day = monthDay === '02-29' ? '02-28' : monthDay;
  return `${String(year).padStart(4, '0')}-${day}`;
}

/** Whether a mandate last used (or signed) on `basis` has lapsed on `today`. */
export function hasLapsed(basis: string | null | undefined, today: string): boolean {
  return !!basis && basis < lapseCutoff(today);
}

/** Marks the school's lapsed mandates EXPIRED; answers the ids that lapsed now. */
export async function expireLapsedMandates(
  db: Db,
  schoolId: number,
  today: string,
): Promise<number[]> {
  const rows = await db
    .update(livePayMandates)
    .set({ status: 'EXPIRED' })
    .where(
      and(
        eq(livePayMandates.drivingSchoolId, schoolId),
        eq(livePayMandates.status, 'CONFIRMED'),
        sql`coalesce(${livePayMandates.lastDebitAt}, ${livePayMandates.signedAt}) < ${lapseCutoff(today)}`,
      ),
    )
    .returning({ id: livePayMandates.id });
  return rows.map((row) => row.id);
}
