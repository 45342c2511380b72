import { and, asc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  appointments,
  paymentDocumentLines,
  paymentDocuments,
  payments,
  studentBookedProducts,
  type studentEducations,
} from '../../db/schema';
import { lessonCharge } from '../appointments/driving-lessons';
import { berlinToday } from '../resources/kit';
import { priceLine, vatRateOn } from './vat';

/*
 * The lines of an education's invoices, from what the student booked (spec 001 §3–§5,
 * DOMAIN.md "Money"):
 *
 * - booked products (`student_booked_products`: basic fee, learning material, add-ons, exam
 *   fees) at the gross price they were booked at from the price list that applied;
 * - driving lessons and exam presentations that are released or signed, one line each with
 *   date, hour type and minutes, at the price booking charged (`bookedPrice`); a lesson
 *   released without a booking is priced now from the education's price list;
 * - the VAT rate of every line from ./vat on its service date and class (each class of a
 *   combined training books its share on its own education, so a row is taxed by its class).
 *
 * Who marks what: a final invoice and a cost-bearer invoice mark what they bill `invoiced`
 * (a cost bearer's services never reach the student's final invoice). A flash-pay partial
 * invoice bills on account and marks nothing: the final invoice lists every service of the
 * education again and deducts the partial and deposit invoices issued before, per VAT rate and
 * naming their numbers (§14 Abs. 5 UStG). What a partial invoice already billed is read from
 * its lines (appointment ids; products by count).
 *
 * Payments without a document (cash, transfers booked before any invoice) are no invoice and
 * carry no VAT of their own, so they are NOT a line: the final invoice names their sum below
 * the lines (`paymentsNote`) with the amount still to pay, and its VAT figures stay those of
 * the services.
 */

type EducationRow = typeof studentEducations.$inferSelect;
type BookedRow = typeof studentBookedProducts.$inferSelect;
type AppointmentRow = typeof appointments.$inferSelect;
export type NewLine = Omit<
  typeof paymentDocumentLines.$inferInsert,
  'drivingSchoolId' | 'documentId'
>;

/** The hour types as the invoice prints them (the texts of core's de.json `hourTypes`). */
export const HOUR_TYPE_TEXTS: Record<string, string> = {
  NORMAL: 'Übungsfahrt',
  OVERLAND: 'Überlandfahrt',
  MOTORWAY: 'Autobahnfahrt',
  NIGHT: 'Nachtfahrt',
  EXAM_PRESENTATION: 'Vorstellung zur Prüfung',
  BASIC_DRILL: 'Grundfahraufgaben',
  SIMULATOR: 'Simulator',
  TRAILER: 'Anhängerfahrt',
  ESCORT: 'Begleitfahrzeug',
};

const PRODUCT_ORDER: Record<string, number> = {
  BASIC_FEE: 0,
  LEARNING_MATERIAL: 1,
  DRIVING_LESSON: 2,
  ADD_ON: 3,
};

/** A booked product that is a module of the professional-driver qualification (exempt). */
const PROFESSIONAL_DRIVER_MODULE = /BKrFQ|Berufskraftfahrer|Weiterbildung.*95|Modul 95/i;

/** `2026-03-12` → `12.03.2026`. */
export const germanDate = (day: string) =>
  `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

/** Cents as the spec prints amounts: comma decimal, no thousands separator, euro sign. */
export const euros = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')} €`;

const bookedDay = (row: BookedRow) => berlinToday(row.createdAt);

/** The line of one booked product. */
export function bookedLine(row: BookedRow, education: EducationRow): NewLine {
  const serviceDate = bookedDay(row);
  const vatRate = vatRateOn(serviceDate, row.licenseClass ?? education.licenseClass, row.vatRate, {
    professionalDriverModule: PROFESSIONAL_DRIVER_MODULE.test(row.name),
  });
  return {
    position: 0,
    description: row.licenseClass ? `${row.name} (Klasse ${row.licenseClass})` : row.name,
    quantity: row.quantity,
    unitPrice: row.price,
    vatRate,
    ...priceLine(row.quantity, row.price, vatRate),
    productId: row.productId,
    appointmentId: null,
    serviceDate,
  };
}

