import { randomBytes } from 'node:crypto';
import type { components } from '@fahrwerk/api/schema';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Document as SepaDocument, validateCreditorID } from 'sepa';
import type { Db } from '../../db/database';
import {
  drivingSchools,
  livePayMandates,
  masterData,
  payments,
  sepaExports,
  users,
} from '../../db/schema';
import type { FileStore } from '../../files/file-store';
import { requireAuth } from '../../http/auth';
import { globalError, notFound } from '../../http/errors';
import { idempotent } from '../../http/idempotency';
import type { FileAnswer, OperationHandlers } from '../../http/operation-types';
import type { Services } from '../handlers';
import { expireLapsedMandates } from '../mandates/mandate-lapse';
import { berlinToday, handlers } from '../resources/kit';
import { isTarget2BusinessDay, sepaText, validatePain008 } from './sepa-validation';

/*
 * The SEPA direct-debit file of live pay (`POST /live-pay/sepa-export`): a pain.008.001.08
 * (CORE) file of the school's due OPEN debits under confirmed mandates, for the bank's online
 * banking. One transaction under a per-school lock: the debits become PENDING with their
 * end-to-end ids, their mandates record the collection and turn recurring, the file is
 * archived byte for byte (`sepa_exports`, downloadable again). Every file is validated
 * against the ISO 20022 schema and the SEPA rules before it is answered; a file that fails
 * is never answered (500, the complaints logged) and nothing is written.
 */

type SepaExport = components['schemas']['SepaExport'];
type SepaExportRow = typeof sepaExports.$inferSelect;

/** pg_advisory_xact_lock(key, school): one export per school at a time. */
const SEPA_EXPORT_LOCK_KEY = 4_711_014;

/** SEPA's legal pre-notification: 14 days unless the contract agrees fewer. */
export const DEFAULT_PRE_NOTIFICATION_DAYS = 14;

export type SepaCreditor = {
  name: string;
  iban: string;
  bic?: string | null | undefined;
  creditorId: string;
};

export type SepaDebit = {
  paymentId: number;
  /** Cents. */
  amount: number;
  endToEndId: string;
  sequenceType: 'FRST' | 'RCUR';
  mandateReference: string;
  /** YYYY-MM-DD. */
  mandateSignedAt: string;
  debtorName: string;
  debtorIban: string;
  debtorBic?: string | null | undefined;
  remittance: string;
};

export type Pain008Input = {
  messageId: string;
  createdAt: Date;
  /** YYYY-MM-DD. */
  collectionDate: string;
  batchBooking: boolean;
  creditor: SepaCreditor;
  debits: SepaDebit[];
};

/** A calendar day as the local Date sepa.js formats back to the same YYYY-MM-DD. */
const localDay = (date: string) =>
  new Date(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));

/** A BIC only when it belongs to the IBAN's country (else the bank finds it from the IBAN). */
const bicFor = (iban: string, bic: string | null | undefined) =>
  bic && bic.slice(4, 6) === iban.slice(0, 2) ? bic : '';

/**
 * The pain.008.001.08 XML of the debits, written by the `sepa` library: one payment
 * information block per sequence type (FRST, RCUR). Texts must be in the SEPA character set
 * already (`sepaText`).
 */
