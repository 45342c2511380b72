import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  appointments,
  branches,
  priceLists,
  prices,
  products,
  studentEducations,
  students,
  userCalendarAccess,
  users,
  vehicles,
} from '../../db/schema';
import {
  DEMO_INSTRUCTOR,
  DEMO_OFFICE,
  DEMO_OWNER,
  DRIVERS,
  expectError,
  type TestApp,
  useTestApp,
} from '../../test/test-app';
import { addDays, berlinToday, weekdayIndex } from '../resources/kit';
import { type NightTime, nightTimes, placeOfPostalCode } from './night-times';

/*
 * The scheduler's server rules (issue 11): the calendar of a range with what each viewer may
 * see, the vehicle checks, saving under a lock (an overlap booked meanwhile is refused),
 * series scopes, calendar write access and the driving lessons' booking and signature.
 */

type Entry = {
  appointment: { id: number; studentId?: number; note?: string; released: boolean };
  studentName?: string;
  instructorName: string;
  vehicleName?: string;
  trailerName?: string;
  editable: boolean;
};
type Entries = {
  data: Entry[];
  total: number;
  nightTimes: { date: string; from: string; to: string }[];
  userCalendars: { userId: number; own: boolean; write: boolean }[];
};
type Check = {
  ok: boolean;
  findings: {
    kind: string;
    date: string;
    conflictingAppointment?: { appointmentId?: number; startTime: string; studentName?: string };
    licenseClass?: string;
    allowedLicenseClasses?: string[];
  }[];
};
type Appointment = {
  id: number;
  date: string;
  startTime: string;
  minutes: number;
  seriesId?: number;
  booked: boolean;
  bookedPrice?: number;
  signed: boolean;
  released: boolean;
  signature?: { signedAt: string; file: { mimeType: string } };
};

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The Monday of the week after next: a week of its own for each describe. */
const today = berlinToday();
const monday = addDays(today, 14 - weekdayIndex(today));

type Fixtures = {
  schoolId: number;
  jonasId: number;
  colleagueId: number;
  strangerId: number;
  branchId: number;
  carId: number;
  trailerId: number;
  escortId: number;
  truckId: number;
};

async function createFixtures(t: TestApp): Promise<Fixtures> {
  const db = t.database.db;
  const schoolId = t.demo.schoolId;
  const jonasId = t.demo.userIds[DEMO_INSTRUCTOR.email] as number;
  const [colleague, stranger] = await db
    .insert(users)
    .values(
      [
        ['Lea', 'Kraus'],
        ['Tim', 'Vogel'],
      ].map(([firstName, lastName]) => ({
        drivingSchoolId: schoolId,
        firstName: firstName as string,
        lastName: lastName as string,
        email: `${firstName?.toLowerCase()}.${lastName?.toLowerCase()}.${t.driver}@fahrschule-demo.de`,
        passwordHash: 'not-used',
        licenseClasses: ['B' as const],
      })),
    )
    .returning({ id: users.id });
  // Lea shares her calendar with Jonas read-only; Tim shares nothing.
  await db.insert(userCalendarAccess).values({
    drivingSchoolId: schoolId,
    userId: colleague?.id as number,
    granteeUserId: jonasId,
    write: false,
  });
  const [branch] = await db
    .insert(branches)
    .values({
      drivingSchoolId: schoolId,
      name: 'Filiale Kiel',
      abbreviation: 'KI',
      workCorridorFrom: '07:00',
      workCorridorTo: '20:00',
      address: {
        street: 'Holstenstraße',
        houseNumber: '1',
        postalCode: '24103',
        city: 'Kiel',
        country: 'DE',
      },
    })
    .returning({ id: branches.id });
  const vehicle = (name: string, kind: 'CAR' | 'TRAILER' | 'ESCORT' | 'TRUCK', classes: string[]) =>
    db
      .insert(vehicles)
      .values({
        drivingSchoolId: schoolId,
        name,
        plate: `KI-${name.slice(0, 2).toUpperCase()} ${Math.floor(Math.random() * 9000) + 100}`,
        kind,
        transmission: kind === 'TRAILER' ? null : 'MANUAL',
        licenseClasses: classes as never,
      })
      .returning({ id: vehicles.id })
      .then((rows) => rows[0]?.id as number);
  return {
    schoolId,
    jonasId,
    colleagueId: colleague?.id as number,
    strangerId: stranger?.id as number,
    branchId: branch?.id as number,
    carId: await vehicle('Golf', 'CAR', ['B']),
    trailerId: await vehicle('Anhänger', 'TRAILER', ['BE']),
    escortId: await vehicle('Begleitfahrzeug', 'ESCORT', ['A']),
    truckId: await vehicle('Actros', 'TRUCK', ['C', 'CE']),
  };
}