/** The line of one lesson or exam presentation: date, hour type and minutes. */
function lessonLine(
  row: AppointmentRow,
  education: EducationRow,
  charge: { price: number; vatRate: number; productId: number | null },
): NewLine {
  const licenseClass = row.licenseClass ?? education.licenseClass;
  const vatRate = vatRateOn(row.date, licenseClass, charge.vatRate);
  const what =
    row.type === 'EXAM'
      ? 'Praktische Prüfung'
      : (HOUR_TYPE_TEXTS[row.hourType ?? 'NORMAL'] ?? 'Fahrstunde');
  const time = row.startTime.slice(0, 5);
  return {
    position: 0,
    description: `${what} Klasse ${licenseClass} am ${germanDate(row.date)}, ${time} Uhr, ${row.minutes} Minuten`,
    quantity: 1,
    unitPrice: charge.price,
    vatRate,
    ...priceLine(1, charge.price, vatRate),
    productId: charge.productId,
    appointmentId: row.id,
    serviceDate: row.date,
  };
}

const isExamPresentation = (row: AppointmentRow) =>
  row.type === 'EXAM' || row.hourType === 'EXAM_PRESENTATION';

/** The lines of lessons, exam presentations last, in the order they took place. */
export async function lessonLines(
  db: Db,
  schoolId: number,
  education: EducationRow,
  lessons: AppointmentRow[],
): Promise<NewLine[]> {
  const sorted = [...lessons].sort(
    (a, b) =>
      Number(isExamPresentation(a)) - Number(isExamPresentation(b)) ||
      a.date.localeCompare(b.date) ||
      a.startTime.localeCompare(b.startTime) ||
      a.id - b.id,
  );
  const lines: NewLine[] = [];
  for (const lesson of sorted) {
    if (lesson.bookedPrice !== null && lesson.bookedVatRate !== null) {
      lines.push(
        lessonLine(lesson, education, {
          price: lesson.bookedPrice,
          vatRate: lesson.bookedVatRate,
          productId: lesson.bookedProductId,
        }),
      );
    } else if (lesson.type === 'DRIVING') {
      // Released without a booking: the price list that applies prices it now.
      lines.push(lessonLine(lesson, education, await lessonCharge(db, schoolId, lesson)));
    }
  }
  return lines;
}

/** The lessons of an education the student pays: released or signed, not billed to anyone. */
function billableLessons(schoolId: number, educationId: number, until?: string) {
  return and(
    eq(appointments.drivingSchoolId, schoolId),
    eq(appointments.studentEducationId, educationId),
    inArray(appointments.type, ['DRIVING', 'EXAM']),
    eq(appointments.invoiced, false),
    isNull(appointments.finalInvoiceId),
    or(eq(appointments.released, true), isNotNull(appointments.signedAt)),
    until ? sql`${appointments.date} <= ${until}` : undefined,
  );
}

/** The documents of the education that stand (issued, not cancelled) of the given types. */
const standing = (schoolId: number, educationId: number, types: string[]) =>
  and(
    eq(paymentDocuments.drivingSchoolId, schoolId),
    eq(paymentDocuments.studentEducationId, educationId),
    isNull(paymentDocuments.costBearerId),
    inArray(paymentDocuments.type, types as (typeof paymentDocuments.$inferSelect)['type'][]),
    ne(paymentDocuments.status, 'DRAFT'),
    ne(paymentDocuments.status, 'CANCELLED'),
  );

export type Deduction = {
  documentId: number;
  number: string;
  issueDate: string;
  type: string;
  vatRate: number;
  net: number;
  vat: number;
  gross: number;
};

