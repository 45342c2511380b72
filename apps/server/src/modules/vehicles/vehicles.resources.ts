import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  type LicenseClass,
  roles,
  userRoles,
  users,
  type VehicleKind,
  vehicleInstructors,
  vehicles,
} from '../../db/schema';
import { requireAuth } from '../../http/auth';
import { notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { VEHICLE_USAGE_REQUIREMENTS } from '../licence-data/licence-data';
import {
  batchLoader,
  groupBy,
  iso,
  joinTableLink,
  mergeHandlers,
  opt,
  type Schemas,
  writeWithChildren,
} from '../resources/kit';
import { createResourceHandlers, type ResourceDefinition } from '../resources/resource-handlers';
import { createResourceRepository } from '../resources/resource-repository';

/* Vehicles, trailers and escort vehicles with inspection dates (spec 000 §3 "Vehicle"). */

type VehicleRow = typeof vehicles.$inferSelect;
/** Vehicles the instructor may use: theirs and those open to every instructor. */
export const usableBy = (userId: number): SQL =>
  sql`(not exists (select 1 from ${vehicleInstructors} where ${vehicleInstructors.drivingSchoolId} = ${vehicles.drivingSchoolId} and ${vehicleInstructors.vehicleId} = ${vehicles.id})
    or exists (select 1 from ${vehicleInstructors} where ${vehicleInstructors.drivingSchoolId} = ${vehicles.drivingSchoolId} and ${vehicleInstructors.vehicleId} = ${vehicles.id} and ${vehicleInstructors.userId} = ${userId}))`;

const trains = (licenseClass: LicenseClass): SQL =>
  sql`${vehicles.licenseClasses} @> array[${licenseClass}]::text[]`;

export function createVehicleHandlers(db: Db): OperationHandlers {
  const instructorsOf = batchLoader<number[]>(
    async (schoolId, ids) => {
      const rows = await db
        .select({ vehicleId: vehicleInstructors.vehicleId, userId: vehicleInstructors.userId })
        .from(vehicleInstructors)
        .where(
          and(
            eq(vehicleInstructors.drivingSchoolId, schoolId),
            inArray(vehicleInstructors.vehicleId, ids),
          ),
        )
        .orderBy(vehicleInstructors.userId);
      return groupBy(
        rows,
        (row) => row.vehicleId,
        (row) => row.userId,
      );
    },
    () => [],
  );

  const toVehicle = async (row: VehicleRow): Promise<Schemas['Vehicle']> => ({
    id: row.id,
    name: row.name,
    plate: row.plate,
    kind: row.kind,
    transmission: opt(row.transmission),
    licenseClasses: row.licenseClasses,
    chassisNumber: opt(row.chassisNumber),
    mainInspectionDate: opt(row.mainInspectionDate),
    safetyCheckDate: opt(row.safetyCheckDate),
    seasonalClosure:
      row.seasonalClosureFromMonth !== null && row.seasonalClosureToMonth !== null
        ? { fromMonth: row.seasonalClosureFromMonth, toMonth: row.seasonalClosureToMonth }
        : undefined,
    branchId: opt(row.branchId),
    instructorIds: await instructorsOf(row.drivingSchoolId, row.id),
    archived: row.archived,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  });

  const sortColumns = {
    id: vehicles.id,
    name: sql`lower(${vehicles.name})`,
    plate: vehicles.plate,
    kind: vehicles.kind,
    mainInspectionDate: vehicles.mainInspectionDate,
    safetyCheckDate: vehicles.safetyCheckDate,
  };
  const definition = {
    table: vehicles,
    operations: {
      get: 'getVehicle',
      filter: 'filterVehicles',
      list: 'listVehicles',
      page: 'pageVehicles',
      archive: 'archiveVehicle',
    },
    toDto: toVehicle,
    fromInput: (input: Record<string, unknown>) => {
      const closure = input.seasonalClosure as Schemas['SeasonalClosure'] | undefined;
      return {
        name: input.name,
        plate: input.plate,
        kind: input.kind,
        transmission: input.transmission ?? null,
        licenseClasses: input.licenseClasses,
        chassisNumber: input.chassisNumber ?? null,
        mainInspectionDate: input.mainInspectionDate ?? null,
        safetyCheckDate: input.safetyCheckDate ?? null,
        seasonalClosureFromMonth: closure?.fromMonth ?? null,
        seasonalClosureToMonth: closure?.toMonth ?? null,
        branchId: input.branchId ?? null,
      };
    },
    searchColumns: [vehicles.name, vehicles.plate, vehicles.chassisNumber],
    sortColumns,
    defaultSort: [{ field: 'name' }],
    filters: (body) => [
      Array.isArray(body.kinds) && body.kinds.length > 0
        ? inArray(vehicles.kind, body.kinds as VehicleKind[])
        : undefined,
      body.transmission === undefined
        ? undefined
        : eq(vehicles.transmission, body.transmission as 'MANUAL' | 'AUTOMATIC'),
      body.licenseClass === undefined ? undefined : trains(body.licenseClass as LicenseClass),
      body.branchId === undefined ? undefined : eq(vehicles.branchId, Number(body.branchId)),
      body.instructorId === undefined ? undefined : usableBy(Number(body.instructorId)),
      body.inspectionDueBefore === undefined
        ? undefined
        : or(
            sql`${vehicles.mainInspectionDate} <= ${body.inspectionDueBefore}`,
            sql`${vehicles.safetyCheckDate} <= ${body.inspectionDueBefore}`,
          ),
    ],
    constraints: {
      vehicles_plate_key: { field: 'plate', error: 'validation.plate_in_use' },
      vehicles_chassis_number_key: {
        field: 'chassisNumber',
        error: 'validation.chassis_number_in_use',
      },
      vehicles_plate_format_check: { field: 'plate', error: 'validation.pattern' },
      vehicles_chassis_number_format_check: { field: 'chassisNumber', error: 'validation.pattern' },
      vehicles_transmission_required_check: {
        field: 'transmission',
        error: 'validation.required',
      },
      vehicles_trailer_transmission_check: {
        field: 'transmission',
        error: 'validation.not_allowed',
      },
      vehicles_safety_check_kind_check: {
        field: 'safetyCheckDate',
        error: 'validation.not_allowed',
      },
      vehicles_seasonal_closure_check: { field: 'seasonalClosure', error: 'validation.invalid' },
      vehicles_branch_fk: { field: 'branchId', error: 'validation.not_found' },
      vehicle_instructors_user_fk: { field: 'instructorIds', error: 'validation.not_found' },
    },
  } satisfies ResourceDefinition<typeof vehicles>;

  const repository = createResourceRepository(db, vehicles, { sortColumns });
  const activeSortedByName = (schoolId: number, where: (SQL | undefined)[]) =>
    repository.page(schoolId, {
      offset: 0,
      limit: 1000,
      archived: false,
      sort: [{ field: 'name' }],
      where,
    });

  /** Whether the user teaches: a taught class or a role of type INSTRUCTOR. */
  async function teaches(schoolId: number, userId: number): Promise<boolean | null> {
    const [user] = await db
      .select({ licenseClasses: users.licenseClasses })
      .from(users)
      .where(and(eq(users.drivingSchoolId, schoolId), eq(users.id, userId)));
    if (!user) return null;
    if (user.licenseClasses.length > 0) return true;
    const [role] = await db
      .select({ id: roles.id })
      .from(userRoles)
      .innerJoin(
        roles,
        and(eq(roles.drivingSchoolId, userRoles.drivingSchoolId), eq(roles.id, userRoles.roleId)),
      )
      .where(
        and(
          eq(userRoles.drivingSchoolId, schoolId),
          eq(userRoles.userId, userId),
          eq(roles.type, 'INSTRUCTOR'),
        ),
      )
      .limit(1);
    return Boolean(role);
  }

  const custom: OperationHandlers = {
    async getVehicleUsageRequirements(request) {
      requireAuth(request);
      const { licenseClass } = request.params;
      return {
        status: 200,
        body: { licenseClass, requirements: VEHICLE_USAGE_REQUIREMENTS[licenseClass] },
      };
    },

    async listVehiclesByInstructorUsageAndLicenseClass(request) {
      const auth = requireAuth(request);
      const { instructorId, usage, licenseClass } = request.params;
      if ((await teaches(auth.drivingSchoolId, instructorId)) === null) {
        throw notFound(`No user ${instructorId} in your school.`);
      }
      const kinds = VEHICLE_USAGE_REQUIREMENTS[licenseClass]
        .filter((requirement) => requirement.usage === usage)
        .flatMap((requirement) => requirement.vehicleKinds);
      if (kinds.length === 0) return { status: 200, body: [] };
      const { rows } = await activeSortedByName(auth.drivingSchoolId, [
        inArray(vehicles.kind, kinds),
        trains(licenseClass),
        usableBy(instructorId),
      ]);
      return { status: 200, body: await Promise.all(rows.map(toVehicle)) };
    },

    async listVehiclesOfCurrentInstructor(request) {
      const auth = requireAuth(request);
      if (!(await teaches(auth.drivingSchoolId, auth.userId))) return { status: 200, body: [] };
      const { rows } = await activeSortedByName(auth.drivingSchoolId, [usableBy(auth.userId)]);
      return { status: 200, body: await Promise.all(rows.map(toVehicle)) };
    },
  };

  return mergeHandlers(
    createResourceHandlers(db, definition),
    writeWithChildren(db, definition, {
      operations: { create: 'createVehicle', update: 'updateVehicle' },
      links: [
        joinTableLink(
          'instructorIds',
          vehicleInstructors,
          { key: 'vehicleId', column: vehicleInstructors.vehicleId },
          { key: 'userId' },
        ),
      ],
    }),
    custom,
  );
}
