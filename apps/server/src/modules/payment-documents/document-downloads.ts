import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  costBearers,
  emailAttachments,
  emailConfigs,
  emailConfigUsers,
  emails,
  emailTemplates,
  paymentDocumentLines,
  paymentDocuments,
  students,
} from '../../db/schema';
import type { StoredFileRow } from '../../files/file-store';
import { type AuthContext, requireAuth } from '../../http/auth';
import { fieldError, globalError, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { formatDate, formatMoney } from '../../pdf/pdfmake';
import type { Services } from '../handlers';
import { toMailboxEmailDto } from '../mail/mail.resources';
import { handlers } from '../resources/kit';
import { loadDocumentPrint } from './document-files';
import type { DocumentPrint } from './document-print';
import { EInvoiceError, renderEInvoice } from './e-invoice';
import { DOCUMENT_TITLES, renderPaymentDocumentPdf } from './invoice-pdf';
import { loadProofOfTraining, renderProofOfTraining } from './proof-of-training';

/*
 * The files of payment documents (spec 001 §3–§5, §7–§8): the PDF download (the archived
 * original of an issued document, a draft rendered now and marked), the e-invoice download,
 * the proof of training, and sending a document by e-mail over the school's mail account.
 *
 * Without letterhead (`removeLetterhead`, for pre-printed paper) an issued document is
 * rendered again from what it stored at issue (issuer snapshot, lines, texts). Refused, with
 * `errors.letterhead_removal_not_allowed`, for cancellation invoices and for documents in an
 * e-invoice format (XRECHNUNG, ZUGFERD): their original is fixed — the cancellation refers to
 * an invoice whose printed original the recipient already has, and the e-invoice's visual PDF
 * is part of the legal original.
 */

type DocumentRow = typeof paymentDocuments.$inferSelect;
type LineRow = typeof paymentDocumentLines.$inferSelect;

/** Whether a document may be printed without letterhead (see above). */
export function letterheadRemovable(row: Pick<DocumentRow, 'type' | 'eInvoiceFormat'>): boolean {
  return row.type !== 'CANCELLATION_INVOICE' && row.eInvoiceFormat === 'PDF';
}

/** `Schlussrechnung_2026-00042.pdf`; drafts and payment requests by their id. */
export function pdfFileName(row: Pick<DocumentRow, 'type' | 'number' | 'id' | 'status'>): string {
  const reference = row.number ?? (row.status === 'DRAFT' ? `Entwurf-${row.id}` : String(row.id));
  return `${DOCUMENT_TITLES[row.type]}_${reference}.pdf`.replace(/[^A-Za-z0-9._-]+/g, '_');
}

export function createDocumentFileHandlers(services: Services): OperationHandlers {
  const { db, files } = services;

  async function load(
    schoolId: number,
    id: number,
  ): Promise<{ row: DocumentRow; lines: LineRow[] }> {
    const [row] = await db
      .select()
      .from(paymentDocuments)
      .where(and(eq(paymentDocuments.drivingSchoolId, schoolId), eq(paymentDocuments.id, id)));
    if (!row) throw notFound();
    const lines = await db
      .select()
      .from(paymentDocumentLines)
      .where(
        and(
          eq(paymentDocumentLines.drivingSchoolId, schoolId),
          eq(paymentDocumentLines.documentId, id),
        ),
      )
      .orderBy(asc(paymentDocumentLines.position));
    return { row, lines };
  }

  /** The PDF of a document as the download answers it. */
  async function pdfOf(
    schoolId: number,
    row: DocumentRow,
    lines: LineRow[],
    removeLetterhead: boolean,
  ): Promise<Buffer> {
    if (removeLetterhead && !letterheadRemovable(row)) {
      throw globalError(
        'errors.letterhead_removal_not_allowed',
        'Removing the letterhead is not allowed for this document type.',
      );
    }
    if (row.status !== 'DRAFT' && row.pdfFileId && !removeLetterhead) {
      return (await files.read(db, schoolId, row.pdfFileId)).bytes;
    }
    // A draft (marked), without letterhead, or issued before PDFs were archived: rendered
    // from the stored document (an issued one from its issuer snapshot).
    const print = await loadDocumentPrint(db, files, schoolId, row, lines, { removeLetterhead });
    return renderPaymentDocumentPdf(print);
  }

  /** The e-invoice file of an issued document in XRECHNUNG or ZUGFERD. */
  async function eInvoiceOf(
    schoolId: number,
    row: DocumentRow,
    lines: LineRow[],
  ): Promise<{ fileName: string; mimeType: string; bytes: Buffer }> {
    const noEInvoice = () =>
      globalError('errors.no_e_invoice', 'This document has no e-invoice (format PDF or a draft).');
    if (row.status === 'DRAFT' || row.eInvoiceFormat === 'PDF') throw noEInvoice();
    if (row.eInvoiceFileId) {
      const { row: file, bytes } = await files.read(db, schoolId, row.eInvoiceFileId);
      return { fileName: file.fileName, mimeType: file.mimeType, bytes };
    }
    try {
      return await renderEInvoice(await loadDocumentPrint(db, files, schoolId, row, lines));
    } catch (error) {
      if (error instanceof EInvoiceError) throw noEInvoice();
      throw error;
    }
  }

  /** The account the user sends from: the school's, and one the user may use. */
  async function accountOf(auth: AuthContext, emailConfigId: number) {
    const [account] = await db
      .select({
        id: emailConfigs.id,
        email: emailConfigs.email,
        senderName: emailConfigs.senderName,
        smtpHost: emailConfigs.smtpHost,
        smtpPort: emailConfigs.smtpPort,
        smtpSecurity: emailConfigs.smtpSecurity,
        username: emailConfigs.username,
        password: emailConfigs.password,
      })
      .from(emailConfigs)
      .innerJoin(
        emailConfigUsers,
        and(
          eq(emailConfigUsers.drivingSchoolId, emailConfigs.drivingSchoolId),
          eq(emailConfigUsers.emailConfigId, emailConfigs.id),
          eq(emailConfigUsers.userId, auth.userId),
        ),
      )
      .where(
        and(
          eq(emailConfigs.drivingSchoolId, auth.drivingSchoolId),
          eq(emailConfigs.id, emailConfigId),
        ),
      );
    if (!account) {
      throw fieldError(
        'emailConfigId',
        'validation.not_found',
        'No such mail account of yours in your school.',
      );
    }
    return account;
  }

  /** The payer's address and the placeholders of a document's mail. */
  async function recipientOf(schoolId: number, row: DocumentRow) {
    if (row.costBearerId) {
      const [bearer] = await db
        .select({ email: costBearers.email })
        .from(costBearers)
        .where(
          and(eq(costBearers.drivingSchoolId, schoolId), eq(costBearers.id, row.costBearerId)),
        );
      return { email: bearer?.email ?? undefined, student: undefined };
    }
    if (!row.studentId) return { email: undefined, student: undefined };
    const [student] = await db
      .select({
        firstName: students.firstName,
        lastName: students.lastName,
        email: students.email,
        payerEmail: students.payerEmail,
      })
      .from(students)
      .where(and(eq(students.drivingSchoolId, schoolId), eq(students.id, row.studentId)));
    return { email: student?.payerEmail ?? student?.email ?? undefined, student };
  }

  function placeholders(
    print: DocumentPrint,
    row: DocumentRow,
    student: { firstName: string; lastName: string; email: string | null } | undefined,
  ): Record<string, string> {
    const { issuer } = print;
    const address = issuer.address;
    return {
      'invoice.number': row.number ?? '',
      'invoice.dueDate': row.dueDate ? formatDate(row.dueDate) : '',
      'invoice.totalGross': formatMoney(row.totalGross),
      'invoice.openAmount': formatMoney(row.openAmount),
      'school.name': issuer.name,
      'school.email': issuer.email ?? '',
      'school.phone': issuer.phone ?? '',
      'school.address': [
        [address?.street, address?.houseNumber].filter(Boolean).join(' '),
        [address?.postalCode, address?.city].filter(Boolean).join(' '),
      ]
        .filter(Boolean)
        .join(', '),
      'student.firstName': student?.firstName ?? '',
      'student.lastName': student?.lastName ?? '',
      'student.email': student?.email ?? '',
      'student.salutation': student
        ? `Hallo ${student.firstName}`
        : 'Sehr geehrte Damen und Herren',
    };
  }

  const fill = (text: string, values: Record<string, string>) =>
    text.replace(/\{\{\s*([^{}]*?)\s*\}\}/g, (whole, key: string) => values[key] ?? whole);

  const escapeHtml = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

  const htmlToText = (html: string) =>
    html
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/p>/gi, '\n\n')
      .replace(/<[^>]+>/g, '')
      .replace(/&nbsp;/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&')
      .replace(/\n{3,}/g, '\n\n')
      .trim();

  return handlers({
    async downloadPaymentDocumentPdf(request) {
      const auth = requireAuth(request);
      const { row, lines } = await load(auth.drivingSchoolId, Number(request.params.id));
      const removeLetterhead = request.query.removeLetterhead === true;
      return {
        status: 200,
        file: {
          bytes: await pdfOf(auth.drivingSchoolId, row, lines, removeLetterhead),
          mimeType: 'application/pdf',
          fileName: pdfFileName(row),
          disposition: 'inline',
        },
      };
    },

    async downloadPaymentDocumentEInvoice(request) {
      const auth = requireAuth(request);
      const { row, lines } = await load(auth.drivingSchoolId, Number(request.params.id));
      const file = await eInvoiceOf(auth.drivingSchoolId, row, lines);
      return {
        status: 200,
        file: { ...file, disposition: 'attachment' },
      };
    },

    async previewProofOfTraining(request) {
      const auth = requireAuth(request);
      const proof = await loadProofOfTraining(
        db,
        auth.drivingSchoolId,
        Number(request.query.studentEducationId),
        request.query.issueDate,
      );
      const name = `${proof.student.lastName}_${proof.student.firstName}`;
      return {
        status: 200,
        file: {
          bytes: await renderProofOfTraining(proof),
          mimeType: 'application/pdf',
          fileName: `Ausbildungsnachweis_${name}_${proof.issueDate}.pdf`.replace(
            /[^A-Za-z0-9._-]+/g,
            '_',
          ),
          disposition: 'inline',
        },
      };
    },

    async sendPaymentDocumentEmail(request) {
      const auth = requireAuth(request);
      const schoolId = auth.drivingSchoolId;
      const { row, lines } = await load(schoolId, Number(request.params.id));
      if (row.status === 'DRAFT') {
        throw globalError('errors.document_not_issued', 'A draft cannot be sent; issue it first.');
      }
      const body = request.body;
      const account = await accountOf(auth, body.emailConfigId);
      const recipient = await recipientOf(schoolId, row);
      const to = body.to?.length ? body.to : recipient.email ? [recipient.email] : [];
      if (to.length === 0) {
        throw fieldError(
          'to',
          'validation.required',
          'The payer has no e-mail address; give `to`.',
        );
      }
      const print = await loadDocumentPrint(db, files, schoolId, row, lines);
      const values = placeholders(print, row, recipient.student);
      let subject = body.subject;
      let html = body.htmlBody;
      if ((!subject || !html) && body.emailTemplateId) {
        const [template] = await db
          .select()
          .from(emailTemplates)
          .where(
            and(
              eq(emailTemplates.drivingSchoolId, schoolId),
              eq(emailTemplates.id, body.emailTemplateId),
            ),
          );
        if (!template) {
          throw fieldError('emailTemplateId', 'validation.not_found', 'No such e-mail template.');
        }
        subject ??= template.subject;
        html ??= template.body;
      }
      const title = DOCUMENT_TITLES[row.type];
      const reference = row.number ? `${title} ${row.number}` : title;
      subject = fill(subject ?? `${reference} – ${print.issuer.name}`, values);
      html = fill(
        html ??
          `<p>${escapeHtml(values['student.salutation'] ?? '')},</p><p>anbei erhalten Sie ${escapeHtml(
            reference,
          )} über ${escapeHtml(formatMoney(row.totalGross))}.</p><p>Mit freundlichen Grüßen<br>${escapeHtml(
            print.issuer.name,
          )}</p>`,
        values,
      );

      // The attachments: the archived PDF, and the e-invoice for XRECHNUNG/ZUGFERD.
      const pdfBytes = await pdfOf(schoolId, row, lines, false);
      const attachments = [
        { fileName: pdfFileName(row), mimeType: 'application/pdf', bytes: pdfBytes },
      ];
      if (row.eInvoiceFormat !== 'PDF') {
        const eInvoice = await eInvoiceOf(schoolId, row, lines);
        // A ZUGFeRD PDF is the document itself: it replaces the plain PDF.
        if (eInvoice.mimeType === 'application/pdf') attachments.splice(0, 1, eInvoice);
        else attachments.push(eInvoice);
      }

      let sent: Awaited<ReturnType<typeof services.schoolMailer.sendVia>>;
      try {
        sent = await services.schoolMailer.sendVia(account, {
          to: to.join(', '),
          subject,
          text: htmlToText(html),
          html,
          attachments,
        });
      } catch (error) {
        request.log?.warn?.({ err: error }, 'payment document mail refused');
        throw globalError(
          'errors.email_not_sent',
          `The mail server did not accept the mail: ${(error as Error).message}`,
        );
      }

      // The outbox keeps the mail with its attachments (as stored files of the school).
      const { email, stored } = await db.transaction(async (txn) => {
        const tx = txn as Db;
        const [email] = await tx
          .insert(emails)
          .values({
            drivingSchoolId: schoolId,
            emailConfigId: account.id,
            folder: 'OUTBOX',
            from: account.email,
            fromName: account.senderName,
            to,
            subject,
            htmlBody: html,
            sentAt: new Date(),
            read: true,
            studentId: row.studentId,
            messageId: sent.messageId ?? null,
          })
          .returning();
        if (!email) throw new Error('The insert answered no row.');
        const stored: { id: number; file: StoredFileRow }[] = [];
        for (const [position, attachment] of attachments.entries()) {
          const file = await files.save(tx, schoolId, attachment);
          const [link] = await tx
            .insert(emailAttachments)
            .values({ drivingSchoolId: schoolId, emailId: email.id, fileId: file.id, position })
            .returning({ id: emailAttachments.id });
          if (link) stored.push({ id: link.id, file });
        }
        return { email, stored };
      });
      return {
        status: 200,
        body: toMailboxEmailDto(
          email,
          stored.map(({ id, file }) => ({
            id,
            emailId: email.id,
            fileName: file.fileName,
            mimeType: file.mimeType,
            size: file.size,
          })),
        ),
      };
    },
  });
}