/** The partial and deposit invoices of the education issued before, per document and rate. */
async function deductionsOf(db: Db, schoolId: number, educationId: number): Promise<Deduction[]> {
  const rows = await db
    .select({
      documentId: paymentDocuments.id,
      number: paymentDocuments.number,
      issueDate: paymentDocuments.issueDate,
      type: paymentDocuments.type,
      vatRate: paymentDocumentLines.vatRate,
      net: sql<number>`sum(${paymentDocumentLines.net})::int`,
      vat: sql<number>`sum(${paymentDocumentLines.vat})::int`,
      gross: sql<number>`sum(${paymentDocumentLines.gross})::int`,
    })
    .from(paymentDocuments)
    .innerJoin(
      paymentDocumentLines,
      and(
        eq(paymentDocumentLines.drivingSchoolId, paymentDocuments.drivingSchoolId),
        eq(paymentDocumentLines.documentId, paymentDocuments.id),
      ),
    )
    .where(standing(schoolId, educationId, ['PARTIAL_INVOICE', 'DEPOSIT_INVOICE']))
    .groupBy(
      paymentDocuments.id,
      paymentDocuments.number,
      paymentDocuments.issueDate,
      paymentDocuments.type,
      paymentDocumentLines.vatRate,
    )
    .orderBy(
      asc(paymentDocuments.issueDate),
      asc(paymentDocuments.id),
      asc(paymentDocumentLines.vatRate),
    );
  return rows
    .filter((row) => row.gross !== 0)
    .map((row) => ({
      ...row,
      number: row.number ?? '',
      issueDate: row.issueDate ?? '',
      net: Number(row.net),
      vat: Number(row.vat),
      gross: Number(row.gross),
    }));
}

/** One line per deducted document and rate, with the document's exact net and VAT negated. */
function deductionLine(deduction: Deduction): NewLine {
  const kind = deduction.type === 'DEPOSIT_INVOICE' ? 'Anzahlungsrechnung' : 'Abschlagsrechnung';
  return {
    position: 0,
    description: `Abzüglich ${kind} Nr. ${deduction.number} vom ${germanDate(deduction.issueDate)} (${deduction.vatRate} % USt.)`,
    quantity: 1,
    unitPrice: -deduction.gross,
    vatRate: deduction.vatRate,
    net: -deduction.net,
    vat: -deduction.vat,
    gross: -deduction.gross,
    productId: null,
    appointmentId: null,
    serviceDate: null,
  };
}

/** Numbers the lines 1…n in the order given. */
const positioned = (lines: NewLine[]) =>
  lines.map((line, index) => ({ ...line, position: index + 1 }));

/** First and last service date of the lines (none: null). */
export function servicePeriodOf(lines: { serviceDate?: string | null | undefined }[]) {
  const days = lines.flatMap((line) => (line.serviceDate ? [line.serviceDate] : [])).sort();
  const from = days[0];
  const to = days[days.length - 1];
  return from && to ? { from, to } : null;
}

/** The period columns of a document: one day as `serviceDate`, several as a period. */
export function periodColumns(period: { from: string; to: string } | null, fallbackDay: string) {
  if (!period) return { serviceDate: fallbackDay, servicePeriodFrom: null, servicePeriodTo: null };
  if (period.from === period.to) {
    return { serviceDate: period.from, servicePeriodFrom: null, servicePeriodTo: null };
  }
  return { serviceDate: null, servicePeriodFrom: period.from, servicePeriodTo: period.to };
}

export type FinalInvoiceItems = {
  lines: NewLine[];
  /** The lessons and exams on the invoice, marked invoiced when it is issued. */
  appointmentIds: number[];
  bookedProductIds: number[];
  servicesGross: number;
  deductedGross: number;
  deductions: Deduction[];
  /** Payments of the education without a document (cents), named below the lines. */
  paidWithoutDocument: number;
  period: { from: string; to: string } | null;
};

