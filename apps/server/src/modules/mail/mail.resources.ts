import type { components } from '@fahrwerk/api/schema';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lte,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  emailAttachments,
  emailConfigUsers,
  emails,
  emailTemplateCategories,
  emailTemplates,
  storedFiles,
} from '../../db/schema';
import { type AuthContext, requireAuth } from '../../http/auth';
import { fieldError, forbidden, globalError, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { sanitizeMailHtml } from '../../mail/mail-html';
import { withoutNulls } from '../resources/kit';
import { createResourceHandlers } from '../resources/resource-handlers';
import { createResourceRepository, likePattern } from '../resources/resource-repository';

/*
 * The mailbox (the e-mails of the mail accounts a user may use), e-mail templates, their
 * categories and the placeholders templates may use.
 */

type Schemas = components['schemas'];
type EmailTemplate = Schemas['EmailTemplate'];
type EmailTemplateCategory = Schemas['EmailTemplateCategory'];
type EmailPlaceholder = Schemas['EmailPlaceholder'];
type MailboxEmail = Schemas['MailboxEmail'];
type EmailRow = typeof emails.$inferSelect;

export const toEmailTemplateDto = (row: typeof emailTemplates.$inferSelect): EmailTemplate =>
  withoutNulls(row);
export const toEmailTemplateCategoryDto = (
  row: typeof emailTemplateCategories.$inferSelect,
): EmailTemplateCategory => withoutNulls(row);

/** The placeholders the server fills, sorted by key (`GET /email-templates/placeholders`). */
export const EMAIL_PLACEHOLDERS: readonly EmailPlaceholder[] = [
  { key: 'appointment.date', description: 'Datum des Termins', example: '24.11.2026' },
  { key: 'appointment.endTime', description: 'Ende des Termins', example: '15:15' },
  {
    key: 'appointment.instructorName',
    description: 'Fahrlehrer des Termins',
    example: 'Jonas Keller',
  },
  { key: 'appointment.startTime', description: 'Beginn des Termins', example: '14:30' },
  { key: 'appointment.type', description: 'Art des Termins', example: 'Fahrstunde' },
  { key: 'education.licenseClass', description: 'Führerscheinklasse der Ausbildung', example: 'B' },
  { key: 'education.startDate', description: 'Beginn der Ausbildung', example: '01.09.2026' },
  { key: 'exam.date', description: 'Datum der Prüfung', example: '03.12.2026' },
  { key: 'exam.kind', description: 'Theorie- oder Praxisprüfung', example: 'Praktische Prüfung' },
  { key: 'exam.location', description: 'Ort der Prüfung', example: 'TÜV Süd, Westendstraße 199' },
  { key: 'exam.time', description: 'Uhrzeit der Prüfung', example: '09:30' },
  { key: 'instructor.firstName', description: 'Vorname des Fahrlehrers', example: 'Jonas' },
  { key: 'instructor.lastName', description: 'Nachname des Fahrlehrers', example: 'Keller' },
  { key: 'invoice.dueDate', description: 'Fälligkeitsdatum der Rechnung', example: '15.12.2026' },
  { key: 'invoice.number', description: 'Rechnungsnummer', example: '2026-00042' },
  { key: 'invoice.openAmount', description: 'Offener Betrag der Rechnung', example: '249,00 €' },
  { key: 'invoice.totalGross', description: 'Rechnungsbetrag (brutto)', example: '1.249,00 €' },
  {
    key: 'school.address',
    description: 'Anschrift der Fahrschule',
    example: 'Hauptstraße 1, 80331 München',
  },
  {
    key: 'school.email',
    description: 'E-Mail-Adresse der Fahrschule',
    example: 'info@fahrschule-sonnenschein.de',
  },
  { key: 'school.name', description: 'Name der Fahrschule', example: 'Fahrschule Sonnenschein' },
  { key: 'school.phone', description: 'Telefonnummer der Fahrschule', example: '+49 89 1234567' },
  { key: 'student.balance', description: 'Aktueller Saldo des Fahrschülers', example: '-120,00 €' },
  {
    key: 'student.email',
    description: 'E-Mail-Adresse des Fahrschülers',
    example: 'lena.schmidt@example.de',
  },
  { key: 'student.firstName', description: 'Vorname des Fahrschülers', example: 'Lena' },
  { key: 'student.lastName', description: 'Nachname des Fahrschülers', example: 'Schmidt' },
  { key: 'student.salutation', description: 'Anrede des Fahrschülers', example: 'Liebe Lena' },
];
const PLACEHOLDER_KEYS = new Set(EMAIL_PLACEHOLDERS.map((placeholder) => placeholder.key));

/** The keys written `{{ key }}` in a text that the server does not know. */
export function unknownPlaceholders(text: string): string[] {
  const unknown: string[] = [];
  for (const match of text.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)) {
    const key = match[1] ?? '';
    if (!PLACEHOLDER_KEYS.has(key)) unknown.push(key);
  }
  return unknown;
}

