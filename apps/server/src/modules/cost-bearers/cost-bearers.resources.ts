import { and, asc, eq, exists, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  costBearerNotes,
  costBearers,
  studentEducationCostBearers,
  studentEducations,
  students,
} from '../../db/schema';
import { type AuthContext, requireAuth } from '../../http/auth';
import { notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import {
  handlers,
  immutable,
  listWithQuery,
  mergeHandlers,
  num,
  renameError,
  replacing,
  required,
  type Schemas,
  unknownId,
  userNameLoader,
  withoutNulls,
} from '../resources/kit';
import { createResourceHandlers, type ResourceDefinition } from '../resources/resource-handlers';
import { visibleStudent } from '../students/students.resources';

/*
 * Cost bearers (Kostenträger; spec 000 §3, §7, 001 §3, §7) and their notes: parents,
 * employers, the Agentur für Arbeit or a Jobcenter paying (part of) an education.
 */

const COST_BEARER_FIELDS = [
  'kind',
  'name',
  'contactPerson',
  'address',
  'email',
  'phone',
  'iban',
  'bic',
  'eInvoiceFormat',
  'leitwegId',
  'customerNumber',
] as const satisfies readonly (keyof Schemas['CostBearerInput'])[];

export function costBearerDefinition(db: Db): ResourceDefinition<typeof costBearers> {
  return {
    table: costBearers,
    operations: {
      get: 'getCostBearer',
      filter: 'filterCostBearers',
      list: 'listCostBearers',
      page: 'pageCostBearers',
      create: 'createCostBearer',
      update: 'updateCostBearer',
      delete: 'deleteCostBearer',
      archive: 'archiveCostBearer',
    },
    toDto: (row) => withoutNulls(row, ['uploadToken']),
    fromInput: (input) =>
      replacing(COST_BEARER_FIELDS, input, { defaults: { eInvoiceFormat: 'PDF' } }),
    searchColumns: [
      costBearers.name,
      costBearers.contactPerson,
      costBearers.email,
      costBearers.customerNumber,
    ],
    sortColumns: {
      id: costBearers.id,
      name: sql`lower(${costBearers.name})`,
      kind: costBearers.kind,
      customerNumber: costBearers.customerNumber,
      balance: costBearers.balance,
      createdAt: costBearers.createdAt,
    },
    defaultSort: [{ field: 'name' }],
    filters: (body) => {
      const f = body as Schemas['CostBearerFilter'];
      return [
        f.kinds && f.kinds.length > 0 ? inArray(costBearers.kind, f.kinds) : undefined,
        f.eInvoiceFormat ? eq(costBearers.eInvoiceFormat, f.eInvoiceFormat) : undefined,
        f.studentId
          ? exists(
              db
                .select({ one: sql`1` })
                .from(studentEducationCostBearers)
                .innerJoin(
                  studentEducations,
                  eq(studentEducations.id, studentEducationCostBearers.studentEducationId),
                )
                .where(
                  and(
                    eq(studentEducationCostBearers.costBearerId, costBearers.id),
                    eq(studentEducations.studentId, f.studentId),
                  ),
                ),
            )
          : undefined,
        f.withOpenBalance === undefined
          ? undefined
          : f.withOpenBalance
            ? ne(costBearers.balance, 0)
            : eq(costBearers.balance, 0),
      ];
    },
    constraints: {
      // XRechnung reaches an authority only through its Leitweg-ID.
      cost_bearers_leitweg_id_check: { field: 'leitwegId', error: 'validation.required' },
    },
  };
}

type NoteRow = typeof costBearerNotes.$inferSelect;

export function costBearerNoteDefinition(db: Db): ResourceDefinition<typeof costBearerNotes> {
  const authorName = userNameLoader(db);
  return {
    table: costBearerNotes,
    operations: {
      get: 'getCostBearerNote',
      filter: 'filterCostBearerNotes',
      page: 'pageCostBearerNotes',
      create: 'createCostBearerNote',
      update: 'updateCostBearerNote',
      delete: 'deleteCostBearerNote',
    },
    toDto: async (row: NoteRow) => ({
      ...withoutNulls(row),
      authorName: await authorName(row.drivingSchoolId, row.authorUserId),
    }),
    fromInput: (input) => ({
      costBearerId: input.costBearerId,
      text: input.text,
      ...(input.date ? { date: new Date(String(input.date)) } : {}),
    }),
    searchColumns: [costBearerNotes.text],
    sortColumns: { date: costBearerNotes.date, createdAt: costBearerNotes.createdAt },
    defaultSort: [{ field: 'date', direction: 'desc' }],
    filters: (body) => [
      body.costBearerId ? eq(costBearerNotes.costBearerId, Number(body.costBearerId)) : undefined,
      body.authorUserId ? eq(costBearerNotes.authorUserId, Number(body.authorUserId)) : undefined,
    ],
    constraints: { cost_bearer_notes_cost_bearer_fk: unknownId('costBearerId') },
    rules: {
      beforeCreate: async ({ auth: a, values }) => {
        if (values) values.authorUserId = a.userId;
      },
      beforeUpdate: immutable<NoteRow>('costBearerId'),
    },
  };
}

/** Throws 404 unless the cost bearer is of the school. */
export async function costBearerOfSchool(db: Db, a: AuthContext, id: number) {
  const [row] = await db
    .select()
    .from(costBearers)
    .where(and(eq(costBearers.drivingSchoolId, a.drivingSchoolId), eq(costBearers.id, id)));
  if (!row) throw notFound();
  return row;
}

export function createCostBearerHandlers(db: Db): OperationHandlers {
  const definition = costBearerDefinition(db);
  const { deleteCostBearer, ...generic } = createResourceHandlers(db, definition);
  const noteDefinition = costBearerNoteDefinition(db);
  const notes = createResourceHandlers(db, noteDefinition);
  const toDto = (row: typeof costBearers.$inferSelect) => withoutNulls(row, ['uploadToken']);

  return mergeHandlers(
    generic,
    notes,
    handlers({
      deleteCostBearer: renameError(
        required(deleteCostBearer, 'deleteCostBearer'),
        'errors.still_referenced',
        'errors.cost_bearer_in_use',
        'The cost bearer pays an education or has appointments, invoices or payments; archive it instead.',
      ),

      // The cost bearers paying any education of a student.
      async listCostBearersByStudent(request) {
        const a = requireAuth(request);
        const studentId = num(request.params.id);
        await visibleStudent(db, a, studentId);
        const rows = await db
          .select()
          .from(costBearers)
          .where(
            and(
              eq(costBearers.drivingSchoolId, a.drivingSchoolId),
              ...(definition.filters?.({ studentId }, a) ?? []),
            ),
          )
          .orderBy(asc(sql`lower(${costBearers.name})`), asc(costBearers.id));
        return { status: 200, body: rows.map(toDto) };
      },

      // The educations a cost bearer pays, archived ones included, by the students' names.
      async listStudentEducationsByCostBearer(request) {
        const a = requireAuth(request);
        const costBearerId = num(request.params.id);
        await costBearerOfSchool(db, a, costBearerId);
        const rows = await db
          .select({
            studentEducationId: studentEducations.id,
            studentId: students.id,
            firstName: students.firstName,
            lastName: students.lastName,
            birthDate: students.birthDate,
            licenseClass: studentEducations.licenseClass,
            status: studentEducations.status,
            startDate: studentEducations.startDate,
            finished: studentEducations.finished,
            archived: studentEducations.archived,
          })
          .from(studentEducationCostBearers)
          .innerJoin(
            studentEducations,
            and(
              eq(studentEducations.drivingSchoolId, studentEducationCostBearers.drivingSchoolId),
              eq(studentEducations.id, studentEducationCostBearers.studentEducationId),
            ),
          )
          .innerJoin(
            students,
            and(
              eq(students.drivingSchoolId, studentEducations.drivingSchoolId),
              eq(students.id, studentEducations.studentId),
            ),
          )
          .where(
            and(
              eq(studentEducationCostBearers.drivingSchoolId, a.drivingSchoolId),
              eq(studentEducationCostBearers.costBearerId, costBearerId),
            ),
          )
          .orderBy(
            asc(sql`lower(${students.lastName})`),
            asc(sql`lower(${students.firstName})`),
            asc(studentEducations.id),
          );
        return { status: 200, body: rows.map((row) => withoutNulls(row)) };
      },

      listCostBearerNotes: listWithQuery(db, noteDefinition, 'listCostBearerNotes', (query) => ({
        costBearerId: query.costBearerId,
      })),
      async listCostBearerNotesByCostBearer(request, reply) {
        const a = requireAuth(request);
        const costBearerId = num(request.params.id);
        await costBearerOfSchool(db, a, costBearerId);
        return listWithQuery(db, noteDefinition, 'listCostBearerNotesByCostBearer', () => ({
          costBearerId,
        }))(request, reply);
      },
    }),
  );
}
