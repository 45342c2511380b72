import { sql } from 'drizzle-orm';
import type { Db } from '../database';

/*
 * The charge of every booked demo lesson, as booking records it (driving-lessons.ts
 * `lessonCharge`): the driving-lesson product of the lesson's hour type in the price list that
 * applies to the education (the education's, the student's, the branch's, the standard list),
 * the class's own price before the one for every class, pro rata to the product's duration.
 * The planning step books the past lessons; this fills in what the booking charged, in two
 * set-based updates (class price, then the price for every class), so the reports value a
 * lesson at its charge as they do in a school's real data.
 */
export async function chargeBookedLessons(db: Db, schoolId: number): Promise<number> {
  let charged = 0;
  for (const classPrice of [true, false]) {
    const result = await db.execute(sql`with edu as (
        select e.id, e.license_class, coalesce(e.price_list_id, s.price_list_id, br.price_list_id,
          (select l.id from price_lists l where l.driving_school_id = ${schoolId} and l.standard)) as list_id
        from student_educations e
        join students s on s.driving_school_id = e.driving_school_id and s.id = e.student_id
        left join branches br on br.driving_school_id = e.driving_school_id and br.id = e.branch_id
        where e.driving_school_id = ${schoolId}),
      price as (
        select pr.price_list_id, pr.license_class, prod.id as product_id, prod.hour_type, pr.price,
          prod.vat_rate, coalesce(prod.duration, 45) as unit
        from prices pr
        join products prod on prod.driving_school_id = pr.driving_school_id and prod.id = pr.product_id
        where pr.driving_school_id = ${schoolId} and prod.type = 'DRIVING_LESSON'
          and ${classPrice ? sql`pr.license_class is not null` : sql`pr.license_class is null`})
      update appointments a set booked_product_id = p.product_id,
        booked_price = round(p.price::numeric * a.minutes / p.unit)::int, booked_vat_rate = p.vat_rate
      from edu e, price p
      where a.driving_school_id = ${schoolId} and a.type = 'DRIVING' and a.booked
        and a.booked_price is null and a.student_education_id = e.id
        and p.price_list_id = e.list_id and p.hour_type = a.hour_type
        ${classPrice ? sql`and p.license_class = coalesce(a.license_class, e.license_class)` : sql``}`);
    charged +=
      (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
      (result as unknown as { affectedRows?: number }).affectedRows ??
      0;
  }
  return charged;
}
