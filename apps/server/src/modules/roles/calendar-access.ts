import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  branches,
  roles,
  userBranches,
  userCalendarAccess,
  userRoles,
  users,
} from '../../db/schema';
import type { AuthContext } from '../../http/auth';
import { groupBy } from '../resources/kit';

/** Users who teach: a taught licence class, or a role of type INSTRUCTOR. */
export const teaching: SQL = sql`(cardinality(${users.licenseClasses}) > 0 or exists (
  select 1 from ${userRoles} inner join ${roles}
    on ${roles.drivingSchoolId} = ${userRoles.drivingSchoolId} and ${roles.id} = ${userRoles.roleId}
  where ${userRoles.drivingSchoolId} = ${users.drivingSchoolId} and ${userRoles.userId} = ${users.id}
    and ${roles.type} = 'INSTRUCTOR'))`;

/**
 * The office plans every calendar: a role that may read the company module (owner, office)
 * reads every user's calendar, and writes them all with the time planner's write key.
 * Everybody else sees their own calendar and those shared with them (spec 000 §3, §6).
 */
export const plansEveryCalendar = (auth: AuthContext) => auth.permissions.has('MODULE_COMPANY');

/**
 * The calendars shared with the caller — personally (`user_calendar_access`) or through the
 * calendar share rights of a branch both work at — by owner, true when read-write. Never the
 * caller's own.
 */
export async function sharedCalendars(db: Db, auth: AuthContext): Promise<Map<number, boolean>> {
  const schoolId = auth.drivingSchoolId;
  const shared = new Map<number, boolean>();
  const grant = (userId: number, write: boolean) =>
    shared.set(userId, (shared.get(userId) ?? false) || write);

  const [personal, access, sharingBranches] = await Promise.all([
    db
      .select({ userId: userCalendarAccess.userId, write: userCalendarAccess.write })
      .from(userCalendarAccess)
      .where(
        and(
          eq(userCalendarAccess.drivingSchoolId, schoolId),
          eq(userCalendarAccess.granteeUserId, auth.userId),
        ),
      ),
    db
      .select({ userId: userBranches.userId, branchId: userBranches.branchId })
      .from(userBranches)
      .where(eq(userBranches.drivingSchoolId, schoolId)),
    db
      .select({ id: branches.id, write: branches.calendarShareInstructorsWrite })
      .from(branches)
      .where(
        and(
          eq(branches.drivingSchoolId, schoolId),
          eq(branches.archived, false),
          eq(branches.calendarShareInstructorsRead, true),
        ),
      ),
  ]);
  for (const row of personal) grant(row.userId, row.write);

  const branchesOfUser = groupBy(
    access,
    (row) => row.userId,
    (row) => row.branchId,
  );
  // A user without branch rows works at every branch.
  const reaches = (userId: number, branchId: number) => {
    const list = branchesOfUser.get(userId);
    return !list || list.includes(branchId);
  };
  const sharing = sharingBranches.filter((branch) => reaches(auth.userId, branch.id));
  if (sharing.length > 0) {
    const instructors = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.drivingSchoolId, schoolId), eq(users.archived, false), teaching));
    for (const instructor of instructors) {
      for (const branch of sharing) {
        if (reaches(instructor.id, branch.id)) grant(instructor.id, branch.write);
      }
    }
  }
  shared.delete(auth.userId);
  return shared;
}

export type CalendarOwner = {
  userId: number;
  firstName: string;
  lastName: string;
  own: boolean;
  write: boolean;
};

/**
 * Every calendar the caller may show, own first, then by last and first name: the office's
 * every active user who teaches (and the caller), else the caller's own and the shared ones.
 * `write`: the caller may book into and change it.
 */
export async function readableCalendars(db: Db, auth: AuthContext): Promise<CalendarOwner[]> {
  const schoolId = auth.drivingSchoolId;
  const mayWrite = auth.permissions.has('MODULE_TIME_PLANNER_WRITE');
  const office = plansEveryCalendar(auth);
  const shared = office ? new Map<number, boolean>() : await sharedCalendars(db, auth);
  const who = office
    ? sql`(${teaching} or ${users.id} = ${auth.userId})`
    : inArray(users.id, [auth.userId, ...shared.keys()]);
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.drivingSchoolId, schoolId), eq(users.archived, false), who))
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`))
    .limit(500);
  const calendars = rows.map((row) => {
    const own = row.id === auth.userId;
    return {
      userId: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      own,
      write: mayWrite && (own || office || (shared.get(row.id) ?? false)),
    };
  });
  return [...calendars.filter((c) => c.own), ...calendars.filter((c) => !c.own)];
}

/** Whether the caller may book into, change and delete in user `ownerId`'s calendar. */
export async function mayWriteCalendar(db: Db, auth: AuthContext, ownerId: number) {
  if (!auth.permissions.has('MODULE_TIME_PLANNER_WRITE')) return false;
  if (ownerId === auth.userId || plansEveryCalendar(auth)) return true;
  return (await sharedCalendars(db, auth)).get(ownerId) === true;
}