export function buildPain008(input: Pain008Input): string {
  const doc = new SepaDocument('pain.008.001.08');
  doc.grpHdr.id = input.messageId;
  doc.grpHdr.created = input.createdAt;
  doc.grpHdr.initiatorName = input.creditor.name;
  for (const sequenceType of ['FRST', 'RCUR'] as const) {
    const debits = input.debits.filter((debit) => debit.sequenceType === sequenceType);
    if (debits.length === 0) continue;
    const info = doc.createPaymentInfo();
    // The library puts the message id in front: `<MsgId>.FRST`, and `<PmtInfId>.<tx id>` for
    // InstrId — short enough for the 35 characters of both.
    info.id = sequenceType;
    info.collectionDate = localDay(input.collectionDate);
    info.creditorIBAN = input.creditor.iban;
    info.creditorBIC = bicFor(input.creditor.iban, input.creditor.bic);
    info.creditorName = input.creditor.name;
    info.creditorId = input.creditor.creditorId;
    info.batchBooking = input.batchBooking;
    info.localInstrumentation = 'CORE';
    info.sequenceType = sequenceType;
    doc.addPaymentInfo(info);
    for (const debit of debits) {
      const tx = info.createTransaction();
      tx.id = debit.paymentId.toString(36).toUpperCase();
      tx.end2endId = debit.endToEndId;
      tx.amount = debit.amount / 100;
      tx.currency = 'EUR';
      tx.mandateId = debit.mandateReference;
      tx.mandateSignatureDate = localDay(debit.mandateSignedAt);
      tx.debtorName = debit.debtorName;
      tx.debtorIBAN = debit.debtorIban;
      tx.debtorBIC = bicFor(debit.debtorIban, debit.debtorBic);
      tx.remittanceInfo = debit.remittance;
      info.addTransaction(tx);
    }
  }
  return doc.toString();
}

/** `FW-<payment id>` the first time; a debit collected again gets `FW-<id>-R<n>`. */
export function nextEndToEndId(paymentId: number, previous: string | null): string {
  const first = `FW-${paymentId}`;
  if (!previous) return first;
  const again = new RegExp(`^${first}-R([0-9]+)$`).exec(previous);
  return `${first}-R${again ? Number(again[1]) + 1 : 1}`;
}

/** A message id unique per school: `FW` + time and randomness in base 36 (≤ 35 characters). */
const newMessageId = (now: Date) =>
  `FW${now.getTime().toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`;

export const sepaFileName = (collectionDate: string) => `pain008-${collectionDate}.xml`;

export type SepaExportRequest = {
  collectionDate: string;
  dueUntil?: string | undefined;
  paymentIds?: number[] | undefined;
  batchBooking?: boolean | undefined;
};

export type SepaExportResult = { row: SepaExportRow; bytes: Buffer };

/** A debit the export found due, with its mandate. */
type DueDebit = {
  id: number;
  amount: number;
  reference: string;
  endToEndId: string | null;
  mandateId: number;
  mandateReference: string;
  holderName: string;
  iban: string;
  bic: string | null;
  signedAt: string | null;
  sequenceType: string;
};

/**
 * Makes the school's SEPA file (see the module comment). 422 `errors.collection_date`,
 * `errors.creditor_id_missing`, `errors.nothing_to_export`; a file failing validation
 * throws a plain error (500) after logging the complaints.
 */
