import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { costBearerDocuments, costBearers, paymentDocuments, payments } from '../../db/schema';
import { type AuthContext, requireAuth } from '../../http/auth';
import { globalError, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { uploadedFile } from '../../http/uploads';
import type { Services } from '../handlers';
import { SETTLED_PAYMENT_STATUSES } from '../payments/payments.resources';
import { handlers, num, type Schemas } from '../resources/kit';
import { costBearerOfSchool } from './cost-bearers.resources';

/*
 * The cost bearer's saldo and the bytes of its documents: office uploads, downloads (with
 * the letterhead rule), deletion, and the QR-code upload page a cost bearer opens without
 * signing in (spec 000 §3, 001 §5, §7). The document rows' listing and renaming live in
 * documents/documents.resources.ts.
 */

/** The contract's CostBearerDocumentUpload: PDF, JPEG or PNG. */
export const COST_BEARER_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

/** The page of the back office the QR code opens (a public route of the route table). */
export const QR_UPLOAD_PAGE = '/payers/upload-qrcode-document';

/**
 * The school's part of a QR-code link: an HMAC of the school id under the server's secret,
 * so it cannot be guessed or forged and needs no stored column. The cost bearer's part is
 * a random token stored on the cost bearer (`cost_bearers.upload_token`, unique), made on
 * the first link request. Both must match for an upload to be accepted.
 */
export function schoolUploadToken(secret: string, schoolId: number): string {
  return createHmac('sha256', secret)
    .update(`cost-bearer-qr-upload:${schoolId}`)
    .digest('base64url')
    .slice(0, 32);
}

const sameToken = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

type DocumentRow = typeof costBearerDocuments.$inferSelect;

const money = (value: SQL) => sql<number>`coalesce(sum(${value}), 0)::bigint`.mapWith(Number);

/**
 * The saldo of a cost bearer, the same sign as a student's (`getStudentBalance`):
 * `balance = paidTotal − invoicedTotal`, where
 * - `invoicedTotal` sums `total_gross` of the cost bearer's issued payment documents (every
 *   status but DRAFT; payment requests excluded — they ask for money but are no invoice).
 *   A cancellation invoice has a negative total, so a cancelled invoice and its
 *   cancellation add up to zero;
 * - `paidTotal` sums the settled payments (PAID, PARTIALLY_PAID) booked on the cost bearer.
 * Negative: the cost bearer still owes the school. The stored `cost_bearers.balance` (used
 * by the list to sort and filter) is brought up to date when it differs.
 */
export async function costBearerBalance(db: Db, schoolId: number, costBearerId: number) {
  const d = paymentDocuments;
  const [[invoiced], [paid]] = await Promise.all([
    db
      .select({ total: money(sql`${d.totalGross}`) })
      .from(d)
      .where(
        and(
          eq(d.drivingSchoolId, schoolId),
          eq(d.costBearerId, costBearerId),
          ne(d.status, 'DRAFT'),
          ne(d.type, 'PAYMENT_REQUEST'),
        ),
      ),
    db
      .select({ total: money(sql`${payments.amount}`) })
      .from(payments)
      .where(
        and(
          eq(payments.drivingSchoolId, schoolId),
          eq(payments.costBearerId, costBearerId),
          inArray(payments.status, [...SETTLED_PAYMENT_STATUSES]),
        ),
      ),
  ]);
  const invoicedTotal = invoiced?.total ?? 0;
  const paidTotal = paid?.total ?? 0;
  return { costBearerId, invoicedTotal, paidTotal, balance: paidTotal - invoicedTotal };
}

export function createCostBearerFileHandlers(services: Services): OperationHandlers {
  const { db, files, config } = services;

  async function documentOfSchool(a: AuthContext, id: number): Promise<DocumentRow> {
    const [row] = await db
      .select()
      .from(costBearerDocuments)
      .where(
        and(
          eq(costBearerDocuments.drivingSchoolId, a.drivingSchoolId),
          eq(costBearerDocuments.id, id),
        ),
      );
    if (!row) throw notFound();
    return row;
  }

  /** Stores the bytes, then the row, in one transaction (the file store undoes the bytes on failure). */
  async function store(
    schoolId: number,
    costBearerId: number,
    file: { fileName: string; mimeType: string; bytes: Buffer },
    values: { type: Schemas['DocumentType']; uploadedByUserId: number | null; fromQrCode: boolean },
  ) {
    return db.transaction(async (tx) => {
      const stored = await files.save(tx, schoolId, file);
      const [row] = await tx
        .insert(costBearerDocuments)
        .values({
          drivingSchoolId: schoolId,
          costBearerId,
          fileId: stored.id,
          fileName: stored.fileName,
          type: values.type,
          uploadedByUserId: values.uploadedByUserId,
          fromQrCode: values.fromQrCode,
        })
        .returning();
      if (!row) throw new Error('The document row was not written.');
      return { row, stored };
    });
  }

  const dto = (row: DocumentRow, file: { mimeType: string; size: number }) => {
    const body: Schemas['CostBearerDocument'] = {
      id: row.id,
      costBearerId: row.costBearerId,
      type: row.type,
      fileName: row.fileName,
      mimeType: file.mimeType,
      size: file.size,
      generated: row.generated,
      uploadedAt: row.uploadedAt.toISOString(),
      fromQrCode: row.fromQrCode,
    };
    if (row.uploadedByUserId !== null) body.uploadedByUserId = row.uploadedByUserId;
    return body;
  };

  return handlers({
    async getCostBearerBalance(request) {
      const a = requireAuth(request);
      const costBearer = await costBearerOfSchool(db, a, num(request.params.id));
      const body = await costBearerBalance(db, a.drivingSchoolId, costBearer.id);
      if (costBearer.balance !== body.balance) {
        await db
          .update(costBearers)
          .set({ balance: body.balance })
          .where(
            and(
              eq(costBearers.drivingSchoolId, a.drivingSchoolId),
              eq(costBearers.id, costBearer.id),
            ),
          );
      }
      return { status: 200, body };
    },

    async uploadCostBearerDocument(request) {
      const a = requireAuth(request);
      const body = request.body as { costBearerId: number; type?: Schemas['DocumentType'] };
      const file = uploadedFile(request, 'file', {
        types: COST_BEARER_DOCUMENT_TYPES,
      });
      const costBearer = await costBearerOfSchool(db, a, num(body.costBearerId));
      const { row, stored } = await store(a.drivingSchoolId, costBearer.id, file, {
        type: body.type ?? 'OTHER',
        uploadedByUserId: a.userId,
        fromQrCode: false,
      });
      return { status: 201, body: dto(row, stored) };
    },

    /*
     * Removing the letterhead: only documents the server generated on the school's
     * letterhead could come without it. Uploaded documents (scans, letters of the
     * authority, QR-code uploads) have no letterhead of ours, so every uploaded document
     * refuses with `errors.letterhead_removal_not_allowed`. No module generates
     * cost-bearer documents yet (invoices are the money area's), and the server keeps no
     * letterhead-free rendering of a generated file; until the generator can render one,
     * generated documents refuse as well rather than answer the file with the letterhead.
     */
    async downloadCostBearerDocument(request) {
      const a = requireAuth(request);
      const row = await documentOfSchool(a, num(request.params.id));
      if (request.query.removeLetterhead === true) {
        throw globalError(
          'errors.letterhead_removal_not_allowed',
          row.generated
            ? 'No letterhead-free rendering of this generated document is available.'
            : 'Uploaded documents carry no letterhead of the school to remove.',
        );
      }
      const { row: stored, bytes } = await files.read(db, a.drivingSchoolId, row.fileId);
      return {
        status: 200,
        file: {
          bytes,
          mimeType: stored.mimeType,
          fileName: row.fileName,
          disposition: 'attachment',
        },
      };
    },

    // Generated documents belonging to an invoice stay (the invoice needs its file).
    async deleteCostBearerDocument(request) {
      const a = requireAuth(request);
      const row = await documentOfSchool(a, num(request.params.id));
      if (row.generated) {
        const [invoice] = await db
          .select({ id: paymentDocuments.id })
          .from(paymentDocuments)
          .where(
            and(
              eq(paymentDocuments.drivingSchoolId, a.drivingSchoolId),
              eq(paymentDocuments.costBearerId, row.costBearerId),
              ne(paymentDocuments.status, 'DRAFT'),
              isNotNull(paymentDocuments.number),
            ),
          )
          .limit(1);
        if (invoice) {
          throw globalError(
            'errors.document_in_use',
            'The generated document belongs to an issued invoice of the cost bearer.',
          );
        }
      }
      await db
        .delete(costBearerDocuments)
        .where(
          and(
            eq(costBearerDocuments.drivingSchoolId, a.drivingSchoolId),
            eq(costBearerDocuments.id, row.id),
          ),
        );
      // The bytes go once no other row points at the file.
      try {
        await files.remove(db, a.drivingSchoolId, row.fileId);
      } catch {
        // Still referenced elsewhere (a foreign key): the file stays for that row.
      }
      return { status: 204 };
    },

    async getCostBearerDocumentUploadLink(request) {
      const a = requireAuth(request);
      const costBearer = await costBearerOfSchool(db, a, num(request.params.costBearerId));
      let token = costBearer.uploadToken;
      if (!token) {
        const fresh = randomBytes(24).toString('base64url');
        // Made once; a concurrent first call keeps whichever token was written first.
        await db
          .update(costBearers)
          .set({ uploadToken: fresh })
          .where(
            and(
              eq(costBearers.drivingSchoolId, a.drivingSchoolId),
              eq(costBearers.id, costBearer.id),
              sql`${costBearers.uploadToken} is null`,
            ),
          );
        token = (await costBearerOfSchool(db, a, costBearer.id)).uploadToken ?? fresh;
      }
      const query = new URLSearchParams({
        schoolToken: schoolUploadToken(config.jwtSecret, a.drivingSchoolId),
        costBearerToken: token,
      });
      return { status: 200, body: { url: `${config.publicUrl}${QR_UPLOAD_PAGE}?${query}` } };
    },

    // No sign-in: the two tokens name the cost bearer; anything else is 404.
    async uploadCostBearerDocumentByQrCode(request) {
      const schoolToken = String(request.params.schoolToken ?? '');
      const costBearerToken = String(request.params.costBearerToken ?? '');
      const [costBearer] = await db
        .select()
        .from(costBearers)
        .where(eq(costBearers.uploadToken, costBearerToken));
      if (
        !costBearer ||
        costBearer.archived ||
        !sameToken(schoolToken, schoolUploadToken(config.jwtSecret, costBearer.drivingSchoolId))
      ) {
        throw notFound('The link is not valid (any more).');
      }
      const body = (request.body ?? {}) as { type?: Schemas['DocumentType'] };
      const file = uploadedFile(request, 'file', {
        types: COST_BEARER_DOCUMENT_TYPES,
      });
      await store(costBearer.drivingSchoolId, costBearer.id, file, {
        type: body.type ?? 'OTHER',
        uploadedByUserId: null,
        fromQrCode: true,
      });
      return { status: 204 };
    },
  });
}