/** 422 at the first of `fields` that names a placeholder the server does not know. */
export function checkPlaceholders(
  values: Record<string, unknown> | undefined,
  fields: readonly string[] = ['subject', 'body'],
) {
  for (const field of fields) {
    const unknown = unknownPlaceholders(String(values?.[field] ?? ''));
    if (unknown.length > 0) {
      throw fieldError(
        field,
        'validation.unknown_placeholder',
        `Unknown placeholder ${unknown.map((key) => `{{${key}}}`).join(', ')}.`,
      );
    }
  }
}

/* ───────────────────────────── mailbox ───────────────────────────── */

type Attachment = Schemas['FileRef'] & { emailId: number };

export function toMailboxEmailDto(row: EmailRow, attachments: Attachment[]): MailboxEmail {
  const email: MailboxEmail = {
    id: row.id,
    folder: row.folder,
    emailConfigId: row.emailConfigId,
    from: row.from,
    to: row.to,
    cc: row.cc,
    subject: row.subject,
    htmlBody: row.htmlBody,
    read: row.read,
    marked: row.marked,
    attachments: attachments.map(({ emailId: _emailId, ...file }) => file),
  };
  if (row.fromName !== null) email.fromName = row.fromName;
  if (row.receivedAt !== null) email.receivedAt = row.receivedAt.toISOString();
  if (row.sentAt !== null) email.sentAt = row.sentAt.toISOString();
  if (row.studentId !== null) email.studentId = row.studentId;
  return email;
}

/** The received date in the inbox, the sent date in the outbox. */
const mailDate = sql`coalesce(${emails.receivedAt}, ${emails.sentAt})`;

/** The mail accounts the signed-in user may use (configuration's e-mail config users). */
const usableConfigs = (auth: AuthContext) =>
  sql`(select ${emailConfigUsers.emailConfigId} from ${emailConfigUsers}
    where ${emailConfigUsers.drivingSchoolId} = ${auth.drivingSchoolId}
    and ${emailConfigUsers.userId} = ${auth.userId})`;

type MailboxFilter = Schemas['MailboxEmailFilter'];

