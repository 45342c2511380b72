import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateDemoData } from '../../db/demo';
import { rolePermissions, studentEducations, students, theoryPreExams } from '../../db/schema';
import type { ErrorBody } from '../../http/contract-types';
import type { OpenApiOperation } from '../../http/openapi-document';
import {
  contract,
  DEMO_INSTRUCTOR,
  DEMO_OWNER,
  DRIVERS,
  expectError,
  type MultipartBody,
  useTestApp,
} from '../../test/test-app';
import { implementedOperationIds } from '../handlers';
import {
  checkStudentAccess,
  type IdLocation,
  NOT_STUDENT_IDS,
  STUDENT_ACCESS,
  type StudentAccess,
  type StudentRowKind,
} from './student-access';

/*
 * Visibility "only own students" (issue 10, finding 3): every operation of the contract that
 * takes the id of a student, an education or another row of a student is declared in
 * STUDENT_ACCESS, and an instructor who sees only own students gets nothing of another
 * instructor's student from any of them.
 */

type Operation = {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  operation: OpenApiOperation;
};

type Schema = Record<string, unknown>;

const document = contract();

function resolve<T>(value: T): T {
  let current = value as unknown;
  while (current && typeof current === 'object' && '$ref' in current) {
    const ref = String((current as { $ref: string }).$ref);
    current = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], document);
  }
  return current as T;
}

function operations(): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, operation]) => typeof operation === 'object' && operation?.operationId)
      .map(([method, operation]) => ({
        operationId: operation.operationId,
        method: method.toUpperCase() as Operation['method'],
        path,
        operation,
      })),
  );
}

type Field = { location: IdLocation; name: string; description: string };

type Parameter = { name: string; in: string; description?: string };

/** Path and query parameters and body properties (nested through arrays and objects). */
function fieldsOf(operation: OpenApiOperation): Field[] {
  const fields: Field[] = [];
  for (const parameter of ((operation.parameters ?? []) as Parameter[]).map(resolve)) {
    if (parameter.in !== 'path' && parameter.in !== 'query') continue;
    fields.push({
      location: `${parameter.in}.${parameter.name}` as IdLocation,
      name: parameter.name,
      description: parameter.description ?? '',
    });
  }
  const content =
    resolve(operation.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)
      ?.content ?? {};
  const walk = (schema: Schema | undefined, prefix: string, depth: number) => {
    const node = resolve(schema);
    if (!node || depth > 4) return;
    for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
      for (const part of (node[key] as Schema[] | undefined) ?? []) walk(part, prefix, depth);
    }
    if (node.items) walk(node.items as Schema, prefix, depth + 1);
    for (const [name, property] of Object.entries(
      (node.properties as Record<string, Schema> | undefined) ?? {},
    )) {
      const resolved = resolve(property);
      fields.push({
        location: `body.${prefix}${name}`,
        name,
        description: String(property.description ?? resolved?.description ?? ''),
      });
      walk(property, `${prefix}${name}.`, depth + 1);
    }
  };
  for (const media of Object.values(content)) walk(media.schema, '', 0);
  return fields;
}

/** A field that names a student or a row of one by its name or its description. */
const STUDENT_ID_NAME =
  /^(student|studentEducation|education|studentExam|studentTheoryExam|studentTheoryLesson)Ids?$/;
const STUDENT_ROW_DESCRIPTION =
  /^The (student|education|student education|student exam|appointment|driving lesson|pre-exam|payment document|debit|checklist item|issued invoice)\b/i;
/** Collections whose `{id}` (or `?id=`) names a student or a row of one. */
const STUDENT_COLLECTIONS = new Set([
  'students',
  'student-note',
  'student-educations',
  'student-documents',
  'education-events',
  'appointments',
  'driving-lessons',
  'theory-pre-exams',
  'payments',
  'payment-documents',
  'invoices',
  'live-pay-mandate',
  'balance',
]);

function lookAlikes(op: Operation): Field[] {
  const collection = op.path.split('/')[1] ?? '';
  return fieldsOf(op.operation).filter(
    (field) =>
      STUDENT_ID_NAME.test(field.name) ||
      (!field.location.startsWith('body.') &&
        (STUDENT_ROW_DESCRIPTION.test(field.description) ||
          (field.name === 'id' && STUDENT_COLLECTIONS.has(collection)))),
  );
}

