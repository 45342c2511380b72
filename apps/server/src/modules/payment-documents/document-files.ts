import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  costBearers,
  drivingSchoolDocuments,
  drivingSchools,
  masterData,
  type paymentDocumentLines,
  paymentDocuments,
  studentEducations,
  students,
} from '../../db/schema';
import type { FileStore } from '../../files/file-store';
import type { DocumentPrint, IssuerSnapshot } from './document-print';
import { toPaymentDocumentDto } from './payment-documents.resources';

/*
 * What a payment document's PDF and e-invoice are rendered from (DocumentPrint): the document
 * as the DTO, the issuer (as copied at issue, or the school's master data now for drafts and
 * previews), the student the cost bearer is billed for, and the school's logo and signature.
 */

type DocumentRow = typeof paymentDocuments.$inferSelect;
type LineRow = typeof paymentDocumentLines.$inferSelect;

/** Drops empty values, so the snapshot holds only what the school filled in. */
function present<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== null && v !== undefined && v !== ''),
  ) as T;
}

/**
 * The issuer as the school's master data says now: name (driving_schools), address, contact,
 * tax number, VAT id, tax office, bank account, responsible person. Copied into the document
 * at issue (`payment_documents.issuer`), so a later change never alters an issued invoice.
 */
export async function issuerOf(db: Db, schoolId: number): Promise<IssuerSnapshot> {
  const [row] = await db
    .select({ name: drivingSchools.name, data: masterData })
    .from(drivingSchools)
    .leftJoin(masterData, eq(masterData.drivingSchoolId, drivingSchools.id))
    .where(eq(drivingSchools.id, schoolId));
  if (!row) throw new Error(`No driving school ${schoolId}.`);
  const data = row.data;
  const address = data?.address ? present(data.address) : undefined;
  return present({
    name: row.name,
    address: address && Object.keys(address).length > 0 ? address : undefined,
    email: data?.email ?? undefined,
    phone: data?.phone ?? undefined,
    website: data?.website ?? undefined,
    taxNumber: data?.vatTaxNumber ?? undefined,
    vatId: data?.vatId ?? undefined,
    taxOffice: data?.taxOffice ?? undefined,
    iban: data?.iban ?? undefined,
    bic: data?.bic ?? undefined,
    responsiblePerson: data?.responsiblePerson ?? undefined,
  }) as IssuerSnapshot;
}

/** The school's logo and signature images; a file missing from the store is left out. */
async function letterheadImages(db: Db, files: FileStore, schoolId: number) {
  const [row] = await db
    .select()
    .from(drivingSchoolDocuments)
    .where(eq(drivingSchoolDocuments.drivingSchoolId, schoolId));
  const read = async (fileId: number | null | undefined) => {
    if (!fileId) return undefined;
    try {
      return (await files.read(db, schoolId, fileId)).bytes;
    } catch {
      return undefined;
    }
  };
  const logo = await read(row?.logoFileId);
  const signature = await read(row?.signatureFileId);
  return { logo, signature };
}

export type LoadPrintOptions = {
  removeLetterhead?: boolean | undefined;
  mark?: DocumentPrint['mark'];
};

/** Everything the PDF and the e-invoice of one document print. */
export async function loadDocumentPrint(
  db: Db,
  files: FileStore,
  schoolId: number,
  row: DocumentRow,
  lines: LineRow[],
  options: LoadPrintOptions = {},
): Promise<DocumentPrint> {
  const document = toPaymentDocumentDto(row, lines);
  const issued = row.status !== 'DRAFT';
  // One query after the other: inside the issuing transaction they share one connection.
  const issuer = issued && row.issuer ? row.issuer : await issuerOf(db, schoolId);
  const letterhead = await letterheadImages(db, files, schoolId);
  const student = row.studentId
    ? await db
        .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
        .from(students)
        .where(and(eq(students.drivingSchoolId, schoolId), eq(students.id, row.studentId)))
        .then((found) => found[0])
    : undefined;
  const costBearer = row.costBearerId
    ? await db
        .select({ customerNumber: costBearers.customerNumber })
        .from(costBearers)
        .where(and(eq(costBearers.drivingSchoolId, schoolId), eq(costBearers.id, row.costBearerId)))
        .then((found) => found[0])
    : undefined;
  const education = row.studentEducationId
    ? await db
        .select({
          studentId: studentEducations.studentId,
          paymentWorkflow: studentEducations.paymentWorkflow,
        })
        .from(studentEducations)
        .where(
          and(
            eq(studentEducations.drivingSchoolId, schoolId),
            eq(studentEducations.id, row.studentEducationId),
          ),
        )
        .then((found) => found[0])
    : undefined;
  const cancelled = row.cancelsDocumentId
    ? await db
        .select({ number: paymentDocuments.number, issueDate: paymentDocuments.issueDate })
        .from(paymentDocuments)
        .where(
          and(
            eq(paymentDocuments.drivingSchoolId, schoolId),
            eq(paymentDocuments.id, row.cancelsDocumentId),
          ),
        )
        .then((found) => found[0])
    : undefined;
  // The student of a cost bearer's invoice: the document's own, else the education's.
  let studentName: string | undefined;
  if (row.costBearerId) {
    let named = student;
    if (!named && education?.studentId) {
      [named] = await db
        .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
        .from(students)
        .where(and(eq(students.drivingSchoolId, schoolId), eq(students.id, education.studentId)));
    }
    studentName = named ? `${named.firstName} ${named.lastName}`.trim() : undefined;
  }
  const customerNumber = row.costBearerId
    ? (costBearer?.customerNumber ?? undefined)
    : row.studentId
      ? String(row.studentId)
      : undefined;
  return {
    document,
    issuer,
    studentName,
    letterhead,
    removeLetterhead: options.removeLetterhead,
    mark: options.mark ?? (issued ? undefined : 'DRAFT'),
    customerNumber,
    cancels:
      cancelled?.number && cancelled.issueDate
        ? { number: cancelled.number, issueDate: cancelled.issueDate }
        : undefined,
    paymentMethod: education?.paymentWorkflow === 'LIVE_PAY' ? 'DIRECT_DEBIT' : 'TRANSFER',
  };
}