function createMailboxHandlers(db: Db): OperationHandlers {
  const visible = (auth: AuthContext) =>
    and(
      eq(emails.drivingSchoolId, auth.drivingSchoolId),
      inArray(emails.emailConfigId, usableConfigs(auth)),
    );

  async function attachmentsOf(schoolId: number, emailIds: number[]): Promise<Attachment[]> {
    if (emailIds.length === 0) return [];
    return db
      .select({
        emailId: emailAttachments.emailId,
        id: emailAttachments.id,
        fileName: storedFiles.fileName,
        mimeType: storedFiles.mimeType,
        size: storedFiles.size,
      })
      .from(emailAttachments)
      .innerJoin(
        storedFiles,
        and(
          eq(storedFiles.drivingSchoolId, emailAttachments.drivingSchoolId),
          eq(storedFiles.id, emailAttachments.fileId),
        ),
      )
      .where(
        and(
          eq(emailAttachments.drivingSchoolId, schoolId),
          inArray(emailAttachments.emailId, emailIds),
        ),
      )
      .orderBy(asc(emailAttachments.position), asc(emailAttachments.id));
  }

  async function toDtos(schoolId: number, rows: EmailRow[]): Promise<MailboxEmail[]> {
    const attachments = await attachmentsOf(
      schoolId,
      rows.map((row) => row.id),
    );
    return rows.map((row) =>
      toMailboxEmailDto(
        row,
        attachments.filter((attachment) => attachment.emailId === row.id),
      ),
    );
  }

  async function setFlag(
    auth: AuthContext,
    id: number,
    values: { read?: boolean; marked?: boolean },
  ) {
    const [row] = await db
      .update(emails)
      .set(values)
      .where(and(visible(auth), eq(emails.id, id)))
      .returning();
    if (!row) throw notFound();
    const [dto] = await toDtos(auth.drivingSchoolId, [row]);
    return { status: 200 as const, body: dto as MailboxEmail };
  }

  return {
    async filterEmails(request) {
      const auth = requireAuth(request);
      const filter = request.body as MailboxFilter;
      const wanted = filter.emailConfigIds ?? [];
      if (wanted.length > 0) {
        const usable = await db
          .select({ id: emailConfigUsers.emailConfigId })
          .from(emailConfigUsers)
          .where(
            and(
              eq(emailConfigUsers.drivingSchoolId, auth.drivingSchoolId),
              eq(emailConfigUsers.userId, auth.userId),
              inArray(emailConfigUsers.emailConfigId, wanted),
            ),
          );
        if (usable.length !== new Set(wanted).size) {
          throw forbidden('You may not use every one of these mail accounts.');
        }
      }
      const search = filter.search?.trim();
      const pattern = search ? likePattern(search) : '';
      const conditions: (SQL | undefined)[] = [
        visible(auth),
        wanted.length > 0 ? inArray(emails.emailConfigId, wanted) : undefined,
        filter.folder ? eq(emails.folder, filter.folder) : undefined,
        filter.read !== undefined ? eq(emails.read, filter.read) : undefined,
        filter.marked !== undefined ? eq(emails.marked, filter.marked) : undefined,
        filter.senders?.length
          ? inArray(
              sql`lower(${emails.from})`,
              filter.senders.map((sender) => sender.toLowerCase()),
            )
          : undefined,
        filter.studentId ? eq(emails.studentId, filter.studentId) : undefined,
        filter.dateFrom
          ? gte(sql`(${mailDate} at time zone 'Europe/Berlin')::date`, filter.dateFrom)
          : undefined,
        filter.dateTo
          ? lte(sql`(${mailDate} at time zone 'Europe/Berlin')::date`, filter.dateTo)
          : undefined,
        search
          ? or(
              ilike(emails.subject, pattern),
              ilike(emails.from, pattern),
              ilike(emails.fromName, pattern),
              sql`array_to_string(${emails.to}, ' ') ilike ${pattern}`,
            )
          : undefined,
      ];
      const sortable = { date: mailDate, from: emails.from, subject: emails.subject };
      const sort: { field: keyof typeof sortable; direction?: 'asc' | 'desc' }[] = filter.sort
        ?.length
        ? filter.sort
        : [{ field: 'date' }];
      // Newest first unless asked otherwise (the sort's default direction is desc).
      const order = sort.map((entry) =>
        entry.direction === 'asc' ? asc(sortable[entry.field]) : desc(sortable[entry.field]),
      );
      const size = filter.size ?? 25;
      const where = and(...conditions);
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(emails)
          .where(where)
          .orderBy(...order, desc(emails.id))
          .limit(size)
          .offset((filter.page ?? 0) * size),
        db.select({ n: count() }).from(emails).where(where),
      ]);
      return {
        status: 200,
        body: { data: await toDtos(auth.drivingSchoolId, rows), total: totals[0]?.n ?? 0 },
      };
    },

    async changeEmailReadState(request) {
      return setFlag(requireAuth(request), request.query.emailId, { read: request.query.read });
    },

    async changeEmailMarkedState(request) {
      return setFlag(requireAuth(request), request.query.emailId, {
        marked: request.query.marked,
      });
    },

    async deleteEmail(request) {
      const auth = requireAuth(request);
      const id = request.params.id;
      // The attachments go with it (their stored files stay for the storage's clean-up).
      const [row] = await db
        .delete(emails)
        .where(and(visible(auth), eq(emails.id, id)))
        .returning({ id: emails.id });
      if (!row) throw notFound();
      return { status: 200, body: { id } };
    },

    async countUnreadEmails(request) {
      const auth = requireAuth(request);
      const [row] = await db
        .select({ n: count() })
        .from(emails)
        .where(and(visible(auth), eq(emails.folder, 'INBOX'), not(emails.read)));
      return { status: 200, body: { count: row?.n ?? 0 } };
    },
  };
}