const declared: Record<string, StudentAccess | undefined> = STUDENT_ACCESS;

function declaredLocations(
  access: StudentAccess,
): { kind: StudentRowKind; location: IdLocation }[] {
  return Object.entries(access).flatMap(([kind, locations]) =>
    (Array.isArray(locations) ? locations : [locations]).map((location: IdLocation) => ({
      kind: kind as StudentRowKind,
      location,
    })),
  );
}

describe('the declarations of student ids', () => {
  it('cover every parameter and body field of the contract that names a student or their row', () => {
    const unclassified: string[] = [];
    let seen = 0;
    for (const op of operations()) {
      const access = declared[op.operationId];
      const locations = new Set(access ? declaredLocations(access).map((d) => d.location) : []);
      for (const field of lookAlikes(op)) {
        seen += 1;
        const key = `${op.operationId} ${field.location}`;
        if (!locations.has(field.location) && !(key in NOT_STUDENT_IDS)) unclassified.push(key);
      }
    }
    expect(unclassified).toEqual([]);
    expect(seen).toBeGreaterThan(150);
  });

  it('name only operations and places the contract has', () => {
    const byId = new Map(operations().map((op) => [op.operationId, op]));
    const wrong: string[] = [];
    for (const [operationId, access] of Object.entries(STUDENT_ACCESS)) {
      const op = byId.get(operationId);
      if (!op) {
        wrong.push(`${operationId}: not in the contract`);
        continue;
      }
      const present = new Set(fieldsOf(op.operation).map((field) => field.location));
      for (const { location } of declaredLocations(access)) {
        if (!present.has(location)) wrong.push(`${operationId}: no ${location}`);
      }
    }
    for (const key of Object.keys(NOT_STUDENT_IDS)) {
      const [operationId, location] = key.split(' ');
      const op = byId.get(operationId ?? '');
      const present = op ? fieldsOf(op.operation).map((field) => field.location) : [];
      if (!present.includes(location as IdLocation)) wrong.push(`${key}: not in the contract`);
    }
    expect(wrong).toEqual([]);
  });
});

/** 1×1 PNG. */
const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwAFgwJ/lE4WJgAAAABJRU5ErkJggg==',
  'base64',
);

/** Sets `value` at the dotted body path; array properties (`…Ids`, `statuses`) get a list. */
function setAt(body: Record<string, unknown>, names: string[], value: number, schema: Schema) {
  const [name, ...rest] = names;
  if (name === undefined) return;
  const property = resolve(
    (resolve(schema)?.properties as Record<string, Schema> | undefined)?.[name] ??
      findProperty(schema, name),
  );
  const isArray = property?.type === 'array';
  if (rest.length === 0) {
    body[name] = isArray ? [value] : value;
    return;
  }
  const child: Record<string, unknown> = {};
  setAt(child, rest, value, (isArray ? (property?.items as Schema) : property) ?? {});
  body[name] = isArray ? [child] : child;
}

function findProperty(schema: Schema | undefined, name: string): Schema | undefined {
  const node = resolve(schema);
  if (!node) return undefined;
  const own = (node.properties as Record<string, Schema> | undefined)?.[name];
  if (own) return own;
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    for (const part of (node[key] as Schema[] | undefined) ?? []) {
      const found = findProperty(part, name);
      if (found) return found;
    }
  }
  return undefined;
}

type Rows = Record<StudentRowKind, { own: number; foreign: number } | undefined>;

/** The field name a refusal of `location` names (arrays as `.0`). */
function fieldOf(location: IdLocation, op: Operation): string {
  const [part, ...names] = location.split('.');
  if (part !== 'body') return names.join('.');
  const media = Object.values(
    resolve(op.operation.requestBody as { content?: Record<string, { schema?: Schema }> })
      ?.content ?? {},
  )[0];
  let schema: Schema | undefined = media?.schema;
  const out: string[] = [];
  for (const name of names) {
    const property = resolve(findProperty(schema, name));
    out.push(name);
    if (property?.type === 'array') {
      out.push('0');
      schema = property.items as Schema;
    } else {
      schema = property;
    }
  }
  return out.join('.');
}

