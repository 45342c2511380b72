import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appointments,
  costBearers,
  emailConfigs,
  emailConfigUsers,
  masterData,
  paymentDocuments,
  storedFiles,
  studentEducationCostBearers,
  studentEducations,
  theoryLessonParticipants,
  theoryLessons,
} from '../../db/schema';
import { createFileStore } from '../../files/file-store';
import { startSmtpSink } from '../../test/smtp-sink';
import { DEMO_OWNER, DRIVERS, expectError, useTestApp } from '../../test/test-app';
import { validateEInvoice } from './e-invoice-validation';
import { type InvoiceFixture, invoiceFixture, studentWithServices } from './invoice-fixtures';
import { pdfLines } from './pdf-lines';

/*
 * The files of payment documents through the API on both drivers: the PDF download (archived
 * original, draft marked, without letterhead re-rendered or refused), the e-invoice download,
 * the proof of training and sending a document by e-mail over the school's mail account.
 */

type Doc = { id: number; type: string; status: string; number?: string; totalGross: number };

const de = JSON.parse(
  readFileSync(
    path.resolve(
      path.dirname(fileURLToPath(import.meta.url)),
      '../../../../../packages/features/core/src/i18n/de.json',
    ),
    'utf8',
  ),
) as { errors: Record<string, string> };

