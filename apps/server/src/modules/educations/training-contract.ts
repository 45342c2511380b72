import { and, asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import {
  branches,
  financialConfigs,
  priceLists,
  studentBookedProducts,
  studentDocuments,
  studentEducations,
  type students,
  trainingContracts,
} from '../../db/schema';
import type { FileStore } from '../../files/file-store';
import { type AuthContext, requireAuth } from '../../http/auth';
import { fieldError, globalError, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { uploadedFile } from '../../http/uploads';
import { formatMoney } from '../../pdf/pdfmake';
import { SIGNATURE_MAX_BYTES } from '../appointments/driving-lessons';
import { issuerOf } from '../payment-documents/document-files';
import { listRows, pricesForClass } from '../prices/prices.resources';
import { activeEducations, resolvePriceListId } from '../prices/student-prices';
import { berlinToday, handlers, num, type Schemas, withoutNulls } from '../resources/kit';
import { visibleStudent } from '../students/students.resources';
import {
  type ContractPriceRow,
  embeddable,
  type TrainingContractPrint,
  trainingContractPdf,
} from './training-contract-pdf';

/*
 * The training contract (Ausbildungsvertrag) of an education (spec 001 §3, §7; DOMAIN.md:
 * "parents sign too for minors"): its signature state, the student's and a parent's
 * signature drawn on the tablet, the two texts the student confirms before signing, and the
 * signed PDF.
 *
 * Who must sign: the student always; a parent too when the student is under 18 on the day
 * they sign (by the birth date, Europe/Berlin; before the student signed: today). A student
 * without a birth date is taken as an adult — the contract is complete with the student's
 * signature — but a parent may still sign (the office may know better than the record).
 *
 * A signature is a PNG of at most 1 MB, checked by its content like every upload
 * (`uploads.ts`), kept in the file store (SHA-256 in stored_files); signing again replaces the
 * file and the time. When the last required signature arrives, the PDF is made and kept as a
 * generated student document (type TRAINING_CONTRACT, visible to the student: their copy of
 * the contract); a later signature makes it anew under the same document.
 */

type EducationRow = typeof studentEducations.$inferSelect;
type StudentRow = typeof students.$inferSelect;
type ContractRow = typeof trainingContracts.$inferSelect;
type Signer = 'student' | 'parent';

/** Under 18 on `day` (ISO date), by the birth date; unknown birth dates count as adult. */
export function minorOn(birthDate: string | null | undefined, day: string): boolean {
  if (!birthDate) return false;
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  // Born on 29 February: of age on 1 March in a year without one (the string compares so).
  const adult = `${String(y + 18).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return day < adult;
}

/** The day the parent rule is judged on: the student's signing day, else today (Berlin). */
function ruleDay(contract: Pick<ContractRow, 'studentSignedAt'> | undefined, now: Date) {
  return berlinToday(contract?.studentSignedAt ?? now);
}

export function trainingContractState(
  education: EducationRow,
  birthDate: string | null | undefined,
  contract: ContractRow | undefined,
  now = new Date(),
): Schemas['TrainingContract'] {
  const parentSignatureRequired = minorOn(birthDate, ruleDay(contract, now));
  const studentSignedAt = contract?.studentSignedAt ?? null;
  const parentSignedAt = contract?.parentSignedAt ?? null;
  const signed = Boolean(studentSignedAt) && (!parentSignatureRequired || Boolean(parentSignedAt));
  return withoutNulls({
    studentEducationId: education.id,
    studentId: education.studentId,
    licenseClass: education.licenseClass,
    studentSignedAt: studentSignedAt?.toISOString(),
    parentSignedAt: parentSignedAt?.toISOString(),
    parentSignatureRequired,
    parentSignatureAllowed: parentSignatureRequired || !birthDate || Boolean(parentSignedAt),
    signed,
    documentId: contract?.documentId,
  }) as Schemas['TrainingContract'];
}

/* ───────────────────────────── checkbox texts ───────────────────────────── */

export type BookedAddOn = { name: string; quantity: number; price: number };

/** `Intensivkurs: 49,00 €` or, for more than one, `Erste Hilfe: 2 × 25,00 €`. */
const addOnText = (addOn: BookedAddOn) =>
  `${addOn.name}: ${addOn.quantity > 1 ? `${addOn.quantity} × ` : ''}${formatMoney(addOn.price)}`;

/** The add-ons sentence the student confirms (German). */
export function addonsCheckboxText(addOns: BookedAddOn[]): string {
  if (addOns.length === 0) {
    return 'Ich habe zur Kenntnis genommen, dass für diese Ausbildung keine Zusatzleistungen gebucht sind.';
  }
  return `Ich habe die gebuchten Zusatzleistungen (${addOns.map(addOnText).join('; ')}) zur Kenntnis genommen und bin mit ihnen einverstanden.`;
}

/** A link only when it is one a browser opens (http or https); anything else is left out. */
function usableUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (!/^https?:\/\//i.test(trimmed)) return undefined;
  try {
    return new URL(trimmed).host ? trimmed : undefined;
  } catch {
    return undefined;
  }
}

/** The privacy sentence the student confirms (German); links the school has not set are left out. */
export function gdprCheckboxText(links: {
  gdprUrl?: string | null | undefined;
  termsUrl?: string | null | undefined;
}): string {
  const privacy = usableUrl(links.gdprUrl);
  const terms = usableUrl(links.termsUrl);
  const privacyPart = privacy
    ? `die Datenschutzerklärung der Fahrschule (${privacy}) zur Kenntnis genommen`
    : 'die Datenschutzhinweise der Fahrschule erhalten und zur Kenntnis genommen';
  const termsPart = terms
    ? ` und bin mit den Allgemeinen Geschäftsbedingungen der Fahrschule (${terms}) einverstanden`
    : '';
  return `Ich habe ${privacyPart}${termsPart}.`;
}

/* ─────────────────────────────── handlers ──────────────────────────────── */

const SIGNER_TEXTS: Record<Signer, string> = {
  student: 'Fahrschüler',
  parent: 'Erziehungsberechtigte',
};

export function createTrainingContractHandlers(db: Db, files: FileStore): OperationHandlers {
  /** The education and its student, 404 unless the student is visible to the caller. */
  async function educationOf(a: AuthContext, id: number) {
    const [education] = await db
      .select()
      .from(studentEducations)
      .where(
        and(eq(studentEducations.drivingSchoolId, a.drivingSchoolId), eq(studentEducations.id, id)),
      );
    if (!education) throw notFound();
    const student = await visibleStudent(db, a, education.studentId);
    return { education, student };
  }

  async function contractOf(executor: Db, schoolId: number, educationId: number, lock = false) {
    const query = executor
      .select()
      .from(trainingContracts)
      .where(
        and(
          eq(trainingContracts.drivingSchoolId, schoolId),
          eq(trainingContracts.studentEducationId, educationId),
        ),
      );
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  async function bookedAddOns(schoolId: number, educationId: number): Promise<BookedAddOn[]> {
    return db
      .select({
        name: studentBookedProducts.name,
        quantity: studentBookedProducts.quantity,
        price: studentBookedProducts.price,
      })
      .from(studentBookedProducts)
      .where(
        and(
          eq(studentBookedProducts.drivingSchoolId, schoolId),
          eq(studentBookedProducts.studentEducationId, educationId),
          eq(studentBookedProducts.type, 'ADD_ON'),
        ),
      )
      .orderBy(asc(studentBookedProducts.createdAt), asc(studentBookedProducts.id));
  }

  async function links(schoolId: number) {
    const [row] = await db
      .select({ gdprUrl: financialConfigs.gdprUrl, termsUrl: financialConfigs.termsUrl })
      .from(financialConfigs)
      .where(eq(financialConfigs.drivingSchoolId, schoolId));
    return row ?? {};
  }

  /** The price list's prices for the education's class, as the contract lists them. */
  async function contractPrices(schoolId: number, student: StudentRow, education: EducationRow) {
    const listId = await resolvePriceListId(db, schoolId, student, education);
    if (listId === null) return { prices: [] as ContractPriceRow[], listName: undefined };
    const [list] = await db
      .select({ name: priceLists.name })
      .from(priceLists)
      .where(and(eq(priceLists.drivingSchoolId, schoolId), eq(priceLists.id, listId)));
    // A further class of a combined training is priced at the combined-training prices.
    const active = await activeEducations(db, schoolId, student);
    const combined = active.findIndex((row) => row.id === education.id) > 0;
    const rows = await listRows(db, schoolId, listId);
    const durations = new Map(rows.map((row) => [row.product.id, row.product.duration]));
    const prices: ContractPriceRow[] = [];
    for (const price of pricesForClass(rows, listId, education.licenseClass, combined)) {
      if (price.productType === 'ADD_ON') continue;
      const minutes = durations.get(price.productId);
      const group: ContractPriceRow['group'] =
        price.productType === 'DRIVING_LESSON'
          ? price.hourType === 'EXAM_PRESENTATION'
            ? 'EXAM_PRESENTATION'
            : 'DRIVING_LESSON'
          : price.productType;
      prices.push({
        group,
        name: price.productName,
        unit:
          group === 'DRIVING_LESSON'
            ? `je ${minutes ?? 45} Min.`
            : group === 'EXAM_PRESENTATION'
              ? 'je Vorstellung'
              : undefined,
        price: price.price,
      });
    }
    return { prices, listName: list?.name };
  }

  /** Everything the PDF prints, with the signatures given (the new one not stored yet). */
  async function contractPrint(
    schoolId: number,
    student: StudentRow,
    education: EducationRow,
    signatures: Pick<TrainingContractPrint, 'studentSignature' | 'parentSignature'>,
  ): Promise<TrainingContractPrint> {
    const school = await issuerOf(db, schoolId);
    const [branch] = await db
      .select({ name: branches.name })
      .from(branches)
      .where(and(eq(branches.drivingSchoolId, schoolId), eq(branches.id, education.branchId)));
    const { prices, listName } = await contractPrices(schoolId, student, education);
    const addOns = await bookedAddOns(schoolId, education.id);
    return {
      school,
      branchName: branch?.name,
      student: {
        firstName: student.firstName,
        lastName: student.lastName,
        birthDate: student.birthDate ?? undefined,
        address: student.address ?? undefined,
      },
      licenseClass: education.licenseClass,
      baseLicenseClass: education.baseLicenseClass ?? undefined,
      startDate: education.startDate ?? undefined,
      priceListName: listName,
      prices,
      addOns,
      addonsText: addonsCheckboxText(addOns),
      gdprText: gdprCheckboxText(await links(schoolId)),
      ...signatures,
    };
  }

  /** The bytes of a stored file; a file missing from the store counts as none. */
  async function storedBytes(schoolId: number, fileId: number | null) {
    if (fileId === null) return undefined;
    try {
      return (await files.read(db, schoolId, fileId)).bytes;
    } catch {
      return undefined;
    }
  }

  const pdfFileName = (student: StudentRow, education: EducationRow) =>
    `Ausbildungsvertrag Klasse ${education.licenseClass} ${student.firstName} ${student.lastName}.pdf`;

  /** Renders the PDF from the contract row and the signatures in the file store. */
  async function renderStored(
    schoolId: number,
    student: StudentRow,
    education: EducationRow,
    contract: ContractRow,
    override?: { signer: Signer; image: Buffer; signedAt: Date },
  ) {
    const signature = async (signer: Signer) => {
      if (override?.signer === signer)
        return { image: override.image, signedAt: override.signedAt };
      const fileId =
        signer === 'student' ? contract.studentSignatureFileId : contract.parentSignatureFileId;
      const signedAt = signer === 'student' ? contract.studentSignedAt : contract.parentSignedAt;
      const image = await storedBytes(schoolId, fileId);
      return image && signedAt ? { image, signedAt } : undefined;
    };
    const studentSignature = await signature('student');
    if (!studentSignature) return undefined;
    const print = await contractPrint(schoolId, student, education, {
      studentSignature,
      parentSignature: await signature('parent'),
    });
    return trainingContractPdf(print);
  }

  async function sign(request: FastifyRequest, signer: Signer) {
    const a = requireAuth(request);
    const schoolId = a.drivingSchoolId;
    const { education, student } = await educationOf(
      a,
      num((request.query as { studentEducationId: unknown }).studentEducationId),
    );
    if (education.archived) {
      throw globalError('errors.education_archived', 'An archived education cannot be signed.');
    }
    const now = new Date();
    const before = await contractOf(db, schoolId, education.id);
    if (
      signer === 'parent' &&
      !trainingContractState(education, student.birthDate, before, now).parentSignatureAllowed
    ) {
      throw globalError(
        'errors.parent_signature_not_needed',
        'The student is of age on the day of signing: a parent does not sign.',
      );
    }
    const file = uploadedFile(request, 'file', {
      types: ['image/png'],
      maxBytes: SIGNATURE_MAX_BYTES,
    });
    if (!(await embeddable(file.bytes))) {
      throw fieldError('file', 'validation.file_type', 'The PNG cannot be read as an image.');
    }

    // The contract as it will be: made complete by this signature, the PDF is rendered first
    // (outside the transaction), then everything is written at once.
    const merged: ContractRow = {
      ...(before ?? {
        id: 0,
        drivingSchoolId: schoolId,
        studentEducationId: education.id,
        studentSignatureFileId: null,
        studentSignedAt: null,
        parentSignatureFileId: null,
        parentSignedAt: null,
        documentId: null,
        createdAt: now,
        updatedAt: now,
      }),
      ...(signer === 'student'
        ? { studentSignatureFileId: -1, studentSignedAt: now }
        : { parentSignatureFileId: -1, parentSignedAt: now }),
    };
    const complete = trainingContractState(education, student.birthDate, merged, now).signed;
    const pdf = complete
      ? await renderStored(schoolId, student, education, merged, {
          signer,
          image: file.bytes,
          signedAt: now,
        })
      : undefined;

    const removed = await db.transaction(async (tx) => {
      const executor = tx as Db;
      const current = await contractOf(executor, schoolId, education.id, true);
      const stored = await files.save(executor, schoolId, {
        fileName: `Unterschrift ${SIGNER_TEXTS[signer]} Ausbildungsvertrag Klasse ${education.licenseClass}.png`,
        mimeType: 'image/png',
        bytes: file.bytes,
      });
      const values =
        signer === 'student'
          ? { studentSignatureFileId: stored.id, studentSignedAt: now }
          : { parentSignatureFileId: stored.id, parentSignedAt: now };
      const [written] = await executor
        .insert(trainingContracts)
        .values({ drivingSchoolId: schoolId, studentEducationId: education.id, ...values })
        .onConflictDoUpdate({
          target: trainingContracts.studentEducationId,
          set: { ...values, updatedAt: now },
        })
        .returning();
      if (!written) throw new Error('The training contract row was not written.');
      const oldFiles: (number | null | undefined)[] = [
        signer === 'student' ? current?.studentSignatureFileId : current?.parentSignatureFileId,
      ];
      if (pdf) {
        const saved = await files.save(executor, schoolId, {
          fileName: pdfFileName(student, education),
          mimeType: 'application/pdf',
          bytes: pdf,
        });
        const document = {
          fileId: saved.id,
          fileName: pdfFileName(student, education),
          uploadedAt: now,
          uploadedByUserId: a.userId,
        };
        const [existing] = written.documentId
          ? await executor
              .select({ id: studentDocuments.id, fileId: studentDocuments.fileId })
              .from(studentDocuments)
              .where(
                and(
                  eq(studentDocuments.drivingSchoolId, schoolId),
                  eq(studentDocuments.id, written.documentId),
                ),
              )
          : [];
        if (existing) {
          // The same document, made anew: the earlier PDF goes with the earlier signature.
          await executor
            .update(studentDocuments)
            .set(document)
            .where(
              and(
                eq(studentDocuments.drivingSchoolId, schoolId),
                eq(studentDocuments.id, existing.id),
              ),
            );
          oldFiles.push(existing.fileId);
        } else {
          const [created] = await executor
            .insert(studentDocuments)
            .values({
              ...document,
              drivingSchoolId: schoolId,
              studentId: student.id,
              studentEducationId: education.id,
              type: 'TRAINING_CONTRACT',
              visible: true,
              generated: true,
            })
            .returning({ id: studentDocuments.id });
          if (!created) throw new Error('The contract document was not written.');
          await executor
            .update(trainingContracts)
            .set({ documentId: created.id })
            .where(
              and(
                eq(trainingContracts.drivingSchoolId, schoolId),
                eq(trainingContracts.id, written.id),
              ),
            );
          written.documentId = created.id;
        }
      }
      return { written, oldFiles };
    });
    for (const fileId of removed.oldFiles) {
      if (fileId) await files.remove(db, schoolId, fileId);
    }
    return trainingContractState(education, student.birthDate, removed.written, now);
  }

  return handlers({
    async getTrainingContract(request) {
      const a = requireAuth(request);
      const { education, student } = await educationOf(a, num(request.params.studentEducationId));
      const contract = await contractOf(db, a.drivingSchoolId, education.id);
      return { status: 200, body: trainingContractState(education, student.birthDate, contract) };
    },

    async uploadTrainingContractStudentSignature(request) {
      return { status: 200, body: await sign(request, 'student') };
    },

    async uploadTrainingContractParentSignature(request) {
      return { status: 200, body: await sign(request, 'parent') };
    },

    async getTrainingContractAddonsCheckboxText(request) {
      const a = requireAuth(request);
      const { education } = await educationOf(a, num(request.query.studentEducationId));
      const addOns = await bookedAddOns(a.drivingSchoolId, education.id);
      return { status: 200, body: { value: addonsCheckboxText(addOns) } };
    },

    async getTrainingContractGdprUrlCheckboxText(request) {
      const a = requireAuth(request);
      await educationOf(a, num(request.query.studentEducationId));
      return { status: 200, body: { value: gdprCheckboxText(await links(a.drivingSchoolId)) } };
    },

    async downloadSignedTrainingContract(request) {
      const a = requireAuth(request);
      const schoolId = a.drivingSchoolId;
      const { education, student } = await educationOf(a, num(request.params.studentEducationId));
      const contract = await contractOf(db, schoolId, education.id);
      if (!contract || !trainingContractState(education, student.birthDate, contract).signed) {
        throw globalError(
          'errors.training_contract_not_signed',
          'The training contract is not signed by everyone who must sign it yet.',
        );
      }
      let bytes = await storedPdf(schoolId, contract.documentId);
      // Kept at the last signature; rendered now only when the kept file is gone.
      bytes ??= await renderStored(schoolId, student, education, contract);
      if (!bytes) {
        throw globalError(
          'errors.training_contract_not_signed',
          'The signature images of the contract are missing from the file store.',
        );
      }
      return {
        status: 200,
        file: {
          bytes,
          mimeType: 'application/pdf',
          fileName: pdfFileName(student, education),
          disposition: 'inline',
        },
      };
    },
  });

  async function storedPdf(schoolId: number, documentId: number | null) {
    if (documentId === null) return undefined;
    const [document] = await db
      .select({ fileId: studentDocuments.fileId })
      .from(studentDocuments)
      .where(
        and(eq(studentDocuments.drivingSchoolId, schoolId), eq(studentDocuments.id, documentId)),
      );
    if (!document) return undefined;
    return storedBytes(schoolId, document.fileId);
  }
}
