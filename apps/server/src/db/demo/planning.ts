import { and, eq, inArray } from 'drizzle-orm';
import { ADDITIONAL_TOPICS, BASIC_TOPICS } from '../../modules/licence-data/licence-data';
import {
  appointments,
  type DayWorkHours,
  examParticipants,
  exams,
  studentEducationCostBearers,
  studentEducationCourses,
  studentEducations,
  testingOrganizations,
  theoryCourses,
  theoryLessonParticipants,
  theoryLessons,
  users,
  vehicles,
} from '../schema';
import { type DemoContext, insertBatched } from './context';

/*
 * The planning area's part of the demo school: theory courses (Grundstoff 1–12 and Zusatzstoff)
 * with lessons and participants, theory and practical exams with results, and the calendar:
 * a year of appointments around `today` (roughly 9 months back, 3 ahead) built by walking every
 * instructor's working days slot by slot, so no instructor, vehicle or student is ever booked
 * twice at once, the 495-minute daily limit holds, and lessons lie within the instructor's
 * hours. A larger scale than the calendars hold in that year reaches further back in time
 * (the benchmark scale, `demo:generate -- --appointments 2000000`): as many days back as the
 * instructors fill at a realistic density, with the school's finished, cancelled and archived
 * educations spread evenly over that past, so every month is about as busy as today's, and
 * the walk's rate keeps the count (the asked number of appointments within a few in 10,000).
 *
 * Rows are built in memory in chunks and written with insertBatched; nothing is queried per
 * row. Deterministic: only `context.faker` and `context.today`.
 */

type AppointmentInsert = typeof appointments.$inferInsert;
type HourType = NonNullable<AppointmentInsert['hourType']>;

/**
 * Rows per insert statement. Drizzle builds the statement in JavaScript (about 0.2 ms per
 * appointment row, more than PostgreSQL takes to write it) and overflows the call stack at 5000
 * rows of the 36 appointment columns, so 2000.
 */
const BATCH = 2000;
const DAY_MS = 86_400_000;
/** Practical instruction per instructor and day (spec 000 §9). */
const DAILY_LIMIT = 495;
const PAST_DAYS = 273;
const FUTURE_DAYS = 91;
/**
 * The benchmark scale's share of the expected slots a workday holds in the past (a little
 * below full, so the walk's rate has room to make up for a slot nobody could take).
 */
const EXTENDED_FILL = 0.88;
/** The benchmark scale: finished educations each instructor teaches at once in the past. */
const PAST_CONCURRENT = 14;
const WEEKDAY_NAMES = [
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
  'SUNDAY',
] as const;
/** Classes whose education starts with the theory course (extensions such as BE do not). */
const NEEDS_THEORY = new Set(['AM', 'A1', 'A2', 'A', 'B', 'B197', 'C1', 'C', 'D1', 'D', 'L', 'T']);
const MOTORCYCLE = new Set(['AM', 'A1', 'A2', 'A']);
const WITH_TRAILER = new Set(['BE', 'B96', 'C1E', 'CE', 'D1E', 'DE']);
const B_FAMILY = ['B', 'BE', 'B96', 'B197'];
const OTHER_TITLES = [
  'Fahrzeugpflege',
  'Werkstatttermin',
  'Teambesprechung',
  'Büro: Ausbildungsnachweise',
  'Fortbildung Fahrlehrer',
];
const LESSON_NOTES = [
  'Kreisverkehr und Vorfahrt geübt',
  'Einparken rückwärts sicherer',
  'Spurwechsel auf der Stadtautobahn',
  'Abholung an der Schule',
  'Gefahrbremsung geübt',
  'Schulterblick noch üben',
];

// ---- calendar arithmetic on day numbers (days since 1970-01-01, UTC) --------------------

const dayOf = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
const isoCache = new Map<number, string>();
const isoOf = (day: number) => {
  let value = isoCache.get(day);
  if (value === undefined) {
    value = new Date(day * DAY_MS).toISOString().slice(0, 10);
    isoCache.set(day, value);
  }
  return value;
};
/** 0 = Monday … 6 = Sunday. */
const weekdayOf = (day: number) => (((day + 3) % 7) + 7) % 7;
const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** Last Sunday of a month (0-based), as a day number. */
function lastSunday(year: number, month: number): number {
  const last = Math.floor(Date.UTC(year, month + 1, 0) / DAY_MS);
  return last - ((weekdayOf(last) + 1) % 7);
}

/** An instant in Europe/Berlin (CET, CEST from the last Sunday of March to that of October). */
function berlinInstant(day: number, minute: number): Date {
  const year = new Date(day * DAY_MS).getUTCFullYear();
  const summer = day >= lastSunday(year, 2) && day < lastSunday(year, 9);
  return new Date(day * DAY_MS + (minute - (summer ? 120 : 60)) * 60_000);
}

/** Public holidays in Berlin (Easter by the Gregorian computus). */
function holidays(fromYear: number, toYear: number): Set<number> {
  const days = new Set<number>();
  for (let year = fromYear; year <= toYear; year++) {
    const a = year % 19;
    const b = Math.floor(year / 100);
    const c = year % 100;
    const d = Math.floor(b / 4);
    const e = b % 4;
    const f = Math.floor((b + 8) / 25);
    const g = Math.floor((b - f + 1) / 3);
    const h = (19 * a + b - d - g + 15) % 30;
    const i = Math.floor(c / 4);
    const k = c % 4;
    const l = (32 + 2 * e + 2 * i - h - k) % 7;
    const m = Math.floor((a + 11 * h + 22 * l) / 451);
    const month = Math.floor((h + l - 7 * m + 114) / 31);
    const dayOfMonth = ((h + l - 7 * m + 114) % 31) + 1;
    const easter = Math.floor(Date.UTC(year, month - 1, dayOfMonth) / DAY_MS);
    for (const offset of [-2, 1, 39, 50]) days.add(easter + offset);
    for (const [mo, da] of [
      [0, 1],
      [2, 8],
      [4, 1],
      [9, 3],
      [11, 24],
      [11, 25],
      [11, 26],
      [11, 31],
    ] as const) {
      days.add(Math.floor(Date.UTC(year, mo, da) / DAY_MS));
    }
  }
  return days;
}

type Interval = { from: number; to: number };
const overlaps = (list: Interval[] | undefined, from: number, to: number) =>
  list?.some((busy) => busy.from < to && from < busy.to) ?? false;
function occupy<K>(map: Map<K, Interval[]>, key: K, from: number, to: number) {
  const list = map.get(key);
  if (list) list.push({ from, to });
  else map.set(key, [{ from, to }]);
}