describe.each(DRIVERS)('the scheduler on %s', (driver) => {
  const t = useTestApp(driver);
  let owner: string;
  let office: string;
  let jonas: string;
  let f: Fixtures;
  let n = 0;

  beforeAll(async () => {
    owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    office = await t.signIn(DEMO_OFFICE.email, DEMO_OFFICE.password);
    jonas = await t.signIn(DEMO_INSTRUCTOR.email, DEMO_INSTRUCTOR.password);
    f = await createFixtures(t);
  });

  /** A student of class B with an education; Jonas's own student when `own`. */
  async function student(own = false) {
    n += 1;
    const db = t.database.db;
    const [row] = await db
      .insert(students)
      .values({
        drivingSchoolId: f.schoolId,
        firstName: `Mia${n}`,
        lastName: `Brandt${n}`,
        branchId: f.branchId,
        instructorId: own ? f.jonasId : null,
      })
      .returning({ id: students.id });
    const [education] = await db
      .insert(studentEducations)
      .values({
        drivingSchoolId: f.schoolId,
        studentId: row?.id as number,
        licenseClass: 'B',
        branchId: f.branchId,
        theoryQuestionsVersion: '2026-04',
      })
      .returning({ id: studentEducations.id });
    return { studentId: row?.id as number, studentEducationId: education?.id as number };
  }

  async function lessonBody(extra: Record<string, unknown> = {}) {
    return {
      type: 'DRIVING',
      date: monday,
      startTime: '10:00',
      minutes: 90,
      hourType: 'NORMAL',
      instructorId: f.jonasId,
      vehicleId: f.carId,
      branchId: f.branchId,
      ...(await student(true)),
      ...extra,
    };
  }

  const create = (token: string, body: Record<string, unknown>) =>
    t.call<Appointment>('POST', '/appointments', { token, body });

  describe('POST /calendar/filter', () => {
    it('answers a week of the calendars the caller may read, with names and night times', async () => {
      const date = addDays(monday, 1);
      const own = await create(owner, await lessonBody({ date }));
      expect(own.status, own.raw).toBe(201);
      const hidden = await create(owner, {
        ...(await lessonBody({ date, instructorId: f.colleagueId, vehicleId: undefined })),
        ...(await student(false)),
        note: 'nur für das Büro',
      });
      expect(hidden.status, hidden.raw).toBe(201);
      const strangers = await create(owner, {
        type: 'PRIVATE',
        date,
        startTime: '08:00',
        minutes: 60,
        instructorId: f.strangerId,
        title: 'Zahnarzt',
      });
      expect(strangers.status, strangers.raw).toBe(201);
      const week = { from: monday, to: addDays(monday, 6) };

      // The office reads every calendar and may change every entry.
      const all = await t.call<Entries>('POST', '/calendar/filter', { token: office, body: week });
      expect(all.status, all.raw).toBe(200);
      const ids = all.body.data.map((e) => e.appointment.id);
      expect(ids).toEqual(expect.arrayContaining([own.body.id, hidden.body.id, strangers.body.id]));
      expect(all.body.data.every((e) => e.editable)).toBe(true);
      const ownEntry = all.body.data.find((e) => e.appointment.id === own.body.id);
      expect(ownEntry).toMatchObject({ instructorName: 'Jonas Weber', vehicleName: 'Golf' });
      expect(ownEntry?.studentName).toMatch(/^Mia\d+ Brandt\d+$/);
      // The calendar answers each appointment as the appointment call does.
      for (const entry of all.body.data) {
        const single = await t.call('GET', `/appointments/${entry.appointment.id}`, {
          token: office,
        });
        expect(entry.appointment).toEqual(single.body);
      }
      expect(all.body.nightTimes).toHaveLength(7);
      expect(all.body.userCalendars.map((c) => c.userId)).toEqual(
        expect.arrayContaining([f.jonasId, f.colleagueId, f.strangerId]),
      );

      // Jonas: his own calendar and Lea's (shared read-only), not Tim's; Lea's student is not
      // his, so her lesson shows no student and no note.
      const his = await t.call<Entries>('POST', '/calendar/filter', { token: jonas, body: week });
      expect(his.status, his.raw).toBe(200);
      const byId = new Map(his.body.data.map((e) => [e.appointment.id, e]));
      expect(byId.has(strangers.body.id)).toBe(false);
      expect(byId.get(own.body.id)?.editable).toBe(true);
      const lea = byId.get(hidden.body.id);
      expect(lea).toMatchObject({ instructorName: 'Lea Kraus', editable: false });
      expect(lea?.studentName).toBeUndefined();
      expect(lea?.appointment.studentId).toBeUndefined();
      expect(lea?.appointment.note).toBeUndefined();
      expect(his.body.userCalendars).toEqual([
        expect.objectContaining({ userId: f.jonasId, own: true, write: true }),
        expect.objectContaining({ userId: f.colleagueId, own: false, write: false }),
      ]);

      // Asking for Tim's calendar is asking for nothing.
      const tims = await t.call<Entries>('POST', '/calendar/filter', {
        token: jonas,
        body: { ...week, instructorIds: [f.strangerId] },
      });
      expect(tims.body.data).toEqual([]);

      // Vehicle filter, branch night times (Kiel: postal zone 2).
      const golf = await t.call<Entries>('POST', '/calendar/filter', {
        token: office,
        body: { ...week, vehicleIds: [f.carId], branchId: f.branchId },
      });
      expect(golf.body.data.map((e) => e.appointment.id)).toEqual([own.body.id]);
      expect(golf.body.nightTimes).toEqual(
        nightTimes(week.from, week.to, placeOfPostalCode('24103')),
      );
    });

    it('refuses a range of more than 42 days, or one ending before it starts', async () => {
      expectError(
        await t.call('POST', '/calendar/filter', {
          token: owner,
          body: { from: monday, to: addDays(monday, 43) },
        }),
        422,
        'errors.validation',
      );
      const six = await t.call('POST', '/calendar/filter', {
        token: owner,
        body: { from: monday, to: addDays(monday, 42) },
      });
      expect(six.status, six.raw).toBe(200);
      expectError(
        await t.call('POST', '/calendar/filter', {
          token: owner,
          body: { from: monday, to: addDays(monday, -1) },
        }),
        422,
        'errors.validation',
      );
    });

    it("shows theory lessons read-only in their instructor's calendar", async () => {
      // A week of its own, ten weeks ahead.
      const date = addDays(monday, 70);
      const lesson = await t.call<{ id: number }>('POST', '/theory-lesson', {
        token: owner,
        body: {
          additional: false,
          lessonNumber: 5,
          date,
          startTime: '18:30',
          minutes: 90,
          instructorId: f.jonasId,
          branchId: f.branchId,
        },
      });
      expect(lesson.status, lesson.raw).toBe(201);
      const week = { from: addDays(monday, 70), to: addDays(monday, 76) };
      const entryOf = (entries: Entries) =>
        (entries.data as (Entry & { theoryLessonId?: number })[]).find(
          (e) => e.theoryLessonId === lesson.body.id,
        );
      const mine = await t.call<Entries>('POST', '/calendar/filter', { token: jonas, body: week });
      expect(mine.status, mine.raw).toBe(200);
      expect(entryOf(mine.body)).toEqual({
        appointment: expect.objectContaining({
          id: lesson.body.id,
          type: 'THEORY',
          title: 'Vorfahrt und Verkehrsregelungen',
          date,
          startTime: '18:30',
          minutes: 90,
          instructorId: f.jonasId,
          booked: false,
        }),
        instructorName: 'Jonas Weber',
        editable: false,
        theoryLessonId: lesson.body.id,
      });
      expect(mine.body.total).toBe(mine.body.data.length);
      // The office sees it too; filters by type and vehicle leave it out, by branch keep it.
      const office = await t.call<Entries>('POST', '/calendar/filter', {
        token: owner,
        body: week,
      });
      expect(entryOf(office.body)?.editable).toBe(false);
      const typed = async (body: Record<string, unknown>) =>
        entryOf(
          (
            await t.call<Entries>('POST', '/calendar/filter', {
              token: owner,
              body: { ...week, ...body },
            })
          ).body,
        );
      expect(await typed({ types: ['DRIVING'] })).toBeUndefined();
      expect(await typed({ types: ['THEORY'] })).toBeDefined();
      expect(await typed({ vehicleIds: [f.carId] })).toBeUndefined();
      expect(await typed({ branchId: f.branchId })).toBeDefined();
      // Tim's calendar is not shared with Jonas: a lesson of Tim's is not in Jonas's answer.
      const timsLesson = await t.call<{ id: number }>('POST', '/theory-lesson', {
        token: owner,
        body: {
          additional: false,
          lessonNumber: 6,
          date,
          startTime: '10:00',
          minutes: 90,
          instructorId: f.strangerId,
          branchId: f.branchId,
        },
      });
      expect(timsLesson.status, timsLesson.raw).toBe(201);
      const again = await t.call<Entries>('POST', '/calendar/filter', { token: jonas, body: week });
      const lessonIds = (again.body.data as (Entry & { theoryLessonId?: number })[]).map(
        (e) => e.theoryLessonId,
      );
      expect(lessonIds).toContain(lesson.body.id);
      expect(lessonIds).not.toContain(timsLesson.body.id);
    });

    it('shades the night from sunset to the next sunrise, longer in winter', () => {
      const kiel = placeOfPostalCode('24103');
      const [winter] = nightTimes('2026-12-21', '2026-12-21', kiel) as [NightTime];
      const [summer] = nightTimes('2026-06-21', '2026-06-21', kiel) as [NightTime];
      expect(winter.from < '16:30').toBe(true);
      expect(winter.to > '08:00').toBe(true);
      expect(summer.from > '21:30').toBe(true);
      expect(summer.to < '05:00').toBe(true);
      // München sets later than Kiel in December.
      const [munich] = nightTimes('2026-12-21', '2026-12-21', placeOfPostalCode('80331'));
      expect((munich?.from ?? '') > (winter?.from ?? '')).toBe(true);
    });
  });

  describe('the vehicle checks', () => {
    it('finds the vehicle, trailer and escort vehicle in use, and a class the car is not for', async () => {
      const date = addDays(monday, 2);
      const booked = await create(owner, {
        ...(await lessonBody({ date, startTime: '12:00' })),
        trailerId: f.trailerId,
        escortVehicleId: f.escortId,
      });
      expect(booked.status, booked.raw).toBe(201);
      const all = await t.call<Check>('POST', '/calendar/vehicle/check-overlapping-appointments', {
        token: owner,
        body: {
          date,
          startTime: '13:00',
          minutes: 45,
          vehicleId: f.carId,
          trailerId: f.trailerId,
          escortVehicleId: f.escortId,
          licenseClass: 'BE',
        },
      });
      expect(all.status, all.raw).toBe(200);
      expect(all.body.ok).toBe(false);
      expect(all.body.findings.map((x) => x.kind).sort()).toEqual([
        'CLASS_MISMATCH',
        'ESCORT_VEHICLE_OVERLAP',
        'TRAILER_OVERLAP',
        'VEHICLE_OVERLAP',
      ]);
      expect(
        all.body.findings.find((x) => x.kind === 'VEHICLE_OVERLAP')?.conflictingAppointment,
      ).toMatchObject({ appointmentId: booked.body.id, startTime: '12:00' });
      expect(all.body.findings.find((x) => x.kind === 'CLASS_MISMATCH')).toMatchObject({
        licenseClass: 'BE',
        allowedLicenseClasses: ['B'],
      });

      // One vehicle by id: the trailer is named as such; right after the lesson it is free.
      const trailer = await t.call<Check>(
        'POST',
        `/calendar/vehicle/${f.trailerId}/check-overlapping-appointments`,
        { token: owner, body: { date, startTime: '12:30', minutes: 30 } },
      );
      expect(trailer.body.findings.map((x) => x.kind)).toEqual(['TRAILER_OVERLAP']);
      const free = await t.call<Check>(
        'POST',
        `/calendar/vehicle/${f.carId}/check-overlapping-appointments`,
        { token: owner, body: { date, startTime: '13:30', minutes: 45, licenseClass: 'B' } },
      );
      expect(free.body).toEqual({ ok: true, findings: [] });
      // Changing the lesson itself finds nothing in its own way.
      const itself = await t.call<Check>(
        'POST',
        `/calendar/vehicle/${f.carId}/check-overlapping-appointments`,
        {
          token: owner,
          body: { appointmentId: booked.body.id, date, startTime: '12:15', minutes: 90 },
        },
      );
      expect(itself.body.ok).toBe(true);
      expectError(
        await t.call('POST', '/calendar/vehicle/999999/check-overlapping-appointments', {
          token: owner,
          body: { date, startTime: '12:00', minutes: 45 },
        }),
        404,
        'errors.not_found',
      );
    });

    it('checks a weekly series over six months in one call', async () => {
      const start = addDays(monday, 3);
      const blocker = await create(owner, await lessonBody({ date: addDays(start, 7 * 10) }));
      expect(blocker.status, blocker.raw).toBe(201);
      const body = {
        date: start,
        startTime: '10:30',
        minutes: 45,
        repeatRule: 'WEEKLY',
        repeatUntil: addDays(start, 7 * 25),
      };
      const [instructor, vehicle] = await Promise.all([
        t.call<{
          ok: boolean;
          occurrences: { date: string; ok: boolean; findings: Check['findings'] }[];
        }>(
          'POST',
          `/calendar/instructor/${f.jonasId}/repeating-event/check-overlapping-appointments`,
          { token: owner, body },
        ),
        t.call<{ ok: boolean; occurrences: { date: string; ok: boolean }[] }>(
          'POST',
          `/calendar/vehicle/${f.carId}/repeating-event/check-overlapping-appointments`,
          { token: owner, body },
        ),
      ]);
      expect(instructor.status, instructor.raw).toBe(200);
      expect(instructor.body.occurrences).toHaveLength(26);
      expect(instructor.body.occurrences.filter((o) => !o.ok).map((o) => o.date)).toEqual([
        addDays(start, 70),
      ]);
      expect(vehicle.body.occurrences.filter((o) => !o.ok).map((o) => o.date)).toEqual([
        addDays(start, 70),
      ]);
    });
  });

  describe('saving', () => {
    it('refuses an overlap the user did not confirm, and saves one confirmed', async () => {
      const date = addDays(monday, 4);
      const first = await create(owner, await lessonBody({ date, startTime: '09:00' }));
      expect(first.status, first.raw).toBe(201);
      const second = await lessonBody({ date, startTime: '09:45' });
      const refused = await create(office, second);
      expectError(refused, 409, 'errors.appointment_overlap');
      // Only the instructor overlap confirmed: the car is still in the way.
      expectError(
        await create(office, { ...second, confirmedFindings: ['INSTRUCTOR_OVERLAP'] }),
        409,
        'errors.appointment_overlap',
      );
      const confirmed = await create(office, {
        ...second,
        confirmedFindings: ['INSTRUCTOR_OVERLAP', 'VEHICLE_OVERLAP'],
      });
      expect(confirmed.status, confirmed.raw).toBe(201);
      // A release of a confirmed overlap changes no time: nothing to confirm again.
      const released = await t.call<Appointment>('PUT', `/appointments/${confirmed.body.id}`, {
        token: office,
        body: { ...second, released: true },
      });
      expect(released.status, released.raw).toBe(200);
    });

    it('books one of two concurrent bookings of the same slot and refuses the other', async () => {
      const date = addDays(monday, 5);
      const body = await lessonBody({ date, startTime: '15:00', minutes: 45 });
      const other = { ...body, ...(await student(true)) };
      const [a, b] = await Promise.all([create(owner, body), create(office, other)]);
      expect([a.status, b.status].sort()).toEqual([201, 409]);
      const loser = a.status === 409 ? a : b;
      expectError(loser, 409, 'errors.appointment_overlap');
      const rows = await t.database.db
        .select({ id: appointments.id })
        .from(appointments)
        .where(
          and(
            eq(appointments.drivingSchoolId, f.schoolId),
            eq(appointments.date, date),
            eq(appointments.startTime, '15:00'),
          ),
        );
      expect(rows).toHaveLength(1);
    });

    it('lets a user write only in calendars shared with them read-write', async () => {
      const date = addDays(monday, 6);
      const private_ = (instructorId: number, startTime: string) => ({
        type: 'PRIVATE',
        date,
        startTime,
        minutes: 30,
        instructorId,
        title: 'Pause',
      });
      expectError(
        await create(jonas, private_(f.colleagueId, '07:00')),
        403,
        'errors.calendar_read_only',
      );
      expectError(
        await create(jonas, private_(f.strangerId, '07:00')),
        403,
        'errors.calendar_read_only',
      );
      const mine = await create(jonas, private_(f.jonasId, '07:00'));
      expect(mine.status, mine.raw).toBe(201);
      await t.database.db
        .update(userCalendarAccess)
        .set({ write: true })
        .where(eq(userCalendarAccess.userId, f.colleagueId));
      const shared = await create(jonas, private_(f.colleagueId, '07:30'));
      expect(shared.status, shared.raw).toBe(201);
      // Moving his own appointment into Tim's calendar is writing there too.
      expectError(
        await t.call('PUT', `/appointments/${mine.body.id}`, {
          token: jonas,
          body: private_(f.strangerId, '07:00'),
        }),
        403,
        'errors.calendar_read_only',
      );
      await t.database.db
        .update(userCalendarAccess)
        .set({ write: false })
        .where(eq(userCalendarAccess.userId, f.colleagueId));
      expectError(
        await t.call('DELETE', `/appointments/${shared.body.id}`, { token: jonas }),
        403,
        'errors.calendar_read_only',
      );
    });

    it('changes and deletes this, the following or all occurrences of a series', async () => {
      const start = addDays(monday, 21);
      const created = await create(owner, {
        type: 'OTHER',
        date: start,
        startTime: '18:00',
        minutes: 60,
        instructorId: f.strangerId,
        title: 'Teamrunde',
        repeatRule: 'WEEKLY',
        repeatUntil: addDays(start, 7 * 5),
      });
      expect(created.status, created.raw).toBe(201);
      const seriesId = created.body.id;
      const series = async () =>
        (
          await t.database.db
            .select({
              id: appointments.id,
              date: appointments.date,
              startTime: appointments.startTime,
            })
            .from(appointments)
            .where(eq(appointments.seriesId, seriesId))
        ).sort((x, y) => x.date.localeCompare(y.date));
      const six = await series();
      expect(six).toHaveLength(6);
      const third = six[2] as { id: number; date: string };
      // The fourth is released: it stays as it is.
      await t.database.db
        .update(appointments)
        .set({ released: true, releasedAt: new Date() })
        .where(eq(appointments.id, six[3]?.id as number));
      const body = {
        type: 'OTHER',
        date: addDays(third.date, 1),
        startTime: '17:00',
        minutes: 60,
        instructorId: f.strangerId,
        title: 'Teamrunde (verlegt)',
      };
      const moved = await t.call<Appointment>('PUT', `/appointments/${third.id}`, {
        token: owner,
        query: { scope: 'FOLLOWING' },
        body,
      });
      expect(moved.status, moved.raw).toBe(200);
      const after = await series();
      expect(after.map((row) => [row.date, row.startTime.slice(0, 5)])).toEqual([
        [start, '18:00'],
        [addDays(start, 7), '18:00'],
        [addDays(start, 15), '17:00'],
        [addDays(start, 21), '18:00'],
        [addDays(start, 29), '17:00'],
        [addDays(start, 36), '17:00'],
      ]);
      const removed = await t.call('DELETE', `/appointments/${seriesId}`, {
        token: owner,
        query: { scope: 'ALL' },
      });
      expect(removed.status, removed.raw).toBe(204);
      expect((await series()).map((row) => row.date)).toEqual([addDays(start, 21)]);
    });
  });

  describe('driving lessons', () => {
    let priced = false;
    async function withPrices() {
      if (priced) return;
      priced = true;
      const db = t.database.db;
      const [list] = await db
        .insert(priceLists)
        .values({ drivingSchoolId: f.schoolId, name: `Fahrstunden ${driver}` })
        .returning({ id: priceLists.id });
      await db.update(branches).set({ priceListId: list?.id }).where(eq(branches.id, f.branchId));
      const [product] = await db
        .insert(products)
        .values({
          drivingSchoolId: f.schoolId,
          type: 'DRIVING_LESSON',
          name: 'Übungsstunde',
          vatRate: 19,
          hourType: 'NORMAL',
          duration: 45,
        })
        .returning({ id: products.id });
      await db.insert(prices).values({
        drivingSchoolId: f.schoolId,
        priceListId: list?.id as number,
        productId: product?.id as number,
        licenseClass: 'B',
        price: 6500,
      });
    }

    it('books a lesson at its price pro rata, once, and deletes it with its charge', async () => {
      const created = await create(
        owner,
        await lessonBody({ date: addDays(monday, 28), hourType: 'MOTORWAY' }),
      );
      expect(created.status, created.raw).toBe(201);
      await withPrices();
      expectError(
        await t.call('POST', `/driving-lessons/${created.body.id}/book`, { token: jonas }),
        422,
        'errors.no_price',
      );
      const lesson = await create(owner, await lessonBody({ date: addDays(monday, 29) }));
      const booked = await t.call<Appointment>('POST', `/driving-lessons/${lesson.body.id}/book`, {
        token: jonas,
      });
      expect(booked.status, booked.raw).toBe(200);
      expect(booked.body).toMatchObject({ booked: true, bookedPrice: 13000, signed: false });
      expectError(
        await t.call('POST', `/driving-lessons/${lesson.body.id}/book`, { token: jonas }),
        422,
        'errors.already_booked',
      );
      expectError(
        await t.call('DELETE', `/appointments/${lesson.body.id}`, { token: owner }),
        422,
        'errors.already_booked',
      );
      const other = await create(owner, {
        type: 'PRIVATE',
        date: addDays(monday, 29),
        startTime: '07:00',
        minutes: 30,
        instructorId: f.jonasId,
      });
      expectError(
        await t.call('POST', `/driving-lessons/${other.body.id}/book`, { token: owner }),
        422,
        'errors.not_a_driving_lesson',
      );
      const deleted = await t.call('DELETE', `/driving-lessons/${lesson.body.id}`, {
        token: owner,
      });
      expect(deleted.status, deleted.raw).toBe(204);
      expectError(
        await t.call('GET', `/appointments/${lesson.body.id}`, { token: owner }),
        404,
        'errors.not_found',
      );
    });

    it('signs and books on the tablet; then the released lesson is read-only', async () => {
      await withPrices();
      const lesson = await create(owner, await lessonBody({ date: addDays(monday, 30) }));
      const sign = (file: { fileName: string; mimeType: string; bytes: Buffer }) =>
        t.call<Appointment>(
          'POST',
          `/driving-lessons/${lesson.body.id}/upload-student-signature-and-book`,
          {
            token: jonas,
            multipart: {
              fields: { signedAt: '2026-11-20T10:31:00.000Z' },
              files: [{ field: 'file', ...file }],
            },
          },
        );
      const notPng = await sign({
        fileName: 'x.png',
        mimeType: 'image/png',
        bytes: Buffer.from('%PDF-1.7 nope'),
      });
      expect(notPng.status, notPng.raw).toBe(422);
      expect(
        (await t.call<Appointment>('GET', `/appointments/${lesson.body.id}`, { token: jonas })).body
          .booked,
      ).toBe(false);
      const signed = await sign({
        fileName: 'unterschrift.png',
        mimeType: 'image/png',
        bytes: PNG,
      });
      expect(signed.status, signed.raw).toBe(200);
      expect(signed.body).toMatchObject({
        booked: true,
        signed: true,
        bookedPrice: 13000,
        signature: { signedAt: '2026-11-20T10:31:00.000Z', file: { mimeType: 'image/png' } },
      });
      // A change asks first and then deletes the signature.
      const body = await lessonBody({ date: addDays(monday, 30) });
      const change = { ...body, studentId: undefined, studentEducationId: undefined };
      const current = await t.database.db
        .select({ studentId: appointments.studentId, educationId: appointments.studentEducationId })
        .from(appointments)
        .where(eq(appointments.id, lesson.body.id));
      const same = {
        ...change,
        studentId: current[0]?.studentId,
        studentEducationId: current[0]?.educationId,
        note: 'Parkplatz geübt',
      };
      expectError(
        await t.call('PUT', `/appointments/${lesson.body.id}`, { token: jonas, body: same }),
        422,
        'errors.appointment_signed',
      );
      const unsigned = await t.call<Appointment>('PUT', `/appointments/${lesson.body.id}`, {
        token: jonas,
        body: { ...same, confirmSignatureRemoval: true },
      });
      expect(unsigned.status, unsigned.raw).toBe(200);
      expect(unsigned.body.signed).toBe(false);
      // Signed again, then released as it is: the signature stays.
      const again = await sign({ fileName: 'unterschrift.png', mimeType: 'image/png', bytes: PNG });
      expect(again.status, again.raw).toBe(200);
      expect(again.body.signed).toBe(true);
      const released = await t.call<Appointment>('PUT', `/appointments/${lesson.body.id}`, {
        token: jonas,
        body: { ...same, released: true },
      });
      expect(released.status, released.raw).toBe(200);
      expect(released.body).toMatchObject({ released: true, signed: true, booked: true });
      expectError(
        await t.call('DELETE', `/driving-lessons/${lesson.body.id}`, { token: owner }),
        422,
        'errors.appointment_released',
      );
      expectError(
        await t.call('PUT', `/appointments/${lesson.body.id}`, { token: owner, body: same }),
        422,
        'errors.appointment_released',
      );
      const week = await t.call<Entries>('POST', '/calendar/filter', {
        token: owner,
        body: { from: addDays(monday, 28), to: addDays(monday, 34) },
      });
      expect(week.body.data.find((e) => e.appointment.id === lesson.body.id)?.editable).toBe(false);
      // Released, booked and signed: the same fields as the appointment call, but the file.
      const single = await t.call<Appointment>('GET', `/appointments/${lesson.body.id}`, {
        token: owner,
      });
      const { signature: _file, ...withoutFile } = single.body;
      const inWeek = week.body.data.find((e) => e.appointment.id === lesson.body.id);
      expect(inWeek?.appointment).toEqual(withoutFile);
    });
  });
});