/** The items of the final invoice of one education (reads only; the caller writes). */
export async function finalInvoiceItems(
  db: Db,
  schoolId: number,
  education: EducationRow,
): Promise<FinalInvoiceItems> {
  // One query after the other: inside a transaction they share one connection.
  const booked = await db
    .select()
    .from(studentBookedProducts)
    .where(
      and(
        eq(studentBookedProducts.drivingSchoolId, schoolId),
        eq(studentBookedProducts.studentEducationId, education.id),
        eq(studentBookedProducts.invoiced, false),
      ),
    );
  const lessons = await db
    .select()
    .from(appointments)
    .where(billableLessons(schoolId, education.id));
  const deductions = await deductionsOf(db, schoolId, education.id);
  const [paid] = await db
    .select({ sum: sql<number>`coalesce(sum(${payments.amount}), 0)::int` })
    .from(payments)
    .where(
      and(
        eq(payments.drivingSchoolId, schoolId),
        eq(payments.studentEducationId, education.id),
        isNull(payments.documentId),
        isNull(payments.costBearerId),
        inArray(payments.status, ['PAID', 'PARTIALLY_PAID']),
      ),
    );
  const productLines = [...booked]
    .sort(
      (a, b) =>
        (PRODUCT_ORDER[a.type] ?? 9) - (PRODUCT_ORDER[b.type] ?? 9) ||
        a.createdAt.getTime() - b.createdAt.getTime() ||
        a.id - b.id,
    )
    .map((row) => bookedLine(row, education));
  const services = [...productLines, ...(await lessonLines(db, schoolId, education, lessons))];
  const servicesGross = services.reduce((sum, line) => sum + (line.gross ?? 0), 0);
  const deductedGross = deductions.reduce((sum, row) => sum + row.gross, 0);
  return {
    lines: positioned([...services, ...deductions.map(deductionLine)]),
    appointmentIds: lessons.map((row) => row.id),
    bookedProductIds: booked.map((row) => row.id),
    servicesGross,
    deductedGross,
    deductions,
    paidWithoutDocument: Number(paid?.sum ?? 0),
    period: servicePeriodOf(services),
  };
}

/** The text below the lines that names payments without a document (see the file comment). */
export function paymentsNote(paidWithoutDocument: number, totalGross: number): string | null {
  if (paidWithoutDocument === 0) return null;
  return `Bereits ohne Rechnung gezahlt: ${euros(paidWithoutDocument)}. Noch zu zahlen: ${euros(
    totalGross - paidWithoutDocument,
  )}.`;
}

export type FlashPayItems = {
  lines: NewLine[];
  appointmentIds: number[];
  period: { from: string; to: string } | null;
};

/**
 * The items of a flash-pay partial invoice: signed lessons up to `until` and booked products
 * booked up to `until` that no final invoice, cost-bearer invoice or earlier partial invoice of
 * the education billed yet.
 */
export async function flashPayItems(
  db: Db,
  schoolId: number,
  education: EducationRow,
  until: string,
): Promise<FlashPayItems> {
  const booked = await db
    .select()
    .from(studentBookedProducts)
    .where(
      and(
        eq(studentBookedProducts.drivingSchoolId, schoolId),
        eq(studentBookedProducts.studentEducationId, education.id),
        eq(studentBookedProducts.invoiced, false),
      ),
    )
    .orderBy(asc(studentBookedProducts.id));
  const lessons = await db
    .select()
    .from(appointments)
    .where(
      and(
        billableLessons(schoolId, education.id, until),
        isNotNull(appointments.signedAt),
        isNotNull(appointments.bookedPrice),
      ),
    );
  // What the education's partial invoices that stand billed already.
  const billed = await db
    .select({
      appointmentId: paymentDocumentLines.appointmentId,
      productId: paymentDocumentLines.productId,
    })
    .from(paymentDocumentLines)
    .innerJoin(
      paymentDocuments,
      and(
        eq(paymentDocuments.drivingSchoolId, paymentDocumentLines.drivingSchoolId),
        eq(paymentDocuments.id, paymentDocumentLines.documentId),
      ),
    )
    .where(standing(schoolId, education.id, ['PARTIAL_INVOICE']));
  const billedLessons = new Set(
    billed.flatMap((row) => (row.appointmentId ? [row.appointmentId] : [])),
  );
  // Products without a lesson: each billed line consumes one booked row of its product.
  const billedProducts = new Map<number, number>();
  for (const row of billed) {
    if (row.productId && !row.appointmentId) {
      billedProducts.set(row.productId, (billedProducts.get(row.productId) ?? 0) + 1);
    }
  }
  const openProducts = booked.filter((row) => {
    const left = billedProducts.get(row.productId) ?? 0;
    if (left > 0) {
      billedProducts.set(row.productId, left - 1);
      return false;
    }
    return bookedDay(row) <= until;
  });
  const openLessons = lessons.filter((row) => !billedLessons.has(row.id));
  const services = [
    ...openProducts.map((row) => bookedLine(row, education)),
    ...(await lessonLines(db, schoolId, education, openLessons)),
  ];
  return {
    lines: positioned(services),
    appointmentIds: openLessons.map((row) => row.id),
    period: servicePeriodOf(services),
  };
}