export async function exportSepaFile(
  db: Db,
  files: FileStore,
  schoolId: number,
  request: SepaExportRequest,
  options: {
    userId?: number | undefined;
    log?: Pick<FastifyBaseLogger, 'error'> | undefined;
    now?: Date;
  } = {},
): Promise<SepaExportResult> {
  const now = options.now ?? new Date();
  const today = berlinToday(now);
  const { collectionDate } = request;
  if (collectionDate <= today || !isTarget2BusinessDay(collectionDate)) {
    throw globalError(
      'errors.collection_date',
      'The collection date must be a TARGET2 business day after today (no weekend, 1 January, Good Friday, Easter Monday, 1 May, 25 or 26 December).',
    );
  }
  const dueUntil = request.dueUntil ?? collectionDate;
  const [school] = await db
    .select({
      name: drivingSchools.name,
      creditorId: masterData.creditorId,
      iban: masterData.iban,
      bic: masterData.bic,
      preNotificationDays: masterData.preNotificationDays,
    })
    .from(drivingSchools)
    .leftJoin(masterData, eq(masterData.drivingSchoolId, drivingSchools.id))
    .where(eq(drivingSchools.id, schoolId));
  if (!school?.creditorId || !school.iban || !validateCreditorID(school.creditorId)) {
    throw globalError(
      'errors.creditor_id_missing',
      'The master data need the creditor id and the IBAN of the school for a SEPA file.',
    );
  }
  const creditor: SepaCreditor = {
    name: sepaText(school.name, 70, 'Fahrschule'),
    iban: school.iban,
    bic: school.bic,
    creditorId: school.creditorId,
  };
  const preNotificationDays = school.preNotificationDays ?? DEFAULT_PRE_NOTIFICATION_DAYS;
  const [creator] = options.userId
    ? await db
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(and(eq(users.drivingSchoolId, schoolId), eq(users.id, options.userId)))
    : [];

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEPA_EXPORT_LOCK_KEY}, ${schoolId}::int)`);
    await expireLapsedMandates(tx, schoolId, today);
    const due: DueDebit[] = await tx
      .select({
        id: payments.id,
        amount: payments.amount,
        reference: payments.reference,
        endToEndId: payments.endToEndId,
        mandateId: livePayMandates.id,
        mandateReference: livePayMandates.reference,
        holderName: livePayMandates.holderName,
        iban: livePayMandates.iban,
        bic: livePayMandates.bic,
        signedAt: livePayMandates.signedAt,
        sequenceType: livePayMandates.sequenceType,
      })
      .from(payments)
      .innerJoin(
        livePayMandates,
        and(
          eq(livePayMandates.drivingSchoolId, payments.drivingSchoolId),
          eq(livePayMandates.id, payments.mandateId),
        ),
      )
      .where(
        and(
          eq(payments.drivingSchoolId, schoolId),
          eq(payments.method, 'DIRECT_DEBIT'),
          eq(payments.status, 'OPEN'),
          sql`${payments.amount} > 0`,
          lte(payments.paymentDate, dueUntil),
          eq(livePayMandates.status, 'CONFIRMED'),
          // The student was told of the debit at least the pre-notification period before.
          sql`(${payments.createdAt} at time zone 'Europe/Berlin')::date + ${preNotificationDays}::int <= ${collectionDate}::date`,
          request.paymentIds?.length ? inArray(payments.id, request.paymentIds) : undefined,
        ),
      )
      .orderBy(asc(payments.id));
    if (due.length === 0) {
      throw globalError(
        'errors.nothing_to_export',
        'No OPEN debit under a confirmed mandate is due and pre-notified for this collection date.',
      );
    }

    // A mandate's first collection is FRST; its further debits in the same file are RCUR.
    const firstUsed = new Set<number>();
    const debits: SepaDebit[] = due.map((debit) => {
      const first = debit.sequenceType === 'FRST' && !firstUsed.has(debit.mandateId);
      if (first) firstUsed.add(debit.mandateId);
      return {
        paymentId: debit.id,
        amount: debit.amount,
        endToEndId: nextEndToEndId(debit.id, debit.endToEndId),
        sequenceType: first ? 'FRST' : 'RCUR',
        mandateReference: debit.mandateReference,
        mandateSignedAt: debit.signedAt ?? today,
        debtorName: sepaText(debit.holderName, 70, 'Kontoinhaber'),
        debtorIban: debit.iban,
        debtorBic: debit.bic,
        remittance: sepaText(
          debit.reference,
          140,
          `${creditor.name} Lastschrift ${debit.mandateReference}`,
        ),
      };
    });
    const messageId = newMessageId(now);
    const xml = buildPain008({
      messageId,
      createdAt: now,
      collectionDate,
      batchBooking: request.batchBooking ?? true,
      creditor,
      debits,
    });
    const complaints = validatePain008(xml);
    if (complaints.length > 0) {
      options.log?.error(
        { schoolId, messageId, complaints },
        'The SEPA file failed validation; nothing was exported.',
      );
      throw new Error(`The SEPA file ${messageId} failed validation: ${complaints.join('; ')}`);
    }
    const bytes = Buffer.from(xml, 'utf8');
    const fileName = sepaFileName(collectionDate);
    const file = await files.save(tx, schoolId, {
      fileName,
      mimeType: 'application/xml',
      bytes,
    });
    const totalAmount = debits.reduce((sum, debit) => sum + debit.amount, 0);
    const [row] = await tx
      .insert(sepaExports)
      .values({
        drivingSchoolId: schoolId,
        messageId,
        fileName,
        collectionDate,
        debitCount: debits.length,
        totalAmount,
        firstCount: debits.filter((debit) => debit.sequenceType === 'FRST').length,
        fileId: file.id,
        createdByUserId: options.userId ?? null,
        createdByName: creator ? `${creator.firstName} ${creator.lastName}`.trim() || null : null,
      })
      .returning();
    if (!row) throw new Error('The insert answered no row.');

    // Set-wise: one statement for the debits, one for the mandates (5,000 debits are two
    // round trips, not 10,000). The ids are digits and the end-to-end ids [A-Z0-9-] only.
    const list = (values: (string | number)[]) => `{${values.join(',')}}`;
    const updated = await tx.execute(sql`
      update ${payments} set
        status = 'PENDING',
        end_to_end_id = v.end_to_end_id,
        sequence_type = v.sequence_type,
        sepa_export_id = ${row.id},
        updated_at = now()
      from (
        select unnest(${list(debits.map((d) => d.paymentId))}::bigint[]) as id,
               unnest(${list(debits.map((d) => d.endToEndId))}::text[]) as end_to_end_id,
               unnest(${list(debits.map((d) => d.sequenceType))}::text[]) as sequence_type
      ) v
      where ${payments.drivingSchoolId} = ${schoolId} and ${payments.id} = v.id
        and ${payments.status} = 'OPEN'`);
    const count = Number(
      (updated as { rowCount?: number; affectedRows?: number }).rowCount ??
        (updated as { affectedRows?: number }).affectedRows ??
        debits.length,
    );
    if (count !== debits.length) {
      throw new Error(`Only ${count} of ${debits.length} debits could be marked PENDING.`);
    }
    const mandateIds = [...new Set(due.map((debit) => debit.mandateId))];
    await tx.execute(sql`
      update ${livePayMandates} set
        last_debit_at = greatest(last_debit_at, ${collectionDate}::date),
        sequence_type = 'RCUR',
        updated_at = now()
      where ${livePayMandates.drivingSchoolId} = ${schoolId}
        and ${livePayMandates.id} = any(${list(mandateIds)}::bigint[])`);
    return { row, bytes };
  });
}

export const toSepaExportDto = (row: SepaExportRow): SepaExport => ({
  id: row.id,
  messageId: row.messageId,
  fileName: row.fileName,
  collectionDate: row.collectionDate,
  debitCount: row.debitCount,
  totalAmount: row.totalAmount,
  firstCount: row.firstCount,
  ...(row.createdByName ? { createdBy: row.createdByName.slice(0, 200) } : {}),
  createdAt: row.createdAt.toISOString(),
});

const fileAnswer = (fileName: string, bytes: Buffer): FileAnswer => ({
  status: 200,
  file: { bytes, mimeType: 'application/xml', fileName, disposition: 'attachment' },
});

export function createSepaExportHandlers(services: Services): OperationHandlers {
  const { db, files } = services;
  return handlers({
    async exportSepaDirectDebits(request) {
      const auth = requireAuth(request);
      const schoolId = auth.drivingSchoolId;
      return idempotent(db, schoolId, request, 'exportSepaDirectDebits', async () => {
        const { row, bytes } = await exportSepaFile(db, files, schoolId, request.body, {
          userId: auth.userId,
          log: request.log,
        });
        return fileAnswer(row.fileName, bytes);
      });
    },

    async listSepaExports(request) {
      const auth = requireAuth(request);
      const rows = await db
        .select()
        .from(sepaExports)
        .where(eq(sepaExports.drivingSchoolId, auth.drivingSchoolId))
        .orderBy(desc(sepaExports.createdAt), desc(sepaExports.id))
        .limit(request.query.limit ?? 50);
      return { status: 200, body: rows.map(toSepaExportDto) };
    },

    async downloadSepaExport(request) {
      const auth = requireAuth(request);
      const [row] = await db
        .select()
        .from(sepaExports)
        .where(
          and(
            eq(sepaExports.drivingSchoolId, auth.drivingSchoolId),
            eq(sepaExports.id, request.params.id),
          ),
        );
      if (!row) throw notFound('No such SEPA file in your school.');
      const { bytes } = await files.read(db, auth.drivingSchoolId, row.fileId);
      return fileAnswer(row.fileName, bytes);
    },
  });
}
