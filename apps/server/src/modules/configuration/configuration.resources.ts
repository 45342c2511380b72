import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  accountsConfigs,
  emailConfigs,
  emailConfigUsers,
  emailSyncStates,
  financialConfigs,
  studentCategories,
  testingOrganizations,
  users,
} from '../../db/schema';
import { requireAuth } from '../../http/auth';
import { fieldError, forbidden, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { sealSecret } from '../../mail/mail-secrets';
import {
  batchLoader,
  expression,
  groupBy,
  iso,
  joinTableLink,
  mergeHandlers,
  opt,
  type Schemas,
  writeWithChildren,
} from '../resources/kit';
import { createResourceHandlers, type ResourceDefinition } from '../resources/resource-handlers';

/*
 * The school's configuration (spec 000 §3, 001 §3): testing organizations, student
 * categories, mail accounts, and the financial and accounts configuration (one row each).
 */

type TestingOrganizationRow = typeof testingOrganizations.$inferSelect;
type StudentCategoryRow = typeof studentCategories.$inferSelect;
type EmailConfigRow = typeof emailConfigs.$inferSelect;

const nothingArchived = (body: Record<string, unknown>) =>
  body.archived === true ? sql`false` : undefined;

export const toTestingOrganization = (
  row: TestingOrganizationRow,
): Schemas['TestingOrganization'] => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  address: opt(row.address),
  phone: opt(row.phone),
  email: opt(row.email),
  archived: row.archived,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

export const toStudentCategory = (row: StudentCategoryRow): Schemas['StudentCategory'] => ({
  id: row.id,
  name: row.name,
  abbreviation: row.abbreviation,
  appearance: row.appearance,
  archived: row.archived,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

/** A school that never saved its accounting frame books with SKR03. */
export const DEFAULT_ACCOUNTS_CONFIG: Schemas['AccountsConfig'] = {
  chartOfAccounts: 'SKR03',
  revenue19Account: '8400',
  revenue7Account: '8300',
  revenue0Account: '8100',
  cashAccount: '1000',
  transitAccount: '1360',
  passingItemsAccount: '1590',
  livePayAccount: '1361',
  bankAccount: '1200',
  debtorAccount: '10000',
  fiscalYearStartMonth: 1,
};

/** The chart's bank account when the school never set one (SKR03 1200, SKR04 1800). */
const DEFAULT_BANK_ACCOUNT = { SKR03: '1200', SKR04: '1800' } as const;

type AccountsRow = typeof accountsConfigs.$inferSelect;

const FINANCIAL_FIELDS = [
  'studentPaymentRequestFootnote',
  'costBearerPaymentRequestFootnote',
  'studentFinalInvoiceFootnote',
  'costBearerFinalInvoiceFootnote',
  'gdprUrl',
  'termsUrl',
] as const;

/** `mailSecretKey` seals the mail accounts' passwords (mail/mail-secrets.ts). */
export function createConfigurationHandlers(db: Db, mailSecretKey: Buffer): OperationHandlers {
  const testingOrganizationDefinition = {
    table: testingOrganizations,
    operations: {
      get: 'getTestingOrganization',
      filter: 'filterTestingOrganizations',
      list: 'listTestingOrganizations',
      page: 'pageTestingOrganizations',
      create: 'createTestingOrganization',
      update: 'updateTestingOrganization',
      archive: 'archiveTestingOrganization',
    },
    toDto: toTestingOrganization,
    fromInput: (input: Record<string, unknown>) => ({
      name: input.name,
      kind: input.kind,
      address: input.address ?? null,
      phone: input.phone ?? null,
      email: input.email ?? null,
    }),
    searchColumns: [
      testingOrganizations.name,
      expression(sql`(${testingOrganizations.address} ->> 'city')`),
    ],
    sortColumns: {
      id: testingOrganizations.id,
      name: sql`lower(${testingOrganizations.name})`,
      kind: testingOrganizations.kind,
    },
    defaultSort: [{ field: 'name' }],
    filters: (body) => [
      body.kind === undefined
        ? undefined
        : eq(testingOrganizations.kind, body.kind as TestingOrganizationRow['kind']),
    ],
    constraints: {
      testing_organizations_kind_check: { field: 'kind', error: 'validation.enum' },
    },
  } satisfies ResourceDefinition<typeof testingOrganizations>;

  const studentCategoryDefinition = {
    table: studentCategories,
    operations: {
      get: 'getStudentCategory',
      filter: 'filterStudentCategories',
      list: 'listStudentCategories',
      page: 'pageStudentCategories',
      create: 'createStudentCategory',
      update: 'updateStudentCategory',
      archive: 'archiveStudentCategory',
    },
    toDto: toStudentCategory,
    fromInput: (input: Record<string, unknown>) => ({
      name: input.name,
      abbreviation: input.abbreviation,
      appearance: input.appearance,
    }),
    searchColumns: [studentCategories.name, studentCategories.abbreviation],
    sortColumns: {
      id: studentCategories.id,
      name: sql`lower(${studentCategories.name})`,
      abbreviation: sql`lower(${studentCategories.abbreviation})`,
    },
    defaultSort: [{ field: 'name' }],
    constraints: {
      student_categories_name_key: { field: 'name', error: 'validation.name_in_use' },
      student_categories_appearance_check: { field: 'appearance', error: 'validation.pattern' },
    },
  } satisfies ResourceDefinition<typeof studentCategories>;

  // ---- mail accounts -----------------------------------------------------------------
  const usersOf = batchLoader<number[]>(
    async (schoolId, ids) => {
      const rows = await db
        .select({ configId: emailConfigUsers.emailConfigId, userId: emailConfigUsers.userId })
        .from(emailConfigUsers)
        .where(
          and(
            eq(emailConfigUsers.drivingSchoolId, schoolId),
            inArray(emailConfigUsers.emailConfigId, ids),
          ),
        )
        .orderBy(emailConfigUsers.userId);
      return groupBy(
        rows,
        (row) => row.configId,
        (row) => row.userId,
      );
    },
    () => [],
  );
  const toEmailConfig = async (row: EmailConfigRow): Promise<Schemas['EmailConfig']> => ({
    id: row.id,
    email: row.email,
    senderName: opt(row.senderName),
    userIds: await usersOf(row.drivingSchoolId, row.id),
    smtpHost: row.smtpHost,
    smtpPort: row.smtpPort,
    smtpSecurity: row.smtpSecurity,
    imapHost: row.imapHost,
    imapPort: row.imapPort,
    imapSecurity: row.imapSecurity,
    username: row.username,
    passwordSet: row.password.length > 0,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  });
  const userLink = joinTableLink(
    'userIds',
    emailConfigUsers,
    { key: 'emailConfigId', column: emailConfigUsers.emailConfigId },
    { key: 'userId' },
  );
  const emailConfigDefinition = {
    table: emailConfigs,
    operations: {
      get: 'getEmailConfig',
      filter: 'filterEmailConfigs',
      list: 'listEmailConfigs',
      page: 'pageEmailConfigs',
      delete: 'deleteEmailConfig',
    },
    toDto: toEmailConfig,
    // The stored password is never answered.
    hiddenColumns: ['password'],
    fromInput: (input: Record<string, unknown>) => ({
      email: input.email,
      senderName: input.senderName ?? null,
      smtpHost: input.smtpHost,
      smtpPort: input.smtpPort,
      smtpSecurity: input.smtpSecurity,
      imapHost: input.imapHost,
      imapPort: input.imapPort,
      imapSecurity: input.imapSecurity,
      username: input.username,
      // Left out on update: the stored password stays. Stored sealed, never in clear.
      ...(input.password === undefined
        ? {}
        : { password: sealSecret(mailSecretKey, String(input.password)) }),
    }),
    searchColumns: [
      emailConfigs.email,
      emailConfigs.senderName,
      emailConfigs.smtpHost,
      emailConfigs.imapHost,
    ],
    sortColumns: {
      id: emailConfigs.id,
      email: sql`lower(${emailConfigs.email})`,
      smtpHost: emailConfigs.smtpHost,
      createdAt: emailConfigs.createdAt,
    },
    defaultSort: [{ field: 'email' }],
    filters: (body) => [
      nothingArchived(body),
      body.userId === undefined
        ? undefined
        : sql`exists (select 1 from ${emailConfigUsers} where ${emailConfigUsers.drivingSchoolId} = ${emailConfigs.drivingSchoolId} and ${emailConfigUsers.emailConfigId} = ${emailConfigs.id} and ${emailConfigUsers.userId} = ${Number(body.userId)})`,
    ],
    constraints: {
      email_configs_email_key: { field: 'email', error: 'validation.email_in_use' },
      email_config_users_user_fk: { field: 'userIds', error: 'validation.not_found' },
      email_configs_smtp_port_check: { field: 'smtpPort', error: 'validation.invalid' },
      email_configs_imap_port_check: { field: 'imapPort', error: 'validation.invalid' },
    },
    rules: {
      async beforeCreate({ values }) {
        if (!values?.password) {
          throw fieldError(
            'password',
            'validation.required',
            'A new mail account needs its password.',
          );
        }
      },
    },
  } satisfies ResourceDefinition<typeof emailConfigs>;

  // ---- one row per school ------------------------------------------------------------
  const custom: OperationHandlers = {
    /**
     * abibaro is an external bookkeeping portal this installation has no connection to, so
     * no school is registered there: always false (the back office then hides `/fibu-fix`).
     */
    async isSchoolRegisteredInAbibaro(request) {
      requireAuth(request);
      return { status: 200, body: { value: false } };
    },

    async getFinancialConfig(request) {
      const auth = requireAuth(request);
      const [row] = await db
        .select()
        .from(financialConfigs)
        .where(eq(financialConfigs.drivingSchoolId, auth.drivingSchoolId));
      return { status: 200, body: row ? financialConfigOf(row) : {} };
    },

    async updateFinancialConfig(request) {
      const auth = requireAuth(request);
      const values = Object.fromEntries(
        FINANCIAL_FIELDS.map((field) => [field, request.body[field] ?? null]),
      ) as Record<(typeof FINANCIAL_FIELDS)[number], string | null>;
      const [row] = await db
        .insert(financialConfigs)
        .values({ drivingSchoolId: auth.drivingSchoolId, ...values })
        .onConflictDoUpdate({
          target: financialConfigs.drivingSchoolId,
          set: { ...values, updatedAt: new Date() },
        })
        .returning();
      if (!row) throw new Error('The financial configuration was not stored.');
      return { status: 200, body: financialConfigOf(row) };
    },

    async getAccountsConfig(request) {
      const auth = requireAuth(request);
      const [row] = await db
        .select()
        .from(accountsConfigs)
        .where(eq(accountsConfigs.drivingSchoolId, auth.drivingSchoolId));
      return { status: 200, body: row ? accountsConfigOf(row) : DEFAULT_ACCOUNTS_CONFIG };
    },

    async updateAccountsConfig(request) {
      const auth = requireAuth(request);
      const values = accountsValuesOf(request.body);
      const [row] = await db
        .insert(accountsConfigs)
        .values({ drivingSchoolId: auth.drivingSchoolId, ...values })
        .onConflictDoUpdate({
          target: accountsConfigs.drivingSchoolId,
          set: { ...values, updatedAt: new Date() },
        })
        .returning();
      if (!row) throw new Error('The accounts configuration was not stored.');
      return { status: 200, body: accountsConfigOf(row) };
    },

    async listEmailConfigsOfUser(request) {
      const auth = requireAuth(request);
      const { userId } = request.params;
      if (userId !== auth.userId && !auth.permissions.has('MODULE_COMPANY')) throw forbidden();
      const [user] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.drivingSchoolId, auth.drivingSchoolId), eq(users.id, userId)));
      if (!user) throw notFound(`No user ${userId} in your school.`);
      const rows = await db
        .select({
          id: emailConfigs.id,
          email: emailConfigs.email,
          syncedAt: emailSyncStates.syncedAt,
          syncError: emailSyncStates.error,
          syncErrorDetail: emailSyncStates.errorDetail,
          nextSyncAt: emailSyncStates.nextAttemptAt,
        })
        .from(emailConfigs)
        .leftJoin(
          emailSyncStates,
          and(
            eq(emailSyncStates.drivingSchoolId, emailConfigs.drivingSchoolId),
            eq(emailSyncStates.emailConfigId, emailConfigs.id),
          ),
        )
        .innerJoin(
          emailConfigUsers,
          and(
            eq(emailConfigUsers.drivingSchoolId, emailConfigs.drivingSchoolId),
            eq(emailConfigUsers.emailConfigId, emailConfigs.id),
          ),
        )
        .where(
          and(
            eq(emailConfigs.drivingSchoolId, auth.drivingSchoolId),
            eq(emailConfigUsers.userId, userId),
          ),
        )
        .orderBy(asc(sql`lower(${emailConfigs.email})`), asc(emailConfigs.id))
        .limit(200);
      // With the IMAP sync's state: when it last worked, why the last try failed.
      return {
        status: 200,
        body: rows.map((row) => ({
          id: row.id,
          email: row.email,
          ...(row.syncedAt ? { syncedAt: row.syncedAt.toISOString() } : {}),
          ...(row.syncError ? { syncError: row.syncError } : {}),
          ...(row.syncErrorDetail ? { syncErrorDetail: row.syncErrorDetail } : {}),
          ...(row.nextSyncAt ? { nextSyncAt: row.nextSyncAt.toISOString() } : {}),
        })),
      };
    },
  };

  return mergeHandlers(
    createResourceHandlers(db, testingOrganizationDefinition),
    createResourceHandlers(db, studentCategoryDefinition),
    createResourceHandlers(db, emailConfigDefinition),
    writeWithChildren(db, emailConfigDefinition, {
      operations: { create: 'createEmailConfig', update: 'updateEmailConfig' },
      links: [userLink],
    }),
    custom,
  );
}

