import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { branches, type DayWorkHours, priceLists } from '../../db/schema';
import { type AuthContext, requireAuth } from '../../http/auth';
import { fieldError, globalError, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { guardWrite } from '../resources/database-errors';
import { expression, hhmm, iso, mergeHandlers, opt, type Schemas } from '../resources/kit';
import { createResourceHandlers, type ResourceDefinition } from '../resources/resource-handlers';
import { createResourceRepository } from '../resources/resource-repository';
import { checkWeekWorkHours } from './week-work-hours';

/* Branches (Filialen): address, opening hours, work corridor, price list (spec 000 §3). */

type BranchRow = typeof branches.$inferSelect;

export const toBranch = (row: BranchRow): Schemas['Branch'] => ({
  id: row.id,
  name: row.name,
  abbreviation: row.abbreviation,
  address: opt(row.address),
  phone: opt(row.phone),
  email: opt(row.email),
  priceListId: opt(row.priceListId),
  dayWorkHours: row.dayWorkHours,
  workCorridor: { from: hhmm(row.workCorridorFrom), to: hhmm(row.workCorridorTo) },
  defaultDrivingLessonDuration: row.defaultDrivingLessonDuration,
  fastLaneDuration: opt(row.fastLaneDuration),
  showOnWebsite: row.showOnWebsite,
  calendarShareRights: {
    instructorsRead: row.calendarShareInstructorsRead,
    instructorsWrite: row.calendarShareInstructorsWrite,
  },
  archived: row.archived,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

const constraints = {
  branches_name_key: { field: 'name', error: 'validation.name_in_use' },
  branches_abbreviation_key: { field: 'abbreviation', error: 'validation.abbreviation_in_use' },
  branches_price_list_fk: { field: 'priceListId', error: 'validation.not_found' },
  branches_work_corridor_check: { field: 'workCorridor.to', error: 'validation.time_order' },
  branches_default_lesson_duration_check: {
    field: 'defaultDrivingLessonDuration',
    error: 'validation.invalid',
  },
  branches_fast_lane_duration_check: { field: 'fastLaneDuration', error: 'validation.invalid' },
};

/** Opening hours must be well-formed and lie inside the work corridor. */
function checkHours(dayWorkHours: DayWorkHours[], corridor: { from: string; to: string }) {
  if (corridor.to <= corridor.from) {
    throw fieldError(
      'workCorridor.to',
      'validation.time_order',
      'The corridor must end after it starts.',
    );
  }
  checkWeekWorkHours(dayWorkHours, 'dayWorkHours', corridor);
}

/** A branch's price list is an active, non-template list of the school. */
async function checkPriceList(db: Db, auth: AuthContext, priceListId: unknown) {
  if (priceListId === null || priceListId === undefined) return;
  const [list] = await db
    .select({ template: priceLists.template, archived: priceLists.archived })
    .from(priceLists)
    .where(
      and(
        eq(priceLists.drivingSchoolId, auth.drivingSchoolId),
        eq(priceLists.id, Number(priceListId)),
      ),
    );
  if (!list) throw fieldError('priceListId', 'validation.not_found', 'No such price list.');
  if (list.template || list.archived) {
    throw fieldError(
      'priceListId',
      'validation.price_list_not_assignable',
      'A branch gets an active price list that is no template.',
    );
  }
}

const corridorOf = (values: Record<string, unknown>) => ({
  from: String(values.workCorridorFrom),
  to: String(values.workCorridorTo),
});

export function createBranchHandlers(db: Db): OperationHandlers {
  const sortColumns = {
    id: branches.id,
    name: sql`lower(${branches.name})`,
    abbreviation: sql`lower(${branches.abbreviation})`,
    createdAt: branches.createdAt,
  };
  const definition = {
    table: branches,
    operations: {
      get: 'getBranch',
      filter: 'filterBranches',
      list: 'listBranches',
      page: 'pageBranches',
      create: 'createBranch',
      update: 'updateBranch',
      archive: 'archiveBranch',
    },
    toDto: toBranch,
    fromInput: (input: Record<string, unknown>) => {
      const corridor = input.workCorridor as Schemas['WorkCorridor'];
      const share = input.calendarShareRights as Schemas['BranchCalendarShareRights'] | undefined;
      return {
        name: input.name,
        abbreviation: input.abbreviation,
        address: input.address ?? null,
        phone: input.phone ?? null,
        email: input.email ?? null,
        priceListId: input.priceListId ?? null,
        dayWorkHours: input.dayWorkHours ?? [],
        workCorridorFrom: corridor.from,
        workCorridorTo: corridor.to,
        defaultDrivingLessonDuration: input.defaultDrivingLessonDuration,
        fastLaneDuration: input.fastLaneDuration ?? null,
        showOnWebsite: input.showOnWebsite ?? false,
        // Booking into a calendar implies seeing it.
        calendarShareInstructorsRead: Boolean(share?.instructorsRead || share?.instructorsWrite),
        calendarShareInstructorsWrite: Boolean(share?.instructorsWrite),
      };
    },
    searchColumns: [
      branches.name,
      branches.abbreviation,
      expression(sql`(${branches.address} ->> 'city')`),
    ],
    sortColumns,
    defaultSort: [{ field: 'name' }],
    filters: (body) => [
      body.priceListId === undefined
        ? undefined
        : eq(branches.priceListId, Number(body.priceListId)),
      body.showOnWebsite === undefined
        ? undefined
        : eq(branches.showOnWebsite, body.showOnWebsite as boolean),
    ],
    constraints,
    rules: {
      async beforeCreate({ db, auth, values = {} }) {
        checkHours(values.dayWorkHours as DayWorkHours[], corridorOf(values));
        await checkPriceList(db, auth, values.priceListId);
        if (values.priceListId === null) {
          // The school's first branch gets the standard price list.
          const [existing] = await db
            .select({ n: count() })
            .from(branches)
            .where(eq(branches.drivingSchoolId, auth.drivingSchoolId));
          if ((existing?.n ?? 0) === 0) {
            const [standard] = await db
              .select({ id: priceLists.id })
              .from(priceLists)
              .where(
                and(
                  eq(priceLists.drivingSchoolId, auth.drivingSchoolId),
                  eq(priceLists.standard, true),
                ),
              );
            if (standard) values.priceListId = standard.id;
          }
        }
      },
      async beforeUpdate({ db, auth, values = {} }) {
        checkHours(values.dayWorkHours as DayWorkHours[], corridorOf(values));
        await checkPriceList(db, auth, values.priceListId);
      },
      async beforeArchive({ db, auth, current, archived }) {
        if (!archived || !current || current.archived) return;
        const [others] = await db
          .select({ n: count() })
          .from(branches)
          .where(
            and(
              eq(branches.drivingSchoolId, auth.drivingSchoolId),
              eq(branches.archived, false),
              ne(branches.id, current.id),
            ),
          );
        if ((others?.n ?? 0) === 0) {
          throw globalError('errors.last_branch', "The school's last active branch stays.");
        }
      },
    },
  } satisfies ResourceDefinition<typeof branches>;

  const repository = createResourceRepository(db, branches, { sortColumns });
  const workHoursOf = (row: BranchRow): Schemas['BranchWorkHours'] => ({
    dayWorkHours: row.dayWorkHours,
    workCorridor: { from: hhmm(row.workCorridorFrom), to: hhmm(row.workCorridorTo) },
  });

  const custom: OperationHandlers = {
    async getBranchWorkHours(request) {
      const auth = requireAuth(request);
      const row = await repository.findById(auth.drivingSchoolId, request.params.id);
      if (!row) throw notFound(`No branch ${request.params.id} in your school.`);
      return { status: 200, body: workHoursOf(row) };
    },

    async updateBranchWorkHours(request) {
      const auth = requireAuth(request);
      const { dayWorkHours, workCorridor } = request.body;
      const current = await repository.findById(auth.drivingSchoolId, request.params.id);
      if (!current) throw notFound(`No branch ${request.params.id} in your school.`);
      checkHours(dayWorkHours, workCorridor);
      const row = await guardWrite(
        () =>
          repository.update(auth.drivingSchoolId, request.params.id, {
            dayWorkHours,
            workCorridorFrom: workCorridor.from,
            workCorridorTo: workCorridor.to,
          }),
        constraints,
      );
      if (!row) throw notFound();
      return { status: 200, body: workHoursOf(row) };
    },
  };

  return mergeHandlers(createResourceHandlers(db, definition), custom);
}