// ---- the people of the calendar -----------------------------------------------------------

type Teacher = {
  id: number;
  index: number;
  classes: Set<string>;
  /** Work ranges in minutes per weekday (0 = Monday). */
  hours: Interval[][];
  /** Summer holiday: first day-of-year and length. */
  vacationStart: number;
  /** Educations taught, sorted by the start of their lesson window. */
  educations: Education[];
  nextToActivate: number;
  active: Education[];
  rotation: number;
};

type Education = {
  id: number;
  studentId: number;
  licenseClass: string;
  branchId: number;
  status: string;
  teacher: Teacher | undefined;
  start: number;
  /** The window driving lessons may lie in. */
  lessonsFrom: number;
  lessonsTo: number;
  /** Units of 45 minutes the education takes. */
  quota: number;
  done: number;
  special: { OVERLAND: number; MOTORWAY: number; NIGHT: number };
  drills: number;
  costBearerId: number | undefined;
  theoryExam?: number;
  theoryFailedBefore?: boolean;
  practicalExam?: number;
  practicalFailedBefore?: boolean;
};

type Vehicle = {
  id: number;
  kind: string;
  transmission: string | null;
  licenseClasses: string[];
};

function parseHours(value: DayWorkHours[] | null | undefined): Interval[][] {
  const byDay: Interval[][] = WEEKDAY_NAMES.map(() => []);
  for (const entry of value ?? []) {
    const index = WEEKDAY_NAMES.indexOf(entry.weekday);
    for (const range of entry.ranges) {
      byDay[index]?.push({ from: minuteOf(range.from), to: minuteOf(range.to) });
    }
  }
  if (byDay.every((ranges) => ranges.length === 0)) {
    // Without recorded hours: Monday to Friday, 8 to 17.
    for (let weekday = 0; weekday < 5; weekday++) byDay[weekday] = [{ from: 480, to: 1020 }];
  }
  return byDay;
}

/** Units of 45 minutes a class typically takes (FahrschAusbO minimums plus practice). */
function baseQuota(licenseClass: string, rand: () => number): number {
  const between = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  if (licenseClass === 'B' || licenseClass === 'B197') return between(30, 46);
  if (MOTORCYCLE.has(licenseClass)) return between(22, 34);
  if (licenseClass === 'BE') return between(6, 10);
  if (licenseClass === 'B96') return between(3, 5);
  if (licenseClass.startsWith('C') || licenseClass.startsWith('D')) return between(20, 32);
  return between(12, 22);
}

