import { and, asc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  checklistItems,
  checklists,
  checklistTemplateItems,
  checklistTemplates,
} from '../../db/schema';
import { type AuthContext, requireAuth } from '../../http/auth';
import { globalError, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { costBearerOfSchool } from '../cost-bearers/cost-bearers.resources';
import { guardWrite } from '../resources/database-errors';
import {
  batchLoader,
  groupBy,
  handlers,
  mergeHandlers,
  num,
  type Schemas,
  withoutNulls,
  withoutWrites,
  writeWithChildren,
} from '../resources/kit';
import { createResourceHandlers, type ResourceDefinition } from '../resources/resource-handlers';
import { visibleStudent } from '../students/students.resources';

/*
 * Checklists (spec 001 §3, §7): the school's templates, and the checklists of students and
 * cost bearers copied from them, whose items are checked one by one.
 */

type TemplateRow = typeof checklistTemplates.$inferSelect;
type ChecklistRow = typeof checklists.$inferSelect;
type ItemRow = typeof checklistItems.$inferSelect;

const toItem = (row: ItemRow): Schemas['ChecklistItem'] =>
  withoutNulls({
    id: row.id,
    text: row.text,
    position: row.position,
    checked: row.checked,
    checkedAt: row.checkedAt?.toISOString(),
    checkedByUserId: row.checkedByUserId,
  }) as Schemas['ChecklistItem'];

function templateItemsLoader(db: Db) {
  return batchLoader<Schemas['ChecklistTemplateItem'][]>(
    async (schoolId, ids) => {
      const rows = await db
        .select()
        .from(checklistTemplateItems)
        .where(
          and(
            eq(checklistTemplateItems.drivingSchoolId, schoolId),
            inArray(checklistTemplateItems.templateId, ids),
          ),
        )
        .orderBy(asc(checklistTemplateItems.position));
      return groupBy(
        rows,
        (row) => row.templateId,
        (row) => ({ id: row.id, text: row.text, position: row.position }),
      );
    },
    () => [],
  );
}

function checklistItemsLoader(db: Db) {
  return batchLoader<Schemas['ChecklistItem'][]>(
    async (schoolId, ids) => {
      const rows = await db
        .select()
        .from(checklistItems)
        .where(
          and(
            eq(checklistItems.drivingSchoolId, schoolId),
            inArray(checklistItems.checklistId, ids),
          ),
        )
        .orderBy(asc(checklistItems.position));
      return groupBy(rows, (row) => row.checklistId, toItem);
    },
    () => [],
  );
}

/** Template rows as the contract's ChecklistTemplate, with their items. */
function templateMapper(db: Db) {
  const items = templateItemsLoader(db);
  return async (row: TemplateRow): Promise<Schemas['ChecklistTemplate']> => ({
    ...withoutNulls(row),
    items: await items(row.drivingSchoolId, row.id),
  });
}

export function checklistTemplateDefinition(db: Db): ResourceDefinition<typeof checklistTemplates> {
  return {
    table: checklistTemplates,
    operations: {
      get: 'getChecklistTemplate',
      create: 'createChecklistTemplate',
      update: 'updateChecklistTemplate',
      delete: 'deleteChecklistTemplate',
    },
    toDto: templateMapper(db),
    fromInput: (input) => ({ name: input.name, forCostBearers: input.forCostBearers }),
    sortColumns: { name: sql`lower(${checklistTemplates.name})` },
    defaultSort: [{ field: 'name' }],
  };
}

export function createChecklistHandlers(db: Db): OperationHandlers {
  const definition = checklistTemplateDefinition(db);
  // Create and update write the items too: `writes` answers them, not the generic layer.
  const generic = createResourceHandlers(db, withoutWrites(definition));
  const templateDto = templateMapper(db);
  // Changing a template leaves the checklists made from it as they are.
  const writes = writeWithChildren(db, definition, {
    operations: definition.operations,
    children: async ({ tx, auth: a, row, body }) => {
      await tx
        .delete(checklistTemplateItems)
        .where(
          and(
            eq(checklistTemplateItems.drivingSchoolId, a.drivingSchoolId),
            eq(checklistTemplateItems.templateId, row.id),
          ),
        );
      const texts = (body as Schemas['ChecklistTemplateInput']).items ?? [];
      if (texts.length === 0) return;
      await tx.insert(checklistTemplateItems).values(
        texts.map((text, position) => ({
          drivingSchoolId: a.drivingSchoolId,
          templateId: row.id,
          text,
          position,
        })),
      );
    },
  });
  const items = checklistItemsLoader(db);
  const toChecklist = async (row: ChecklistRow) => ({
    ...withoutNulls(row),
    items: await items(row.drivingSchoolId, row.id),
  });

  async function template(a: AuthContext, id: number) {
    const [row] = await db
      .select()
      .from(checklistTemplates)
      .where(
        and(
          eq(checklistTemplates.drivingSchoolId, a.drivingSchoolId),
          eq(checklistTemplates.id, id),
        ),
      );
    if (!row) throw notFound();
    return row;
  }

  type Owner = { studentId: number } | { costBearerId: number };
  const ownerCondition = (owner: Owner): SQL =>
    'studentId' in owner
      ? eq(checklists.studentId, owner.studentId)
      : eq(checklists.costBearerId, owner.costBearerId);

  async function listOf(a: AuthContext, owner: Owner) {
    const rows = await db
      .select()
      .from(checklists)
      .where(and(eq(checklists.drivingSchoolId, a.drivingSchoolId), ownerCondition(owner)))
      .orderBy(asc(checklists.createdAt), asc(checklists.id));
    return { status: 200 as const, body: await Promise.all(rows.map(toChecklist)) };
  }

  /** Copies the template's items, all unchecked, into a new checklist of the owner. */
  async function add(a: AuthContext, owner: Owner, templateId: number) {
    const found = await template(a, templateId);
    if (found.forCostBearers !== 'costBearerId' in owner) {
      throw globalError(
        'errors.checklist_template_not_applicable',
        found.forCostBearers
          ? 'The template is for cost bearers.'
          : 'The template is for students.',
      );
    }
    const row = await guardWrite(
      () =>
        db.transaction(async (tx) => {
          const [created] = await tx
            .insert(checklists)
            .values({
              drivingSchoolId: a.drivingSchoolId,
              templateId,
              name: found.name,
              ...owner,
            })
            .returning();
          if (!created) throw notFound();
          await tx.execute(sql`
            insert into checklist_items (driving_school_id, checklist_id, text, position)
            select driving_school_id, ${created.id}, text, position
            from checklist_template_items
            where driving_school_id = ${a.drivingSchoolId} and template_id = ${templateId}`);
          return created;
        }),
      {
        checklists_student_template_key: { error: 'errors.checklist_exists' },
        checklists_cost_bearer_template_key: { error: 'errors.checklist_exists' },
      },
    );
    return { status: 201 as const, body: await toChecklist(row) };
  }

  async function remove(a: AuthContext, owner: Owner, templateId: number) {
    const removed = await db
      .delete(checklists)
      .where(
        and(
          eq(checklists.drivingSchoolId, a.drivingSchoolId),
          ownerCondition(owner),
          eq(checklists.templateId, templateId),
        ),
      )
      .returning({ id: checklists.id });
    if (removed.length === 0) throw notFound();
    return { status: 204 as const };
  }

  async function check(a: AuthContext, itemId: number, checked: boolean, of: 'student' | 'cost') {
    const [item] = await db
      .select({ id: checklistItems.id })
      .from(checklistItems)
      .innerJoin(
        checklists,
        and(
          eq(checklists.drivingSchoolId, checklistItems.drivingSchoolId),
          eq(checklists.id, checklistItems.checklistId),
        ),
      )
      .where(
        and(
          eq(checklistItems.drivingSchoolId, a.drivingSchoolId),
          eq(checklistItems.id, itemId),
          isNotNull(of === 'student' ? checklists.studentId : checklists.costBearerId),
        ),
      );
    if (!item) throw notFound();
    const [row] = await db
      .update(checklistItems)
      .set({
        checked,
        checkedAt: checked ? new Date() : null,
        checkedByUserId: checked ? a.userId : null,
      })
      .where(
        and(eq(checklistItems.drivingSchoolId, a.drivingSchoolId), eq(checklistItems.id, itemId)),
      )
      .returning();
    if (!row) throw notFound();
    return { status: 200 as const, body: toItem(row) };
  }

  return mergeHandlers(
    generic,
    writes,
    handlers({
      async listChecklistTemplates(request) {
        const a = requireAuth(request);
        const forCostBearers = request.query.forCostBearers as boolean | undefined;
        const rows = await db
          .select()
          .from(checklistTemplates)
          .where(
            and(
              eq(checklistTemplates.drivingSchoolId, a.drivingSchoolId),
              forCostBearers === undefined
                ? undefined
                : eq(checklistTemplates.forCostBearers, forCostBearers),
            ),
          )
          .orderBy(asc(sql`lower(${checklistTemplates.name})`), asc(checklistTemplates.id));
        return { status: 200 as const, body: await Promise.all(rows.map(templateDto)) };
      },

      async listChecklistsByStudent(request) {
        const a = requireAuth(request);
        const studentId = num(request.params.id);
        await visibleStudent(db, a, studentId);
        return listOf(a, { studentId });
      },
      async listChecklistsByCostBearer(request) {
        const a = requireAuth(request);
        const costBearerId = num(request.params.id);
        await costBearerOfSchool(db, a, costBearerId);
        return listOf(a, { costBearerId });
      },

      async addChecklistToStudent(request) {
        const a = requireAuth(request);
        const studentId = num(request.params.studentId);
        await visibleStudent(db, a, studentId);
        return add(a, { studentId }, num(request.params.templateId));
      },
      async removeChecklistFromStudent(request) {
        const a = requireAuth(request);
        const studentId = num(request.params.studentId);
        await visibleStudent(db, a, studentId);
        return remove(a, { studentId }, num(request.params.templateId));
      },
      async addChecklistToCostBearer(request) {
        const a = requireAuth(request);
        const costBearerId = num(request.params.costBearerId);
        await costBearerOfSchool(db, a, costBearerId);
        return add(a, { costBearerId }, num(request.params.templateId));
      },
      async removeChecklistFromCostBearer(request) {
        const a = requireAuth(request);
        const costBearerId = num(request.params.costBearerId);
        await costBearerOfSchool(db, a, costBearerId);
        return remove(a, { costBearerId }, num(request.params.templateId));
      },

      checkStudentChecklistItem: (request) =>
        check(
          requireAuth(request),
          num(request.params.id),
          Boolean(request.query.checked),
          'student',
        ),
      checkCostBearerChecklistItem: (request) =>
        check(requireAuth(request), num(request.params.id), Boolean(request.query.checked), 'cost'),
    }),
  );
}