function financialConfigOf(
  row: Record<(typeof FINANCIAL_FIELDS)[number], string | null>,
): Schemas['FinancialConfig'] {
  return Object.fromEntries(
    FINANCIAL_FIELDS.flatMap((field) => (row[field] === null ? [] : [[field, row[field]]])),
  );
}

/** The answer: the saved accounts, with the defaults of fields never set. */
function accountsConfigOf(row: AccountsRow): Schemas['AccountsConfig'] {
  return {
    chartOfAccounts: row.chartOfAccounts,
    revenue19Account: row.revenue19Account,
    revenue7Account: row.revenue7Account,
    revenue0Account: row.revenue0Account,
    cashAccount: row.cashAccount,
    transitAccount: row.transitAccount,
    passingItemsAccount: row.passingItemsAccount,
    livePayAccount: row.livePayAccount,
    bankAccount: row.bankAccount ?? DEFAULT_BANK_ACCOUNT[row.chartOfAccounts],
    debtorAccount: row.debtorAccount ?? '10000',
    ...(row.consultantNumber !== null ? { consultantNumber: row.consultantNumber } : {}),
    ...(row.clientNumber !== null ? { clientNumber: row.clientNumber } : {}),
    fiscalYearStartMonth: row.fiscalYearStartMonth ?? 1,
    ...(row.bookkeepingPortalUrl ? { bookkeepingPortalUrl: row.bookkeepingPortalUrl } : {}),
  };
}

/** The columns of a PUT: a whole replacement (a field left out is unset). */
function accountsValuesOf(body: Schemas['AccountsConfig']) {
  return {
    chartOfAccounts: body.chartOfAccounts,
    revenue19Account: body.revenue19Account,
    revenue7Account: body.revenue7Account,
    revenue0Account: body.revenue0Account,
    cashAccount: body.cashAccount,
    transitAccount: body.transitAccount,
    passingItemsAccount: body.passingItemsAccount,
    livePayAccount: body.livePayAccount,
    bankAccount: body.bankAccount ?? null,
    debtorAccount: body.debtorAccount ?? null,
    consultantNumber: body.consultantNumber ?? null,
    clientNumber: body.clientNumber ?? null,
    fiscalYearStartMonth: body.fiscalYearStartMonth ?? null,
    bookkeepingPortalUrl: body.bookkeepingPortalUrl ?? null,
  };
}