export async function seedPlanning(context: DemoContext): Promise<Record<string, number>> {
  const { db, schoolId, faker, scale, today, ids, log } = context;
  const counts: Record<string, number> = {};
  const rand = () => faker.number.float();
  const chance = (p: number) => rand() < p;
  const between = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)] as T;
  const todayDay = dayOf(today);

  // ---- what the earlier areas created (one query each) ------------------------------------
  const staffRows =
    ids.instructors.length > 0
      ? await db
          .select({
            id: users.id,
            dayWorkHours: users.dayWorkHours,
            licenseClasses: users.licenseClasses,
          })
          .from(users)
          .where(and(eq(users.drivingSchoolId, schoolId), inArray(users.id, ids.instructors)))
      : [];
  const staffById = new Map(staffRows.map((row) => [row.id, row]));
  const teachers: Teacher[] = ids.instructors.map((id, index) => {
    const row = staffById.get(id);
    const classes = row?.licenseClasses?.length ? row.licenseClasses : ['B', 'B197', 'BE'];
    return {
      id,
      index,
      classes: new Set<string>(classes),
      hours: parseHours(row?.dayWorkHours),
      vacationStart: 182 + ((index * 17) % 49),
      educations: [],
      nextToActivate: 0,
      active: [],
      rotation: 0,
    };
  });
  const teacherById = new Map(teachers.map((t) => [t.id, t]));
  const fleet: Vehicle[] = await db
    .select({
      id: vehicles.id,
      kind: vehicles.kind,
      transmission: vehicles.transmission,
      licenseClasses: vehicles.licenseClasses,
    })
    .from(vehicles)
    .where(and(eq(vehicles.drivingSchoolId, schoolId), eq(vehicles.archived, false)));
  const organizations = await db
    .select({ id: testingOrganizations.id, name: testingOrganizations.name })
    .from(testingOrganizations)
    .where(eq(testingOrganizations.drivingSchoolId, schoolId));
  const allEducationRows = await db
    .select({
      id: studentEducations.id,
      studentId: studentEducations.studentId,
      licenseClass: studentEducations.licenseClass,
      instructorId: studentEducations.instructorId,
      branchId: studentEducations.branchId,
      status: studentEducations.status,
      startDate: studentEducations.startDate,
      theoryExamDate: studentEducations.theoryExamDate,
      practicalExamDate: studentEducations.practicalExamDate,
      createdAt: studentEducations.createdAt,
      archived: studentEducations.archived,
    })
    .from(studentEducations)
    .where(eq(studentEducations.drivingSchoolId, schoolId))
    .orderBy(studentEducations.id);
  const payers = await db
    .select({
      educationId: studentEducationCostBearers.studentEducationId,
      costBearerId: studentEducationCostBearers.costBearerId,
    })
    .from(studentEducationCostBearers)
    .where(eq(studentEducationCostBearers.drivingSchoolId, schoolId));
  const payerOf = new Map(payers.map((row) => [row.educationId, row.costBearerId]));
  const branchIds = ids.branches;
  if (teachers.length === 0 || branchIds.length === 0) {
    log('demo: planning skipped (no instructors or branches)');
    return counts;
  }

  // ---- the window: 9 months back, 3 ahead; further back when the calendars need it --------
  const windowEnd = todayDay + FUTURE_DAYS;
  const expectedSlots = (t: Teacher, weekday: number) => {
    const minutes = (t.hours[weekday] ?? []).reduce((sum, r) => sum + (r.to - r.from), 0);
    return Math.floor(Math.min(minutes - 30, DAILY_LIMIT) / 62);
  };
  const weeklySlots = teachers.reduce(
    (sum, t) =>
      sum + [0, 1, 2, 3, 4, 5, 6].reduce((s, w) => s + Math.max(0, expectedSlots(t, w)), 0),
    0,
  );
  // About 47 working weeks a year (public holidays, two weeks of vacation).
  const yearlyCapacity = Math.max(1, weeklySlots * 47);
  const pastYears = Math.max(
    PAST_DAYS / 365,
    scale.appointments / yearlyCapacity - FUTURE_DAYS / 365 / 3,
  );
  // Beyond about 15 months the people of the school cannot fill the calendars by their own
  // dates (the benchmark scale): the finished educations are spread over the longer past.
  const extended = pastYears > 1.25;
  const holidaySet = holidays(
    new Date(todayDay * DAY_MS).getUTCFullYear() - 2 - Math.ceil(pastYears * 2),
    new Date(windowEnd * DAY_MS).getUTCFullYear() + 1,
  );
  const workday = (t: Teacher, day: number) => {
    if (holidaySet.has(day)) return false;
    const ranges = t.hours[weekdayOf(day)];
    if (!ranges || ranges.length === 0) return false;
    const year = new Date(day * DAY_MS).getUTCFullYear();
    const dayOfYear = day - Math.floor(Date.UTC(year, 0, 1) / DAY_MS);
    return dayOfYear < t.vacationStart || dayOfYear >= t.vacationStart + 14;
  };
  // The future is booked less the further it lies ahead; the past as it happened.
  const weight = (day: number) =>
    day < todayDay + 14 ? 1 : Math.max(0.15, 1 - (day - todayDay - 14) / (FUTURE_DAYS - 14));
  // The benchmark scale counts a day's slots as the walk fills them (a lesson and its gaps
  // take about 66 minutes), so its rate stays even over the years instead of drifting.
  const slotsOf = (t: Teacher, weekday: number) => {
    if (!extended) return expectedSlots(t, weekday);
    const minutes = (t.hours[weekday] ?? []).reduce((sum, r) => sum + (r.to - r.from), 0);
    return Math.max(0, Math.min(minutes - 30, DAILY_LIMIT) / 66);
  };
  /** The expected slots of all instructors on a day, weighted for the future. */
  const dayCapacity = (day: number) => {
    let slots = 0;
    for (const t of teachers) if (workday(t, day)) slots += slotsOf(t, weekdayOf(day));
    return slots * weight(day);
  };
  // The benchmark scale: as many days back as the calendars need when a workday holds about
  // EXTENDED_FILL of the expected slots — as dense as around today, all the way back (the
  // walk raises or lowers its rate as it goes, so the count is reached on the last day).
  let windowStart = todayDay - Math.ceil(pastYears * 365);
  if (extended) {
    let capacity = 0;
    for (windowStart = windowEnd; windowStart > todayDay - 20 * 365; windowStart--) {
      capacity += dayCapacity(windowStart) * EXTENDED_FILL;
      if (capacity >= scale.appointments) break;
    }
  }
  // Archived educations (finished long ago, cancelled) had their lessons too: the benchmark
  // scale's long past needs them; the small demo's year keeps to the current ones.
  const educationRows = extended ? allEducationRows : allEducationRows.filter((e) => !e.archived);
  log(
    `demo: planning window ${isoOf(windowStart)} … ${isoOf(windowEnd)} (${teachers.length} instructors)`,
  );

  // ---- vehicles by class ------------------------------------------------------------------
  const drivable = fleet.filter((v) => v.kind !== 'TRAILER' && v.kind !== 'ESCORT');
  const trailersAll = fleet.filter((v) => v.kind === 'TRAILER');
  const escorts = fleet.filter((v) => v.kind === 'ESCORT');
  const vehiclesFor = new Map<string, Vehicle[]>();
  const trailersFor = new Map<string, Vehicle[]>();
  const classesInUse = new Set(educationRows.map((e) => e.licenseClass));
  for (const licenseClass of classesInUse) {
    const base =
      licenseClass === 'B197' || licenseClass === 'B96' || licenseClass === 'BE'
        ? 'B'
        : licenseClass;
    let candidates = drivable.filter(
      (v) => v.licenseClasses.includes(licenseClass) || v.licenseClasses.includes(base),
    );
    // B197 trains on automatic cars first, the others on manual ones first.
    const automaticFirst = licenseClass === 'B197';
    candidates = [
      ...candidates.filter((v) => (v.transmission === 'AUTOMATIC') === automaticFirst),
      ...candidates.filter((v) => (v.transmission === 'AUTOMATIC') !== automaticFirst),
    ];
    vehiclesFor.set(licenseClass, candidates);
    if (WITH_TRAILER.has(licenseClass)) {
      const fitting = trailersAll.filter((v) => v.licenseClasses.includes(licenseClass));
      trailersFor.set(licenseClass, fitting.length > 0 ? fitting : trailersAll);
    }
  }

  // ---- educations: lesson windows, quotas, exam dates -------------------------------------
  const teachersOf = (licenseClass: string) => {
    const fitting = teachers.filter((t) => t.classes.has(licenseClass));
    return fitting.length > 0 ? fitting : teachers;
  };
  const educations: Education[] = [];
  for (const row of educationRows) {
    const created = Math.floor(row.createdAt.getTime() / DAY_MS);
    let start = row.startDate ? dayOf(row.startDate) : Math.min(created, todayDay);
    if (start > windowEnd) continue;
    const teacher =
      (row.instructorId !== null ? teacherById.get(row.instructorId) : undefined) ??
      pick(teachersOf(row.licenseClass));
    const quota = baseQuota(row.licenseClass, rand);
    const education: Education = {
      id: row.id,
      studentId: row.studentId,
      licenseClass: row.licenseClass,
      branchId: row.branchId,
      status: row.status,
      teacher,
      start,
      lessonsFrom: start + (NEEDS_THEORY.has(row.licenseClass) ? between(7, 21) : between(0, 7)),
      lessonsTo: Math.min(windowEnd, todayDay + between(21, FUTURE_DAYS)),
      quota,
      done: 0,
      special:
        row.licenseClass === 'B' || row.licenseClass === 'B197' || MOTORCYCLE.has(row.licenseClass)
          ? { OVERLAND: 5, MOTORWAY: 4, NIGHT: 3 }
          : { OVERLAND: 0, MOTORWAY: 0, NIGHT: 0 },
      drills: row.licenseClass === 'B' || row.licenseClass === 'B197' ? 2 : 0,
      costBearerId: payerOf.get(row.id),
    };
    const needsTheory = NEEDS_THEORY.has(row.licenseClass);
    switch (row.status) {
      case 'REGISTERED':
        // Registered, not yet driving: theory course only.
        education.lessonsFrom = Number.POSITIVE_INFINITY;
        break;
      case 'CANCELLED':
        education.lessonsTo = Math.min(todayDay - 1, start + between(30, 120));
        education.quota = Math.max(2, Math.floor(quota * 0.3));
        break;
      case 'IN_TRAINING':
        if (needsTheory && start < todayDay - 56 && chance(0.6)) {
          education.theoryExam = todayDay + between(3, 40);
        }
        break;
      case 'THEORY_PASSED':
      case 'FINISHED': {
        if (start > todayDay - 35) start = education.start = todayDay - between(35, 60);
        education.lessonsFrom = start + between(14, 21);
        if (needsTheory) {
          education.theoryExam = row.theoryExamDate
            ? dayOf(row.theoryExamDate)
            : Math.min(todayDay - 3, start + between(42, 84));
          education.theoryFailedBefore = chance(0.25);
        }
        if (row.status === 'FINISHED') {
          const after = education.theoryExam ?? start + 21;
          education.practicalExam = row.practicalExamDate
            ? dayOf(row.practicalExamDate)
            : Math.min(todayDay - 1, after + between(28, 120));
          if (education.practicalExam <= after)
            education.practicalExam = Math.min(todayDay - 1, after + 7);
          education.practicalFailedBefore = chance(0.3);
          education.lessonsTo = education.practicalExam - 1;
        } else if (chance(0.5)) {
          education.practicalExam = todayDay + between(5, 45);
          education.lessonsTo = education.practicalExam - 1;
        }
        break;
      }
    }
    if (education.lessonsTo < education.lessonsFrom && Number.isFinite(education.lessonsFrom)) {
      education.lessonsFrom = Math.max(windowStart, education.lessonsTo - 60);
    }
    educations.push(education);
  }
  // A larger scale than the educations can fill stretches their quotas (more practice each).
  const plannedUnits = educations.reduce(
    (sum, e) => sum + (Number.isFinite(e.lessonsFrom) ? e.quota : 0),
    0,
  );
  const stretch = Math.max(1, (scale.appointments * 1.5) / Math.max(1, plannedUnits));
  if (stretch > 1) for (const e of educations) e.quota = Math.ceil(e.quota * stretch);
  for (const e of educations) if (Number.isFinite(e.lessonsFrom)) e.teacher?.educations.push(e);
  // The benchmark scale reaches back years before the school's finished educations began:
  // each instructor's finished and cancelled ones are spread evenly over the longer past,
  // PAST_CONCURRENT at a time, with their quotas and exams moved along (the students of
  // today keep their own dates, so the weeks around today look as in the small demo).
  if (extended) {
    const pastEnd = todayDay - 14;
    const span = pastEnd - windowStart;
    const workdayShare = 0.6;
    const perDay = 7.5 * EXTENDED_FILL;
    for (const t of teachers) {
      const past = t.educations
        .filter((e) => e.lessonsTo < todayDay)
        .sort((a, b) => a.lessonsFrom - b.lessonsFrom || a.id - b.id);
      if (past.length === 0) continue;
      const count = past.length;
      // Starts evenly over [windowStart - length, pastEnd]: as many at a time everywhere.
      const length =
        count > PAST_CONCURRENT
          ? Math.max(45, Math.round((PAST_CONCURRENT * span) / (count - PAST_CONCURRENT)))
          : span;
      past.forEach((e, k) => {
        const start = Math.round(windowStart - length + ((k + rand()) * (span + length)) / count);
        const from = Math.max(windowStart, start);
        const to = Math.min(pastEnd, start + length);
        const days = Math.max(1, to - from);
        e.start = from - between(7, 21);
        e.lessonsFrom = from;
        e.lessonsTo = to;
        // Units of 45 minutes at about the share of the instructor's lessons it gets.
        const share = (perDay * workdayShare * days * 1.45) / Math.min(count, PAST_CONCURRENT);
        e.quota = Math.max(e.quota, Math.ceil(share * 1.3));
        if (e.theoryExam !== undefined) e.theoryExam = Math.min(to - 7, from + between(28, 56));
        if (e.practicalExam !== undefined) e.practicalExam = to + 1;
      });
    }
  }
  for (const t of teachers) t.educations.sort((a, b) => a.lessonsFrom - b.lessonsFrom);

  /** Busy times known before the walk: theory lessons and exams (teacher and vehicle). */
  const teacherBlocks = new Map<string, Interval[]>();
  const vehicleBlocks = new Map<number, { vehicleId: number; from: number; to: number }[]>();
  /** Students' theory lessons and exams by day, so no driving lesson collides with them. */
  const studentBlocks = new Map<number, { studentId: number; from: number; to: number }[]>();
  const blockStudent = (day: number, studentId: number, from: number, to: number) => {
    const list = studentBlocks.get(day);
    if (list) list.push({ studentId, from, to });
    else studentBlocks.set(day, [{ studentId, from, to }]);
  };
  const blockKey = (teacher: Teacher, day: number) => `${teacher.index}:${day}`;
  /** Minutes of practical exams per instructor and day (they count towards the 495). */
  const examMinutes = new Map<string, number>();
  const fixedAppointments: AppointmentInsert[] = [];
  const released = (day: number) => day < todayDay - 3;
  const base = (day: number, from: number) => ({
    drivingSchoolId: schoolId,
    date: isoOf(day),
    startTime: timeOf(from),
    includeInPayroll: true,
    createdAt: berlinInstant(day - between(2, 30), between(480, 1080)),
    ...(released(day) ? { released: true, releasedAt: berlinInstant(day + 1, 1140) } : {}),
  });

  // ---- theory courses and lessons ---------------------------------------------------------
  type CoursePlan = {
    row: typeof theoryCourses.$inferInsert;
    branchId: number;
    lessons: {
      additional: boolean;
      lessonNumber: number;
      day: number;
      from: number;
      teacher: Teacher;
      licenseClasses: string[];
    }[];
    educations: Education[];
  };
  const coursePlans: CoursePlan[] = [];
  const months = [
    'Januar',
    'Februar',
    'März',
    'April',
    'Mai',
    'Juni',
    'Juli',
    'August',
    'September',
    'Oktober',
    'November',
    'Dezember',
  ];
  const courseFrom = windowStart - 56;
  for (const [branchIndex, branchId] of branchIds.entries()) {
    const courseTeachers = teachersOf('B');
    let k = 0;
    // A course starts every four weeks on a Monday; two run side by side (Mo/Mi and Di/Do).
    for (
      let start = courseFrom - weekdayOf(courseFrom) + branchIndex * 7;
      start <= windowEnd;
      start += 28, k++
    ) {
      const days = k % 2 === 0 ? [0, 2] : [1, 3];
      const from = branchIndex % 2 === 0 ? 1080 : 1110;
      const topics = [
        ...BASIC_TOPICS.map((_, i) => ({
          additional: false,
          lessonNumber: i + 1,
          classes: [] as string[],
        })),
        { additional: true, lessonNumber: 1, classes: B_FAMILY },
        { additional: true, lessonNumber: 2, classes: B_FAMILY },
      ];
      const lessonDays: number[] = [];
      for (let day = start; lessonDays.length < topics.length; day++) {
        if (days.includes(weekdayOf(day)) && !holidaySet.has(day)) lessonDays.push(day);
      }
      // The course's instructor: the next in turn who is free on all its evenings.
      let teacher = courseTeachers[(branchIndex + k) % courseTeachers.length] as Teacher;
      for (let offset = 0; offset < courseTeachers.length; offset++) {
        const candidate = courseTeachers[
          (branchIndex + k + offset) % courseTeachers.length
        ] as Teacher;
        const free = lessonDays.every(
          (day) => !overlaps(teacherBlocks.get(blockKey(candidate, day)), from - 15, from + 105),
        );
        if (free) {
          teacher = candidate;
          break;
        }
      }
      const lessons: CoursePlan['lessons'] = lessonDays.map((day, index) => {
        const topic = topics[index] as (typeof topics)[number];
        occupy(teacherBlocks, blockKey(teacher, day), from - 15, from + 105);
        return {
          additional: topic.additional,
          lessonNumber: topic.lessonNumber,
          day,
          from,
          teacher,
          licenseClasses: topic.classes,
        };
      });
      const first = lessons[0]?.day ?? start;
      const last = lessons.at(-1)?.day ?? start;
      const month = new Date(first * DAY_MS);
      coursePlans.push({
        branchId,
        row: {
          drivingSchoolId: schoolId,
          shortDescription: `${k % 2 === 0 ? 'Theoriekurs' : 'Abendkurs'} ${months[month.getUTCMonth()]} ${month.getUTCFullYear()} (${k % 2 === 0 ? 'Mo/Mi' : 'Di/Do'})`,
          start: isoOf(first),
          end: isoOf(last),
          quantity: 24,
          shownOnWebPage: first >= todayDay,
          showForOnboarding: first >= todayDay - 14,
          licenseClasses: [],
          branchId,
          instructorId: teacher.id,
          archived: last < todayDay - 90,
          createdAt: berlinInstant(first - 60, 600),
        },
        lessons,
        educations: [],
      });
    }
  }
  // Each education joins the first course of its branch starting around its own start.
  const coursesByBranch = new Map<number, CoursePlan[]>();
  for (const plan of coursePlans) {
    const list = coursesByBranch.get(plan.branchId) ?? [];
    list.push(plan);
    coursesByBranch.set(plan.branchId, list);
  }
  for (const list of coursesByBranch.values())
    list.sort((a, b) => (a.row.start < b.row.start ? -1 : 1));
  for (const e of educations) {
    if (!NEEDS_THEORY.has(e.licenseClass)) continue;
    const list =
      coursesByBranch.get(e.branchId) ?? coursesByBranch.get(branchIds[0] as number) ?? [];
    const course = list.find((c) => dayOf(c.row.start as string) >= e.start - 7);
    course?.educations.push(e);
  }
  const courseIds = await insertBatched(
    db,
    theoryCourses,
    coursePlans.map((plan) => ({
      ...plan.row,
      quantity: Math.min(500, Math.max(20, plan.educations.length + between(0, 6))),
    })),
    BATCH,
  );
  ids.theoryCourses.push(...courseIds);
  counts.theory_courses = courseIds.length;
  const lessonRows: (typeof theoryLessons.$inferInsert)[] = [];
  const lessonOwners: { plan: CoursePlan; lesson: CoursePlan['lessons'][number] }[] = [];
  coursePlans.forEach((plan, index) => {
    for (const lesson of plan.lessons) {
      lessonRows.push({
        drivingSchoolId: schoolId,
        theoryCourseId: courseIds[index] as number,
        additional: lesson.additional,
        lessonNumber: lesson.lessonNumber,
        topic: (lesson.additional ? ADDITIONAL_TOPICS : BASIC_TOPICS)[
          lesson.lessonNumber - 1
        ] as string,
        licenseClasses: lesson.licenseClasses,
        date: isoOf(lesson.day),
        startTime: timeOf(lesson.from),
        minutes: 90,
        instructorId: lesson.teacher.id,
        branchId: plan.branchId,
        room: `Schulungsraum ${1 + (index % 2)}`,
        booked: lesson.day < todayDay,
      });
      lessonOwners.push({ plan, lesson });
      if (lesson.day >= windowStart && lesson.day <= windowEnd) {
        fixedAppointments.push({
          ...base(lesson.day, lesson.from),
          type: 'THEORY',
          minutes: 90,
          instructorId: lesson.teacher.id,
          branchId: plan.branchId,
          title: `Theorie ${lesson.additional ? 'Zusatzstoff' : 'Grundstoff'} ${lesson.lessonNumber}`,
        });
      }
    }
  });
  const lessonIds = await insertBatched(db, theoryLessons, lessonRows, BATCH);
  counts.theory_lessons = lessonIds.length;

  const assignments: (typeof studentEducationCourses.$inferInsert)[] = [];
  coursePlans.forEach((plan, index) => {
    for (const e of plan.educations) {
      assignments.push({
        drivingSchoolId: schoolId,
        studentEducationId: e.id,
        theoryCourseId: courseIds[index] as number,
        position: 1,
        assignedAt: berlinInstant(Math.min(e.start, dayOf(plan.row.start as string)), 660),
      });
    }
  });
  // The join has no id column, so it is written in plain chunks (insertBatched returns ids).
  for (let start = 0; start < assignments.length; start += BATCH) {
    await db.insert(studentEducationCourses).values(assignments.slice(start, start + BATCH));
  }
  counts.student_education_courses = assignments.length;
  for (const plan of coursePlans) {
    for (const lesson of plan.lessons) {
      for (const e of plan.educations)
        blockStudent(lesson.day, e.studentId, lesson.from, lesson.from + 90);
    }
  }
  let participantCount = 0;
  let participantRows: (typeof theoryLessonParticipants.$inferInsert)[] = [];
  for (const [index, { plan, lesson }] of lessonOwners.entries()) {
    if (lesson.day >= todayDay) continue;
    // A student with two educations in the course attends once, for the first that fits.
    const attending = new Set<number>();
    for (const e of plan.educations) {
      if (lesson.day < e.start || attending.has(e.studentId) || !chance(0.92)) continue;
      if (lesson.additional && !lesson.licenseClasses.includes(e.licenseClass)) continue;
      attending.add(e.studentId);
      participantRows.push({
        drivingSchoolId: schoolId,
        theoryLessonId: lessonIds[index] as number,
        studentId: e.studentId,
        studentEducationId: e.id,
      });
    }
    if (participantRows.length >= BATCH) {
      participantCount += (
        await insertBatched(db, theoryLessonParticipants, participantRows, BATCH)
      ).length;
      participantRows = [];
    }
  }
  participantCount += (await insertBatched(db, theoryLessonParticipants, participantRows, BATCH))
    .length;
  counts.theory_lesson_participants = participantCount;

  // ---- exams: theory slots per testing organization, practical ones per instructor --------
  type ExamPlan = {
    row: typeof exams.$inferInsert;
    participants: Omit<typeof examParticipants.$inferInsert, 'examId' | 'drivingSchoolId'>[];
  };
  const examPlans = new Map<string, ExamPlan>();
  const nextExamDay = (day: number, fits: (d: number) => boolean) => {
    let d = day;
    while (weekdayOf(d) > 4 || holidaySet.has(d) || !fits(d)) d++;
    return d;
  };
  const futureStatus = (day: number): 'PLANNED' | 'READY' | 'BOOKED' =>
    day - todayDay <= 21 ? 'BOOKED' : day - todayDay <= 35 ? 'READY' : 'PLANNED';
  /** A result lies in the past, a planned exam in the window; else there is no such exam. */
  const possible = (day: number, result: string | null) =>
    result === null ? day >= todayDay && day <= windowEnd : day < todayDay;
  /** The testing organizations hold theory exams on Tuesdays and Thursdays. */
  const theoryDay = (day: number) => weekdayOf(day) === 1 || weekdayOf(day) === 3;
  const addTheoryExam = (
    e: Education,
    wanted: number,
    result: 'PASSED' | 'FAILED' | null,
    attempt: number,
  ): number | undefined => {
    const organization = organizations[e.branchId % Math.max(1, organizations.length)];
    if (!organization) return undefined;
    // Sittings every 75 minutes from 7:30 (eight a day, 20 places each); when all are full,
    // the next exam day.
    let day = nextExamDay(wanted, theoryDay);
    let plan: ExamPlan | undefined;
    for (;;) {
      if (!possible(day, result)) return undefined;
      for (let slot = 0; slot < 8 && !plan; slot++) {
        const key = `T:${organization.id}:${day}:${slot}`;
        let candidate = examPlans.get(key);
        if (!candidate) {
          const from = 450 + slot * 75;
          const status = day < todayDay ? null : futureStatus(day);
          candidate = {
            row: {
              drivingSchoolId: schoolId,
              kind: 'THEORY',
              date: isoOf(day),
              startTime: timeOf(from),
              minutes: 45,
              testingOrganizationId: organization.id,
              listNumber: `T-${isoOf(day).replace(/-/g, '')}-${slot + 1}`,
              location: organization.name,
              branchId: e.branchId,
              places: 20,
              booked: status === null || status === 'BOOKED',
              bookedAt:
                status === null || status === 'BOOKED' ? berlinInstant(day - 21, 600) : null,
              archived: day < todayDay - 120,
              createdAt: berlinInstant(day - 45, 600),
            },
            participants: [],
          };
          examPlans.set(key, candidate);
        }
        if (
          candidate.participants.length < 20 &&
          !candidate.participants.some((p) => p.studentEducationId === e.id)
        ) {
          plan = candidate;
        }
      }
      if (plan) break;
      day = nextExamDay(day + 1, theoryDay);
    }
    const status = result ?? futureStatus(day);
    plan.participants.push({
      studentId: e.studentId,
      studentEducationId: e.id,
      status,
      ready: status !== 'PLANNED',
      readyAt: status !== 'PLANNED' ? berlinInstant(Math.min(day, todayDay) - 28, 600) : null,
      points: result === 'PASSED' ? between(0, 10) : result === 'FAILED' ? between(11, 36) : null,
      attempt,
    });
    return day;
  };
  const addPracticalExam = (
    e: Education,
    wanted: number,
    result: 'PASSED' | 'FAILED' | null,
    attempt: number,
  ): number | undefined => {
    const teacher = e.teacher;
    if (!teacher) return undefined;
    const organization = organizations[e.branchId % Math.max(1, organizations.length)];
    if (!organization) return undefined;
    // The instructor's places that day are taken (or for another class): the next working day.
    let day = nextExamDay(wanted, (d) => workday(teacher, d));
    for (;;) {
      if (!possible(day, result)) return undefined;
      const taken = examPlans.get(`P:${teacher.index}:${day}`);
      if (
        !taken ||
        (taken.participants.length < 3 &&
          taken.row.licenseClass === e.licenseClass &&
          !taken.participants.some((p) => p.studentEducationId === e.id))
      ) {
        break;
      }
      day = nextExamDay(day + 1, (d) => workday(teacher, d));
    }
    // One slot per instructor and day: up to three students of one class, one after another.
    const key = `P:${teacher.index}:${day}`;
    let plan = examPlans.get(key);
    const start = (teacher.hours[weekdayOf(day)]?.[0]?.from ?? 480) + 30;
    if (!plan) {
      const status = day < todayDay ? null : futureStatus(day);
      // The car is kept for the whole morning of exams, so no other slot takes it.
      const cars = vehiclesFor.get(e.licenseClass) ?? [];
      const dayBlocks = vehicleBlocks.get(day) ?? [];
      let vehicle: Vehicle | undefined;
      for (let i = 0; i < cars.length && !vehicle; i++) {
        const car = cars[(teacher.index + i) % cars.length] as Vehicle;
        const taken = dayBlocks.some(
          (b) => b.vehicleId === car.id && b.from < start + 180 && start < b.to,
        );
        if (!taken) vehicle = car;
      }
      if (vehicle) {
        dayBlocks.push({ vehicleId: vehicle.id, from: start, to: start + 180 });
        vehicleBlocks.set(day, dayBlocks);
      }
      plan = {
        row: {
          drivingSchoolId: schoolId,
          kind: 'PRACTICAL',
          date: isoOf(day),
          startTime: timeOf(start),
          minutes: 60,
          testingOrganizationId: organization.id,
          listNumber: `P-${isoOf(day).replace(/-/g, '')}-${teacher.index + 1}`,
          proctorId: teacher.id,
          examiner: day < todayDay ? `${pick(['Herr', 'Frau'])} ${faker.person.lastName()}` : null,
          location: organization.name,
          branchId: e.branchId,
          vehicleId: vehicle?.id ?? null,
          licenseClass: e.licenseClass,
          places: 3,
          booked: status === null || status === 'BOOKED',
          bookedAt: status === null || status === 'BOOKED' ? berlinInstant(day - 28, 600) : null,
          archived: day < todayDay - 120,
          createdAt: berlinInstant(day - 49, 600),
        },
        participants: [],
      };
      examPlans.set(key, plan);
    }
    const vehicle = plan.row.vehicleId ? { id: plan.row.vehicleId } : undefined;
    const from = start + plan.participants.length * 60;
    plan.row.minutes = (plan.participants.length + 1) * 60;
    const status = result ?? futureStatus(day);
    plan.participants.push({
      studentId: e.studentId,
      studentEducationId: e.id,
      status,
      ready: status !== 'PLANNED',
      readyAt: status !== 'PLANNED' ? berlinInstant(Math.min(day, todayDay) - 21, 600) : null,
      attempt,
    });
    occupy(teacherBlocks, blockKey(teacher, day), from, from + 60);
    blockStudent(day, e.studentId, from, from + 60);
    examMinutes.set(blockKey(teacher, day), (examMinutes.get(blockKey(teacher, day)) ?? 0) + 60);
    fixedAppointments.push({
      ...base(day, from),
      type: 'EXAM',
      minutes: 60,
      studentId: e.studentId,
      studentEducationId: e.id,
      licenseClass: e.licenseClass,
      hourType: 'EXAM_PRESENTATION',
      instructorId: teacher.id,
      vehicleId: vehicle?.id ?? null,
      branchId: e.branchId,
      costBearerId: e.costBearerId ?? null,
      title: 'Praktische Prüfung',
    });
    return day;
  };
  // A failed first attempt two to four weeks before; the passing one at least a week after it.
  for (const e of educations) {
    if (e.theoryExam !== undefined) {
      const past = e.theoryExam < todayDay;
      const failed =
        past && e.theoryFailedBefore
          ? addTheoryExam(e, e.theoryExam - between(14, 28), 'FAILED', 1)
          : undefined;
      addTheoryExam(
        e,
        failed === undefined ? e.theoryExam : Math.max(e.theoryExam, failed + 7),
        past ? 'PASSED' : null,
        failed === undefined ? 1 : 2,
      );
    }
    if (e.practicalExam !== undefined) {
      const past = e.practicalExam < todayDay;
      const failed =
        past && e.practicalFailedBefore
          ? addPracticalExam(e, e.practicalExam - between(14, 28), 'FAILED', 1)
          : undefined;
      addPracticalExam(
        e,
        failed === undefined ? e.practicalExam : Math.max(e.practicalExam, failed + 7),
        past ? 'PASSED' : null,
        failed === undefined ? 1 : 2,
      );
    }
  }
  const plans = [...examPlans.values()].filter((plan) => plan.participants.length > 0);
  const examIds = await insertBatched(
    db,
    exams,
    plans.map((plan) => plan.row),
    BATCH,
  );
  ids.exams.push(...examIds);
  counts.exams = examIds.length;
  const examParticipantRows = plans.flatMap((plan, index) =>
    plan.participants.map((p) => ({
      ...p,
      drivingSchoolId: schoolId,
      examId: examIds[index] as number,
    })),
  );
  counts.exam_participants = (
    await insertBatched(db, examParticipants, examParticipantRows, BATCH)
  ).length;

  // ---- the calendar walk --------------------------------------------------------------------
  let written = 0;
  let buffer: AppointmentInsert[] = [];
  const flush = async (force = false) => {
    if (buffer.length >= BATCH || (force && buffer.length > 0)) {
      written += (await insertBatched(db, appointments, buffer, BATCH)).length;
      buffer = [];
    }
  };
  // Exams of students who finished before the window keep their calendar entry too.
  const inWindow = fixedAppointments.filter((row) => dayOf(row.date as string) <= windowEnd);
  for (const row of inWindow) {
    buffer.push(row);
    await flush();
  }
  const capacityOf = new Float64Array(windowEnd - windowStart + 2);
  for (let day = windowEnd; day >= windowStart; day--) {
    capacityOf[day - windowStart] = (capacityOf[day - windowStart + 1] ?? 0) + dayCapacity(day);
  }
  let remaining = Math.max(0, scale.appointments - inWindow.length);
  const odometer = new Map<number, number>(fleet.map((v) => [v.id, 8_000 + (v.id % 50) * 1_700]));
  const lessonCounts = { DRIVING: 0, OTHER: 0, PRIVATE: 0 };

  for (let day = windowStart; day <= windowEnd && remaining > 0; day++) {
    const capacityLeft = capacityOf[day - windowStart] ?? 0;
    if (capacityLeft <= 0) break;
    const q = Math.min(1, (remaining / capacityLeft) * weight(day));
    const vehicleBusy = new Map<number, Interval[]>();
    for (const block of vehicleBlocks.get(day) ?? [])
      occupy(vehicleBusy, block.vehicleId, block.from, block.to);
    const studentBusy = new Map<number, Interval[]>();
    for (const block of studentBlocks.get(day) ?? []) {
      occupy(studentBusy, block.studentId, block.from, block.to);
    }
    const past = day < todayDay;
    const winter = [0, 1, 9, 10, 11].includes(new Date(day * DAY_MS).getUTCMonth());

    /** One driving lesson of one of the instructor's active educations, if one fits. */
    const placeLesson = (t: Teacher, from: number, minutes: number): boolean => {
      const to = from + minutes;
      const units = minutes / 45;
      type Equipment = { vehicle?: Vehicle; trailer?: Vehicle; escort?: Vehicle };
      /** The car (and trailer or escort vehicle) free for the lesson, or null. */
      const equipment = (cls: string): Equipment | null => {
        const cars = vehiclesFor.get(cls) ?? [];
        let vehicle: Vehicle | undefined;
        for (let i = 0; i < cars.length && !vehicle; i++) {
          const v = cars[(t.index + i) % cars.length] as Vehicle;
          if (!overlaps(vehicleBusy.get(v.id), from, to)) vehicle = v;
        }
        if (cars.length > 0 && !vehicle) return null;
        let trailer: Vehicle | undefined;
        if (WITH_TRAILER.has(cls)) {
          const list = trailersFor.get(cls) ?? [];
          trailer = list.find((v) => !overlaps(vehicleBusy.get(v.id), from, to));
          if (list.length > 0 && !trailer) return null;
        }
        const escort = MOTORCYCLE.has(cls)
          ? escorts.find((v) => !overlaps(vehicleBusy.get(v.id), from, to))
          : undefined;
        return { vehicle, trailer, escort };
      };
      let found: Equipment | null = null;
      const fits = (candidate: Education) => {
        if (candidate.done >= candidate.quota || candidate.lessonsTo < day) return false;
        const busy = studentBusy.get(candidate.studentId);
        if ((busy?.length ?? 0) >= 2 || overlaps(busy, from - 15, to + 15)) return false;
        found = equipment(candidate.licenseClass);
        return found !== null;
      };
      let education: Education | undefined;
      for (let tries = 0; tries < t.active.length && !education; tries++) {
        t.rotation = (t.rotation + 1) % t.active.length;
        const candidate = t.active[t.rotation] as Education;
        if (fits(candidate)) education = candidate;
      }
      // A free hour of the instructor goes to a student of a colleague (a substitute lesson).
      for (let tries = 0; tries < 4 && !education && teachers.length > 1; tries++) {
        const colleague = teachers[
          (t.index + 1 + between(0, teachers.length - 2)) % teachers.length
        ] as Teacher;
        if (colleague.active.length === 0) continue;
        const candidate = colleague.active[between(0, colleague.active.length - 1)] as Education;
        if (
          t.classes.has(candidate.licenseClass) &&
          candidate.lessonsFrom <= day &&
          fits(candidate)
        ) {
          education = candidate;
        }
      }
      if (!education || !found) return false;
      const { vehicle, trailer, escort } = found as Equipment;
      const cls = education.licenseClass;
      // The kind of lesson: drills early, special drives towards the end, night ones in the dark.
      let hourType: HourType = trailer ? 'TRAILER' : 'NORMAL';
      const progress = education.done / education.quota;
      if (education.drills > 0 && progress > 0.15 && progress < 0.4) {
        hourType = 'BASIC_DRILL';
        education.drills -= 1;
      } else if (progress >= 0.55) {
        const s = education.special;
        if (s.NIGHT > 0 && winter && from >= 990) hourType = 'NIGHT';
        else if (s.OVERLAND > 0 && (s.OVERLAND >= s.MOTORWAY || chance(0.5))) hourType = 'OVERLAND';
        else if (s.MOTORWAY > 0) hourType = 'MOTORWAY';
        if (hourType === 'NIGHT' || hourType === 'OVERLAND' || hourType === 'MOTORWAY') {
          s[hourType] = Math.max(0, s[hourType] - units);
        }
      }
      education.done += units;
      occupy(studentBusy, education.studentId, from, to);
      if (vehicle) occupy(vehicleBusy, vehicle.id, from, to);
      if (trailer) occupy(vehicleBusy, trailer.id, from, to);
      if (escort) occupy(vehicleBusy, escort.id, from, to);
      const row: AppointmentInsert = {
        ...base(day, from),
        type: 'DRIVING',
        minutes,
        studentId: education.studentId,
        studentEducationId: education.id,
        licenseClass: cls,
        hourType,
        instructorId: t.id,
        vehicleId: vehicle?.id ?? null,
        trailerId: trailer?.id ?? null,
        escortVehicleId: escort?.id ?? null,
        branchId: education.branchId,
        costBearerId: education.costBearerId ?? null,
        note: chance(0.08) ? pick(LESSON_NOTES) : null,
      };
      if (past) {
        const perLesson =
          hourType === 'MOTORWAY'
            ? 60
            : hourType === 'OVERLAND'
              ? 45
              : hourType === 'NIGHT'
                ? 35
                : 20;
        const km = Math.min(5000, Math.round(perLesson * units * (0.8 + rand() * 0.4)));
        if (vehicle) {
          const kmStart = odometer.get(vehicle.id) ?? 0;
          odometer.set(vehicle.id, kmStart + km);
          row.kmStart = kmStart;
          row.kmEnd = kmStart + km;
        }
        row.kmDriven = km;
        row.booked = true;
        row.bookedAt = berlinInstant(day, to);
      }
      buffer.push(row);
      lessonCounts.DRIVING++;
      return true;
    };

    for (const t of teachers) {
      if (!workday(t, day)) continue;
      // Educations whose window opened join, finished or closed ones leave.
      while (
        t.nextToActivate < t.educations.length &&
        (t.educations[t.nextToActivate] as Education).lessonsFrom <= day
      ) {
        t.active.push(t.educations[t.nextToActivate] as Education);
        t.nextToActivate++;
      }
      if (t.active.length > 0 && day % 7 === 0) {
        t.active = t.active.filter((e) => e.lessonsTo >= day && e.done < e.quota);
      }
      const blocked = teacherBlocks.get(blockKey(t, day));
      let practical = examMinutes.get(blockKey(t, day)) ?? 0;
      for (const range of t.hours[weekdayOf(day)] ?? []) {
        let cursor = range.from;
        const rangeStart = range.from;
        let lunched = range.to - range.from < 300;
        while (cursor + 45 <= range.to && remaining > 0) {
          const minutes = cursor + 90 <= range.to && chance(0.45) ? 90 : 45;
          const end = cursor + minutes;
          const clash = blocked?.find((b) => b.from < end && cursor < b.to);
          if (clash) {
            cursor = clash.to;
            continue;
          }
          if (practical + minutes > DAILY_LIMIT) break;
          if (chance(q)) {
            if (chance(0.025)) {
              const title = pick(OTHER_TITLES);
              buffer.push({
                ...base(day, cursor),
                type: title === 'Fortbildung Fahrlehrer' ? 'PRIVATE' : 'OTHER',
                minutes,
                instructorId: t.id,
                title,
                includeInPayroll: false,
              });
              lessonCounts.OTHER++;
              remaining--;
            } else {
              const placed = placeLesson(t, cursor, minutes);
              if (placed) {
                practical += minutes;
                remaining--;
              }
            }
            await flush();
          }
          cursor = end + (chance(0.1) ? 15 : 0);
          if (!lunched && cursor - rangeStart >= 240) {
            cursor += 30;
            lunched = true;
          }
        }
      }
    }
  }
  await flush(true);
  counts.appointments = written;
  log(
    `demo: planning ${written} appointments (${lessonCounts.DRIVING} driving lessons, ${inWindow.length} theory and exam entries, ${lessonCounts.OTHER} other)`,
  );
  return counts;
}