export function createMailHandlers(db: Db): OperationHandlers {
  const templateSort = {
    id: emailTemplates.id,
    name: emailTemplates.name,
    subject: emailTemplates.subject,
    updatedAt: emailTemplates.updatedAt,
  };
  const templateSearch = [emailTemplates.name, emailTemplates.subject];
  const templates = createResourceHandlers(db, {
    table: emailTemplates,
    // No single-template GET: `GET /email-templates/{id}` lists a category's templates.
    operations: {
      filter: 'filterEmailTemplates',
      page: 'pageEmailTemplates',
      create: 'createEmailTemplate',
      update: 'updateEmailTemplate',
      delete: 'deleteEmailTemplate',
    },
    toDto: toEmailTemplateDto,
    fromInput: (input) => ({
      name: input.name,
      subject: input.subject,
      // Stored sanitised (scripts, frames, event attributes go; `{{ key }}` stays).
      body: sanitizeMailHtml(String(input.body ?? '')),
      templateCategoryId: input.templateCategoryId ?? null,
    }),
    searchColumns: templateSearch,
    sortColumns: templateSort,
    defaultSort: [{ field: 'name' }],
    filters: (body) => {
      const { templateCategoryId } = body as { templateCategoryId?: number };
      return [
        templateCategoryId ? eq(emailTemplates.templateCategoryId, templateCategoryId) : undefined,
      ];
    },
    constraints: {
      email_templates_category_fk: { field: 'templateCategoryId', error: 'validation.not_found' },
    },
    rules: {
      beforeCreate: async ({ values }) => checkPlaceholders(values),
      beforeUpdate: async ({ values }) => checkPlaceholders(values),
    },
  });
  const templateRepository = createResourceRepository(db, emailTemplates, {
    searchColumns: templateSearch,
    sortColumns: templateSort,
    defaultSort: [{ field: 'name' }],
  });

  const categories = createResourceHandlers(db, {
    table: emailTemplateCategories,
    operations: {
      list: 'listEmailTemplateCategories',
      create: 'createEmailTemplateCategory',
      update: 'updateEmailTemplateCategory',
      delete: 'deleteEmailTemplateCategory',
    },
    toDto: toEmailTemplateCategoryDto,
    fromInput: (input) => ({ name: input.name }),
    sortColumns: { id: emailTemplateCategories.id, name: emailTemplateCategories.name },
    defaultSort: [{ field: 'name' }],
    constraints: {
      email_template_categories_name_key: { field: 'name', error: 'validation.name_taken' },
      email_templates_category_fk: { error: 'errors.email_template_category_in_use' },
    },
    rules: {
      async beforeDelete({ auth, current }) {
        if (!current) return;
        const [used] = await db
          .select({ n: count() })
          .from(emailTemplates)
          .where(
            and(
              eq(emailTemplates.drivingSchoolId, auth.drivingSchoolId),
              eq(emailTemplates.templateCategoryId, current.id),
            ),
          );
        if ((used?.n ?? 0) > 0) {
          throw globalError(
            'errors.email_template_category_in_use',
            'The category still holds templates.',
          );
        }
      },
    },
  });

  const handlers: OperationHandlers = {
    async listEmailTemplates(request) {
      const auth = requireAuth(request);
      const { search, templateCategoryId } = request.query;
      const { rows } = await templateRepository.page(auth.drivingSchoolId, {
        offset: 0,
        limit: 1000,
        search,
        where: [
          templateCategoryId
            ? eq(emailTemplates.templateCategoryId, templateCategoryId)
            : undefined,
        ],
      });
      return { status: 200, body: rows.map(toEmailTemplateDto) };
    },

    async listEmailTemplatesByCategory(request) {
      const auth = requireAuth(request);
      const categoryId = request.params.id;
      const [category] = await db
        .select({ id: emailTemplateCategories.id })
        .from(emailTemplateCategories)
        .where(
          and(
            eq(emailTemplateCategories.drivingSchoolId, auth.drivingSchoolId),
            eq(emailTemplateCategories.id, categoryId),
          ),
        );
      if (!category) throw notFound();
      const { rows } = await templateRepository.page(auth.drivingSchoolId, {
        offset: 0,
        limit: 1000,
        where: [eq(emailTemplates.templateCategoryId, categoryId)],
      });
      return { status: 200, body: rows.map(toEmailTemplateDto) };
    },

    async listEmailTemplatePlaceholders() {
      return { status: 200, body: [...EMAIL_PLACEHOLDERS] };
    },
  };

  return { ...createMailboxHandlers(db), ...templates, ...categories, ...handlers };
}