describe.each(DRIVERS)('only own students (%s)', (driver) => {
  const t = useTestApp(driver);
  const implemented = new Set(implementedOperationIds());
  let instructor: string;
  let instructorId: number;
  let foreignStudent: { id: number; lastName: string };
  const rows = {} as Rows;

  beforeAll(async () => {
    const db = t.database.db;
    await generateDemoData(db, t.demo, {
      scale: {
        branches: 2,
        instructors: 4,
        vehicles: 4,
        students: 40,
        appointments: 400,
        costBearers: 4,
        todos: 6,
      },
      today: '2026-03-02',
    });
    instructorId = t.demo.userIds[DEMO_INSTRUCTOR.email] as number;
    instructor = await t.signIn(DEMO_INSTRUCTOR.email, DEMO_INSTRUCTOR.password);
    const owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);

    const [foreign] = await db
      .select({ id: students.id, lastName: students.lastName })
      .from(students)
      .where(
        and(
          eq(students.drivingSchoolId, t.demo.schoolId),
          isNotNull(students.instructorId),
          ne(students.instructorId, instructorId),
        ),
      )
      .orderBy(students.id)
      .limit(1);
    if (!foreign) throw new Error('The demo data has no student of another instructor.');
    foreignStudent = foreign;

    // A document for the student of another instructor and for one of the instructor's own.
    for (const mine of [false, true]) {
      const [student] = await db
        .select({ id: students.id })
        .from(students)
        .where(
          and(
            eq(students.drivingSchoolId, t.demo.schoolId),
            mine ? eq(students.instructorId, instructorId) : eq(students.id, foreign.id),
          ),
        )
        .limit(1);
      const upload = await t.call('POST', '/student-documents', {
        token: owner,
        multipart: {
          fields: { studentId: student?.id ?? 0, type: 'OTHER' },
          files: [{ fileName: 'Sehtest.png', mimeType: 'image/png', bytes: PNG_BYTES }],
        },
      });
      expect(upload.status, upload.raw).toBe(201);
    }

    // The demo data has no pre-exams: a finished one of an own and of the foreign student.
    for (const mine of [false, true]) {
      const [education] = await db
        .select({ id: studentEducations.id, studentId: studentEducations.studentId })
        .from(studentEducations)
        .innerJoin(
          students,
          and(
            eq(students.drivingSchoolId, studentEducations.drivingSchoolId),
            eq(students.id, studentEducations.studentId),
          ),
        )
        .where(
          and(
            eq(studentEducations.drivingSchoolId, t.demo.schoolId),
            mine ? eq(students.instructorId, instructorId) : eq(students.id, foreign.id),
          ),
        )
        .orderBy(studentEducations.id)
        .limit(1);
      if (!education) continue;
      await db.insert(theoryPreExams).values({
        drivingSchoolId: t.demo.schoolId,
        studentId: education.studentId,
        studentEducationId: education.id,
        licenseClass: 'B',
        startedAt: new Date('2026-03-01T10:00:00Z'),
        finishedAt: new Date('2026-03-01T10:30:00Z'),
        questionCount: 30,
        errorPoints: 6,
        passed: true,
      });
    }

    // Per kind: a row of one of the instructor's own students and one of another's.
    const tables: Record<StudentRowKind, string> = {
      student: 'students',
      education: 'student_educations',
      note: 'student_notes',
      document: 'student_documents',
      appointment: 'appointments',
      checklistItem: 'checklist_items',
      examParticipant: 'exam_participants',
      lessonParticipant: 'theory_lesson_participants',
      preExam: 'theory_pre_exams',
      payment: 'payments',
      paymentDocument: 'payment_documents',
      mandate: 'live_pay_mandates',
    };
    for (const [kind, table] of Object.entries(tables) as [StudentRowKind, string][]) {
      const studentOf =
        kind === 'student'
          ? sql.raw('r.id')
          : kind === 'checklistItem'
            ? sql.raw(
                '(select c.student_id from checklists c where c.id = r.checklist_id and c.driving_school_id = r.driving_school_id)',
              )
            : sql.raw('r.student_id');
      const pick = async (own: boolean) => {
        const result = await db.execute<{ id: string | number }>(sql`
          select r.id from ${sql.raw(table)} r
          join students s on s.driving_school_id = r.driving_school_id and s.id = ${studentOf}
          where r.driving_school_id = ${t.demo.schoolId}
            and ${own ? sql`s.instructor_id = ${instructorId}` : sql`s.id = ${foreign.id}`}
          order by r.id limit 1`);
        const [row] = (result as unknown as { rows: { id: string | number }[] }).rows;
        return row ? Number(row.id) : undefined;
      };
      const [own, other] = [await pick(true), await pick(false)];
      // Rows of the foreign student first; any other instructor's student as a fallback.
      const foreignRow =
        other ??
        (await (async () => {
          const result = await db.execute<{ id: string | number }>(sql`
            select r.id from ${sql.raw(table)} r
            join students s on s.driving_school_id = r.driving_school_id and s.id = ${studentOf}
            where r.driving_school_id = ${t.demo.schoolId}
              and s.instructor_id <> ${instructorId}
            order by r.id limit 1`);
          const [row] = (result as unknown as { rows: { id: string | number }[] }).rows;
          return row ? Number(row.id) : undefined;
        })());
      if (own !== undefined && foreignRow !== undefined) rows[kind] = { own, foreign: foreignRow };
    }
  });

  /** The request for `op` with the foreign row's id at `target` and own rows elsewhere. */
  function requestFor(op: Operation, access: StudentAccess, target: IdLocation) {
    const locations = declaredLocations(access);
    const idFor = (location: IdLocation) => {
      const kind = locations.find((d) => d.location === location)?.kind;
      const pair = kind ? rows[kind] : undefined;
      if (!pair) return undefined;
      return location === target ? pair.foreign : pair.own;
    };
    let path = op.path;
    for (const parameter of ((op.operation.parameters ?? []) as Parameter[]).map(resolve)) {
      if (parameter.in !== 'path') continue;
      const id = idFor(`path.${parameter.name}`) ?? 1;
      path = path.replace(`{${parameter.name}}`, String(id));
    }
    const query: Record<string, number> = {};
    const body: Record<string, unknown> = {};
    const content =
      resolve(op.operation.requestBody as { content?: Record<string, { schema?: Schema }> })
        ?.content ?? {};
    const [media, declaration] = Object.entries(content)[0] ?? [];
    for (const { location } of locations) {
      const id = idFor(location);
      if (id === undefined) continue;
      const [part, ...names] = location.split('.');
      if (part === 'query') query[names.join('.')] = id;
      if (part === 'body') setAt(body, names, id, declaration?.schema ?? {});
    }
    const call: {
      token: string;
      query: Record<string, number>;
      body?: unknown;
      multipart?: MultipartBody;
    } = { token: instructor, query };
    if (media === 'multipart/form-data') {
      // A JSON part (an object field, e.g. the `email` of send-user-email-with-attachments)
      // goes as a browser sends a Blob of type application/json; plain values as fields.
      const entries = Object.entries((body ?? {}) as Record<string, unknown>);
      const isObject = (value: unknown) => typeof value === 'object' && value !== null;
      call.multipart = {
        fields: Object.fromEntries(entries.filter(([, value]) => !isObject(value))) as Record<
          string,
          number
        >,
        files: [
          { fileName: 'bild.png', mimeType: 'image/png', bytes: PNG_BYTES },
          ...entries
            .filter(([, value]) => isObject(value))
            .map(([field, value]) => ({
              field,
              fileName: 'blob',
              mimeType: 'application/json',
              bytes: JSON.stringify(value),
            })),
        ],
      };
    } else if (media) {
      call.body = body;
    }
    return { path, call };
  }

  async function walk() {
    const results = {
      operations: 0,
      calls: 0,
      notFound: 0,
      unknownId: 0,
      forbidden: 0,
      skipped501: [] as string[],
    };
    const leaks: string[] = [];
    const byId = new Map(operations().map((op) => [op.operationId, op]));
    for (const [operationId, access] of Object.entries(declared)) {
      if (!access) continue;
      const op = byId.get(operationId);
      if (!op) throw new Error(`${operationId} is not in the contract`);
      if (!implemented.has(operationId)) {
        results.skipped501.push(operationId);
        continue;
      }
      results.operations += 1;
      for (const { kind, location } of declaredLocations(access)) {
        if (!rows[kind]) throw new Error(`No rows of kind ${kind} to try ${operationId} with.`);
        const { path, call } = requestFor(op, access, location);
        const response = await t.call(op.method, path, call);
        results.calls += 1;
        const body = response.body as ErrorBody;
        const where = `${operationId} ${location} (${op.method} ${path}): ${response.status} ${response.raw.slice(0, 300)}`;
        if (response.raw.includes(foreignStudent.lastName))
          leaks.push(`names the student: ${where}`);
        if (response.status === 403) {
          results.forbidden += 1;
        } else if (response.status === 404 && body.error_message === 'errors.not_found') {
          results.notFound += 1;
        } else if (
          response.status === 422 &&
          body.fieldErrors?.some(
            (error) =>
              error.field === fieldOf(location, op) && error.error === 'validation.unknown_id',
          )
        ) {
          results.unknownId += 1;
        } else {
          leaks.push(where);
        }
      }
    }
    return { results, leaks };
  }

  it('has rows of every kind for the instructor and for another instructor', () => {
    const missing = (Object.keys(rows) as StudentRowKind[]).length;
    expect(missing).toBeGreaterThan(0);
    for (const kind of [
      'student',
      'education',
      'note',
      'document',
      'appointment',
      'checklistItem',
      'examParticipant',
      'lessonParticipant',
      'payment',
      'paymentDocument',
      'mandate',
    ] as const) {
      expect(rows[kind], kind).toBeDefined();
    }
  });

  it("the demo instructor sees only own students: another's student is not there in any operation", async () => {
    const { results, leaks } = await walk();
    expect(leaks).toEqual([]);
    // Figures for the record (the issue's closing note).
    console.info(
      `demo instructor: ${JSON.stringify({ ...results, skipped501: results.skipped501.length })}`,
    );
    expect(results.operations).toBeGreaterThan(100);
  });

  it('with every permission of the school, visibility "own" alone still keeps others out', async () => {
    const roleId = t.demo.roleIds.Fahrlehrer as number;
    await t.database.db
      .update(rolePermissions)
      .set({ allow: true })
      .where(
        and(
          eq(rolePermissions.drivingSchoolId, t.demo.schoolId),
          eq(rolePermissions.roleId, roleId),
        ),
      );
    const { results, leaks } = await walk();
    expect(leaks).toEqual([]);
    console.info(
      `all permissions: ${JSON.stringify({ ...results, skipped501: results.skipped501.length })}`,
    );
    expect(results.forbidden).toBe(0);
    expect(results.notFound + results.unknownId).toBe(results.calls);
  });

  it('replace lists: others’ students stay on an exam or course, none of theirs is added', async () => {
    // Runs after the test above gave the instructor's role every permission.
    const db = t.database.db;
    const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: T[] }).rows;
    const mine = (
      studentId: ReturnType<typeof sql>,
    ) => sql`(select s.instructor_id = ${instructorId}
      from students s where s.id = ${studentId})`;
    const listOf = async (kind: 'exam' | 'course', id: number) =>
      kind === 'exam'
        ? await rowsOf<{ id: string; own: boolean }>(sql`
            select p.student_education_id as id, ${mine(sql.raw('p.student_id'))} as own
            from exam_participants p where p.exam_id = ${id} order by 1`)
        : await rowsOf<{ id: string; own: boolean }>(sql`
            select c.student_education_id as id, ${mine(sql.raw('e.student_id'))} as own
            from student_education_courses c
            join student_educations e on e.id = c.student_education_id
            where c.theory_course_id = ${id} order by 1`);
    const [exam] = await rowsOf<{ id: string; kind: 'THEORY' | 'PRACTICAL' }>(sql`
      select e.id, e.kind from exams e
      join exam_participants p on p.exam_id = e.id
      join students s on s.id = p.student_id
      where e.driving_school_id = ${t.demo.schoolId} and s.instructor_id <> ${instructorId}
      order by e.id limit 1`);
    const [course] = await rowsOf<{ id: string }>(sql`
      select c.theory_course_id as id from student_education_courses c
      join student_educations e on e.id = c.student_education_id
      join students s on s.id = e.student_id
      where c.driving_school_id = ${t.demo.schoolId} and s.instructor_id <> ${instructorId}
      order by 1 limit 1`);
    if (!exam || !course)
      throw new Error('The demo data has no exam or course with others’ students.');
    const cases = [
      {
        kind: 'exam' as const,
        id: Number(exam.id),
        send: (ids: number[]) =>
          t.call('PUT', `/${exam.kind === 'THEORY' ? 'theory' : 'practical'}-exams/participants`, {
            token: instructor,
            body: { examId: Number(exam.id), studentEducationIds: ids },
          }),
      },
      {
        kind: 'course' as const,
        id: Number(course.id),
        send: (ids: number[]) =>
          t.call('PUT', `/theory-courses/${course.id}/students`, {
            token: instructor,
            body: { studentEducationIds: ids },
          }),
      },
    ];
    for (const { kind, id, send } of cases) {
      const before = await listOf(kind, id);
      const hidden = before.filter((row) => !row.own).map((row) => Number(row.id));
      const shown = before.filter((row) => row.own).map((row) => Number(row.id));
      expect(hidden.length, kind).toBeGreaterThan(0);
      // Only what the instructor sees is sent: the others' stay.
      const onlyMine = await send(shown);
      expect(onlyMine.status, `${kind}: ${onlyMine.raw}`).toBe(200);
      expect(await listOf(kind, id), kind).toEqual(before);
      // Sending them along changes nothing either.
      const all = await send([...shown, ...hidden]);
      expect(all.status, `${kind}: ${all.raw}`).toBe(200);
      expect(await listOf(kind, id), kind).toEqual(before);
      // Another's student who is not on the list is not there for the instructor.
      const [outsider] = await rowsOf<{ id: string }>(sql`
        select e.id from student_educations e join students s on s.id = e.student_id
        where e.driving_school_id = ${t.demo.schoolId} and s.instructor_id <> ${instructorId}
          and e.id not in (${sql.join(
            [...hidden, 0].map((x) => sql`${x}`),
            sql`, `,
          )})
        order by e.id limit 1`);
      const added = await send([...shown, ...hidden, Number(outsider?.id)]);
      expect(expectError(added, 422, 'errors.validation').fieldErrors, kind).toEqual([
        { field: 'studentEducationIds', error: 'validation.unknown_id' },
      ]);
      expect(await listOf(kind, id), kind).toEqual(before);
    }
  });

  it('lets the instructor through to own students and their rows', async () => {
    const byId = new Map(operations().map((op) => [op.operationId, op]));
    const a = {
      userId: instructorId,
      drivingSchoolId: t.demo.schoolId,
      roleId: t.demo.roleIds.Fahrlehrer as number,
      permissions: new Set<string>(),
    };
    for (const [operationId, access] of Object.entries(declared)) {
      const op = byId.get(operationId);
      if (!access || !op) continue;
      // Every declared place with the instructor's own rows: the check lets it pass.
      const ownOnly = requestFor(op, access, 'path.__none__');
      const params: Record<string, string> = {};
      const pathTemplate = op.path.split('/');
      const actual = ownOnly.path.split('/');
      pathTemplate.forEach((segment, index) => {
        const match = /^\{(.+)\}$/.exec(segment);
        if (match?.[1]) params[match[1]] = actual[index] ?? '';
      });
      const body = ownOnly.call.body ?? ownOnly.call.multipart?.fields ?? {};
      await expect(
        checkStudentAccess(t.database.db, a, access, {
          params,
          query: ownOnly.call.query,
          body,
        }),
        operationId,
      ).resolves.toBeUndefined();
    }
  });

  it('answers the calls the fuzzer found with 404 instead of the student’s data', async () => {
    const foreignEducation = rows.education?.foreign as number;
    const calls = [
      ['POST', `/appointments/${foreignStudent.id}`, { body: { page: 0, size: 25 } }],
      ['GET', `/theory-pre-exams/student/${foreignStudent.id}`, {}],
      [
        'GET',
        '/student-question-answers/metrics-for-fsc',
        { query: { studentEducationId: foreignEducation } },
      ],
      [
        'GET',
        '/student-question-answers/stats-for-fsc',
        { query: { studentEducationId: foreignEducation } },
      ],
      [
        'GET',
        `/student-question-answers/student/${foreignStudent.id}/question/1/last-wrong-answer`,
        {},
      ],
    ] as const;
    for (const [method, path, extra] of calls) {
      const response = await t.call(method, path, { token: instructor, ...extra });
      expect(response.status, `${path}: ${response.raw}`).toBe(404);
      expect((response.body as ErrorBody).error_message).toBe('errors.not_found');
    }
  });
});