describe.each(DRIVERS)('payment document files on %s', (driver) => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  afterAll(async () => {
    await smtp?.close();
  });
  const t = useTestApp(driver);
  let owner: string;
  let fixture: InvoiceFixture;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    fixture = await invoiceFixture(t.database.db, t.demo.schoolId);
    await t.database.db.insert(masterData).values({
      drivingSchoolId: t.demo.schoolId,
      email: 'buero@fahrschule-demo.de',
      phone: '089 1234567',
      address: {
        street: 'Sonnenstraße',
        houseNumber: '5',
        postalCode: '80331',
        city: 'München',
        country: 'DE',
      },
      vatTaxNumber: '143/123/45678',
      vatId: 'DE123456789',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      responsiblePerson: 'Erika Mustermann',
    });
  });

  const finalInvoice = async (licenseClass: 'B' | 'CE' = 'B') => {
    const student = await studentWithServices(t.database.db, fixture, { licenseClass });
    const response = await t.call<Doc[]>('POST', '/payment-documents/create-final-invoices', {
      token: owner,
      body: { studentEducationIds: [student.educationId], dueDate: '2026-12-31' },
    });
    expect(response.status, response.raw).toBe(201);
    return { student, invoice: response.body[0] as Doc };
  };
  const pdf = (id: number, query: Record<string, string | number | boolean> = {}) =>
    t.call('GET', `/payment-documents/${id}/pdf`, { token: owner, query });
  const storedBytes = async (fileId: number) => {
    const files = createFileStore({ dataDir: t.config.dataDir });
    return (await files.read(t.database.db, t.demo.schoolId, fileId)).bytes;
  };
  const documentRow = async (id: number) =>
    (await t.database.db.select().from(paymentDocuments).where(eq(paymentDocuments.id, id)))[0];
  const draftPaymentRequest = async () => {
    const student = await studentWithServices(t.database.db, fixture, { finished: false });
    const draft = await t.call<Doc>('POST', '/payment-documents', {
      token: owner,
      body: {
        type: 'PAYMENT_REQUEST',
        studentId: student.studentId,
        lines: [{ description: 'Grundbetrag Klasse B', quantity: 1, unitPrice: 39_900 }],
      },
    });
    expect(draft.status, draft.raw).toBe(201);
    return draft.body;
  };

  describe('the PDF', () => {
    it('answers the PDF archived at issue, byte for byte', async () => {
      const { invoice } = await finalInvoice();
      const row = await documentRow(invoice.id);
      expect(row?.pdfFileId).toBeTruthy();
      const response = await pdf(invoice.id);
      expect(response.status, response.raw.slice(0, 200)).toBe(200);
      expect(response.headers['content-type']).toContain('application/pdf');
      expect(response.bytes.equals(await storedBytes(row?.pdfFileId ?? 0))).toBe(true);
      const text = pdfLines(response.bytes);
      expect(text).toContain(`Schlussrechnung Nr. ${invoice.number}`);
      expect(text).toContain('Sonnenstraße 5 · 80331 München');
    });

    it('renders a draft now, marked as draft', async () => {
      const draft = await draftPaymentRequest();
      const response = await pdf(draft.id);
      expect(response.status, response.raw.slice(0, 200)).toBe(200);
      const text = pdfLines(response.bytes);
      expect(text).toContain('Zahlungsaufforderung');
      expect(text).toContain('Entwurf – keine Rechnung');
    });

    it('prints an invoice without letterhead from what it stored at issue', async () => {
      const { invoice } = await finalInvoice();
      // The master data changes after issue: the re-rendered document keeps the old issuer.
      await t.database.db
        .update(masterData)
        .set({ phone: '030 999999' })
        .where(eq(masterData.drivingSchoolId, t.demo.schoolId));
      const response = await pdf(invoice.id, { removeLetterhead: true });
      expect(response.status, response.raw.slice(0, 200)).toBe(200);
      const text = pdfLines(response.bytes);
      expect(text).toContain(`Schlussrechnung Nr. ${invoice.number}`);
      expect(text).not.toContain('Sonnenstraße 5');
      expect(text).not.toContain('030 999999');
      const archived = pdfLines(await pdf(invoice.id).then((r) => r.bytes));
      expect(archived).toContain('Tel. 089 1234567');
      await t.database.db
        .update(masterData)
        .set({ phone: '089 1234567' })
        .where(eq(masterData.drivingSchoolId, t.demo.schoolId));
    });

    it('refuses to remove the letterhead of a cancellation invoice with the spec message', async () => {
      const { invoice } = await finalInvoice();
      const cancellation = await t.call<Doc>(
        'POST',
        '/payment-documents/create-cancellation-invoice',
        { token: owner, query: { invoiceForCancellationId: invoice.id } },
      );
      expect(cancellation.status, cancellation.raw).toBe(201);
      expectError(
        await pdf(cancellation.body.id, { removeLetterhead: true }),
        422,
        'errors.letterhead_removal_not_allowed',
      );
      expect(de.errors.letterhead_removal_not_allowed).toBe(
        'Das Entfernen des Briefkopfes ist für diesen Dokumententyp nicht erlaubt!',
      );
      const text = pdfLines((await pdf(cancellation.body.id)).bytes);
      expect(text).toContain(`Stornorechnung Nr. ${cancellation.body.number}`);
      expect(text).toContain(`zu Rechnung Nr. ${invoice.number}`);
    });

    it('answers 404 for a document of no school of the user', async () => {
      expect((await pdf(987_654)).status).toBe(404);
    });
  });

  describe('the e-invoice', () => {
    it('answers the stored XRechnung of a cost-bearer invoice', async () => {
      const [bearer] = await t.database.db
        .insert(costBearers)
        .values({
          drivingSchoolId: t.demo.schoolId,
          kind: 'EMPLOYMENT_AGENCY',
          name: 'Agentur für Arbeit München',
          address: {
            street: 'Kapuzinerstraße',
            houseNumber: '26',
            postalCode: '80337',
            city: 'München',
            country: 'DE',
          },
          eInvoiceFormat: 'XRECHNUNG',
          leitwegId: '991-01234-56',
        })
        .returning();
      const student = await studentWithServices(t.database.db, fixture, { licenseClass: 'CE' });
      await t.database.db.insert(studentEducationCostBearers).values({
        drivingSchoolId: t.demo.schoolId,
        costBearerId: bearer?.id ?? 0,
        studentEducationId: student.educationId,
      });
      const issued = await t.call<Doc>('POST', '/payment-documents/create-cost-bearer-invoice', {
        token: owner,
        body: { costBearerId: bearer?.id, studentEducationIds: [student.educationId] },
      });
      expect(issued.status, issued.raw).toBe(201);
      const response = await t.call('GET', `/payment-documents/${issued.body.id}/e-invoice`, {
        token: owner,
      });
      expect(response.status, response.raw.slice(0, 300)).toBe(200);
      expect(response.headers['content-type']).toContain('application/xml');
      const xml = response.bytes.toString('utf8');
      expect(xml).toContain('<ram:BuyerReference>991-01234-56</ram:BuyerReference>');
      expect(xml).toContain(`<ram:ID>${issued.body.number}</ram:ID>`);
      expect(xml).toContain('<ram:CategoryCode>E</ram:CategoryCode>');
      // The XRechnung issued from the school's real data passes the official rules too.
      const validation = validateEInvoice(xml, { xrechnung: true });
      expect(validation.schemaErrors).toEqual([]);
      expect(validation.fatal.map((assert) => `${assert.id}: ${assert.text}`)).toEqual([]);

      // Sent by e-mail, the XML goes along with the PDF.
      const account = await mailAccount(smtp.url);
      const sent = await t.call('POST', `/payment-documents/${issued.body.id}/send-email`, {
        token: owner,
        body: { emailConfigId: account, to: ['rechnung@arbeitsagentur.example'] },
      });
      expect(sent.status, sent.raw).toBe(200);
      const mail = await smtp.next();
      expect(mail.to).toEqual(['rechnung@arbeitsagentur.example']);
      expect(mail.raw).toContain('application/pdf');
      expect(mail.raw).toContain('application/xml');
      expect(mail.raw).toContain(`XRechnung_${issued.body.number}.xml`);
    });

    it('answers 422 errors.no_e_invoice for the format PDF and for drafts', async () => {
      const { invoice } = await finalInvoice();
      expectError(
        await t.call('GET', `/payment-documents/${invoice.id}/e-invoice`, { token: owner }),
        422,
        'errors.no_e_invoice',
      );
      const draft = await draftPaymentRequest();
      expectError(
        await t.call('GET', `/payment-documents/${draft.id}/e-invoice`, { token: owner }),
        422,
        'errors.no_e_invoice',
      );
    });
  });

  describe('the proof of training', () => {
    const proof = (studentEducationId: number, issueDate: string) =>
      t.call('POST', '/proof-of-training/preview', {
        token: owner,
        query: { studentEducationId, issueDate },
      });

    it('lists the driving lessons by type with dates and minutes, theory attended and exams', async () => {
      const student = await studentWithServices(t.database.db, fixture, { licenseClass: 'B' });
      const [lesson] = await t.database.db
        .insert(theoryLessons)
        .values({
          drivingSchoolId: t.demo.schoolId,
          additional: false,
          lessonNumber: 3,
          topic: 'Verhalten gegenüber Fußgängern',
          date: '2026-03-10',
          startTime: '18:00',
          minutes: 90,
          instructorId: fixture.instructorId,
          branchId: fixture.branchId,
        })
        .returning();
      await t.database.db.insert(theoryLessonParticipants).values({
        drivingSchoolId: t.demo.schoolId,
        theoryLessonId: lesson?.id ?? 0,
        studentId: student.studentId,
        studentEducationId: student.educationId,
      });
      const response = await proof(student.educationId, '2026-12-31');
      expect(response.status, response.raw.slice(0, 300)).toBe(200);
      expect(response.headers['content-type']).toContain('application/pdf');
      const text = pdfLines(response.bytes);
      expect(text).toContain('Ausbildungsnachweis');
      expect(text).toContain('Klasse  B');
      expect(text).toMatch(/Übungsfahrt {2}2 {2}135 Min\./);
      expect(text).toMatch(/Prüfungsfahrt {2}1 {2}45 Min\./);
      expect(text).toContain('Verhalten gegenüber Fußgängern');
      expect(text).toContain('Grundstoff 3');
    });

    it('leaves lessons after the issue date out', async () => {
      const student = await studentWithServices(t.database.db, fixture, { licenseClass: 'B' });
      const lessons = await t.database.db
        .select({ date: appointments.date })
        .from(appointments)
        .where(eq(appointments.studentEducationId, student.educationId));
      const first = lessons.map((lesson) => lesson.date).sort()[0] ?? '';
      const text = pdfLines((await proof(student.educationId, first)).bytes);
      expect(text).toMatch(/Summe {2}1 {2}/);
    });

    it('refuses a certificate without dates with the spec message', async () => {
      const student = await studentWithServices(t.database.db, fixture, { licenseClass: 'B' });
      const [bare] = await t.database.db
        .insert(studentEducations)
        .values({
          drivingSchoolId: t.demo.schoolId,
          studentId: student.studentId,
          licenseClass: 'A',
          branchId: fixture.branchId,
          theoryQuestionsVersion: '2025-04',
        })
        .returning();
      expectError(
        await proof(bare?.id ?? 0, '2026-12-31'),
        422,
        'errors.certificate_without_dates',
      );
      // Lessons only after the issue date: no dates either.
      expectError(
        await proof(student.educationId, '2020-01-01'),
        422,
        'errors.certificate_without_dates',
      );
      expect((await proof(987_654, '2026-12-31')).status).toBe(404);
    });
  });

  /** A mail account of the school over `url` (the test's SMTP sink) that the owner may use. */
  async function mailAccount(url: string): Promise<number> {
    const [host, port] = url.replace('smtp://', '').split(':') as [string, string];
    const email = `rechnungen-${Math.random().toString(36).slice(2, 8)}@fahrschule-demo.de`;
    const [account] = await t.database.db
      .insert(emailConfigs)
      .values({
        drivingSchoolId: t.demo.schoolId,
        email,
        senderName: 'Fahrschule Demo',
        smtpHost: host,
        smtpPort: Number(port),
        smtpSecurity: 'STARTTLS',
        imapHost: host,
        imapPort: 993,
        imapSecurity: 'TLS',
        username: '',
        password: '',
      })
      .returning();
    await t.database.db.insert(emailConfigUsers).values({
      drivingSchoolId: t.demo.schoolId,
      emailConfigId: account?.id ?? 0,
      userId: t.demo.userIds[DEMO_OWNER.email] as number,
    });
    return account?.id ?? 0;
  }

  describe('sending by e-mail', () => {
    it('sends the archived PDF over the chosen account and keeps the mail in the outbox', async () => {
      const { invoice } = await finalInvoice();
      const account = await mailAccount(smtp.url);
      const response = await t.call<{
        folder: string;
        to: string[];
        subject: string;
        attachments: { fileName: string; mimeType: string }[];
      }>('POST', `/payment-documents/${invoice.id}/send-email`, {
        token: owner,
        body: { emailConfigId: account, to: ['mara@example.de'] },
      });
      expect(response.status, response.raw).toBe(200);
      expect(response.body).toMatchObject({ folder: 'OUTBOX', to: ['mara@example.de'] });
      expect(response.body.subject).toContain(`Schlussrechnung ${invoice.number} – `);
      expect(response.body.attachments).toEqual([
        expect.objectContaining({
          fileName: `Schlussrechnung_${invoice.number}.pdf`,
          mimeType: 'application/pdf',
        }),
      ]);
      const mail = await smtp.next();
      expect(mail.to).toEqual(['mara@example.de']);
      expect(mail.subject).toContain(`Schlussrechnung ${invoice.number}`);
      expect(mail.raw).toContain(`Schlussrechnung_${invoice.number}.pdf`);
      const [stored] = await t.database.db
        .select({ n: storedFiles.id })
        .from(storedFiles)
        .where(eq(storedFiles.fileName, `Schlussrechnung_${invoice.number}.pdf`));
      expect(stored).toBeTruthy();
    });

    it('fills a template with the invoice placeholders', async () => {
      const { invoice } = await finalInvoice();
      const account = await mailAccount(smtp.url);
      const response = await t.call<{ subject: string; htmlBody: string }>(
        'POST',
        `/payment-documents/${invoice.id}/send-email`,
        {
          token: owner,
          body: {
            emailConfigId: account,
            to: ['mara@example.de'],
            subject: 'Ihre Rechnung {{invoice.number}}',
            htmlBody: '<p>Betrag: {{ invoice.totalGross }}</p>',
          },
        },
      );
      expect(response.status, response.raw).toBe(200);
      expect(response.body.subject).toBe(`Ihre Rechnung ${invoice.number}`);
      expect(response.body.htmlBody).toContain(
        `${Math.floor(invoice.totalGross / 100)},${String(invoice.totalGross % 100).padStart(2, '0')} €`,
      );
      await smtp.next();
    });

    it('refuses a draft (errors.document_not_issued) and a refusing mail server (errors.email_not_sent)', async () => {
      const draft = await draftPaymentRequest();
      const account = await mailAccount(smtp.url);
      expectError(
        await t.call('POST', `/payment-documents/${draft.id}/send-email`, {
          token: owner,
          body: { emailConfigId: account, to: ['mara@example.de'] },
        }),
        422,
        'errors.document_not_issued',
      );
      const { invoice } = await finalInvoice();
      const dead = await mailAccount('smtp://127.0.0.1:1');
      expectError(
        await t.call('POST', `/payment-documents/${invoice.id}/send-email`, {
          token: owner,
          body: { emailConfigId: dead, to: ['mara@example.de'] },
        }),
        422,
        'errors.email_not_sent',
      );
    });
  });
});
