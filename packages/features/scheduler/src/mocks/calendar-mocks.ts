import { errorBody, mockHttp } from '@fahrwerk/api/mocks';
import { delay } from 'msw';
import type {
  Appointment,
  AppointmentType,
  Branch,
  CalendarEntries,
  CalendarEntry,
  CalendarFilter,
  DayWorkHours,
  MirrorBlock,
  NightTime,
  UserCalendar,
  Vehicle,
} from '../api/calendar-queries';
import { addDays, daysBetween, toMinutes, toTime } from '../calendar/calendar-dates';

/* Fixtures and typed MSW handlers of the calendar's calls, for stories and tests. */

/** The Monday of the fixtures' week (KW 10, 2026). */
export const CALENDAR_WEEK_MONDAY = '2026-03-02';
/** The day the stories call "today": the Wednesday of that week. */
export const CALENDAR_TODAY = '2026-03-04';

const stamp = '2026-02-20T09:00:00Z';

const weekdays = (ranges: Array<{ from: string; to: string }>, saturday = false) =>
  (['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'] as const)
    .filter((weekday) => saturday || weekday !== 'SATURDAY')
    .map((weekday) => ({ weekday, ranges })) satisfies DayWorkHours[];

export const calendarBranchesFixture: Branch[] = [
  {
    id: 1,
    name: 'Filiale Mitte',
    abbreviation: 'MI',
    dayWorkHours: weekdays([{ from: '09:00', to: '18:00' }]),
    workCorridor: { from: '07:00', to: '20:00' },
    defaultDrivingLessonDuration: 45,
    showOnWebsite: true,
    calendarShareRights: { instructorsRead: true, instructorsWrite: false },
    archived: false,
    createdAt: stamp,
    updatedAt: stamp,
  },
  {
    id: 2,
    name: 'Filiale Spandau',
    abbreviation: 'SP',
    dayWorkHours: weekdays([{ from: '14:00', to: '19:00' }]),
    workCorridor: { from: '08:00', to: '21:00' },
    defaultDrivingLessonDuration: 90,
    showOnWebsite: false,
    calendarShareRights: { instructorsRead: false, instructorsWrite: false },
    archived: false,
    createdAt: stamp,
    updatedAt: stamp,
  },
];

function vehicle(id: number, name: string, plate: string, kind: Vehicle['kind']): Vehicle {
  return {
    id,
    name,
    plate,
    kind,
    licenseClasses: kind === 'MOTORCYCLE' ? ['A2', 'A'] : kind === 'TRAILER' ? ['BE'] : ['B'],
    branchId: 1,
    instructorIds: [],
    archived: false,
    createdAt: stamp,
    updatedAt: stamp,
  };
}

export const calendarVehiclesFixture: Vehicle[] = [
  vehicle(1, 'Golf 8 Automatik', 'B-FS 1234', 'CAR'),
  vehicle(2, 'Polo Schalter', 'B-FS 5678', 'CAR'),
  vehicle(3, 'MT-07', 'B-FS 77', 'MOTORCYCLE'),
  vehicle(4, 'Anhänger 750 kg', 'B-FS 4711', 'TRAILER'),
];

export const ownCalendar: UserCalendar = {
  userId: 1,
  firstName: 'Anna',
  lastName: 'Becker',
  own: true,
  write: true,
};

export const userCalendarsFixture: UserCalendar[] = [
  ownCalendar,
  { userId: 2, firstName: 'Jonas', lastName: 'Weber', own: false, write: true },
  { userId: 3, firstName: 'Lena', lastName: 'Hoffmann', own: false, write: false },
];

export const instructorWorkHoursFixture: Record<number, DayWorkHours[]> = {
  1: weekdays([{ from: '08:00', to: '17:00' }]),
  2: weekdays(
    [
      { from: '10:00', to: '13:00' },
      { from: '14:00', to: '19:00' },
    ],
    true,
  ),
  3: weekdays([{ from: '07:00', to: '15:00' }]),
};

const names = (calendar: UserCalendar) => `${calendar.firstName} ${calendar.lastName}`;

type EntrySeed = {
  id: number;
  instructor: UserCalendar;
  date: string;
  startTime: string;
  minutes: number;
  type?: AppointmentType;
  student?: string;
  title?: string;
  vehicleId?: number;
  trailerId?: number;
  released?: boolean;
  invoiced?: boolean;
};

/** A calendar entry as the server answers it; editable unless released, invoiced or read-only. */
export function calendarEntry(seed: EntrySeed): CalendarEntry {
  const type = seed.type ?? 'DRIVING';
  const appointment: Appointment = {
    id: seed.id,
    type,
    date: seed.date,
    startTime: seed.startTime,
    minutes: seed.minutes,
    instructorId: seed.instructor.userId,
    repeatRule: 'NONE',
    includeInPayroll: type !== 'PRIVATE' && type !== 'OTHER',
    released: seed.released ?? false,
    invoiced: seed.invoiced ?? false,
    booked: false,
    signed: false,
    createdAt: stamp,
    updatedAt: stamp,
  };
  if (seed.student) {
    appointment.studentId = 100 + seed.id;
    appointment.studentEducationId = 200 + seed.id;
    appointment.licenseClass = seed.vehicleId === 3 ? 'A' : 'B';
  }
  if (type === 'DRIVING') appointment.hourType = 'NORMAL';
  if (seed.title) appointment.title = seed.title;
  if (seed.vehicleId) appointment.vehicleId = seed.vehicleId;
  if (seed.trailerId) appointment.trailerId = seed.trailerId;
  const entry: CalendarEntry = {
    appointment,
    instructorName: names(seed.instructor),
    editable: seed.instructor.write && !appointment.released && !appointment.invoiced,
  };
  if (seed.student) entry.studentName = seed.student;
  const vehicleName = calendarVehiclesFixture.find((v) => v.id === seed.vehicleId)?.name;
  if (vehicleName) entry.vehicleName = vehicleName;
  const trailerName = calendarVehiclesFixture.find((v) => v.id === seed.trailerId)?.name;
  if (trailerName) entry.trailerName = trailerName;
  return entry;
}

const [anna, jonas, lena] = userCalendarsFixture as [UserCalendar, UserCalendar, UserCalendar];
const day = (offset: number) => addDays(CALENDAR_WEEK_MONDAY, offset);

/**
 * A busy week: Anna (own calendar) teaches 540 minutes on Wednesday (above 495), one of her
 * lessons is released, one invoiced; Lena's calendar is shared read-only; Jonas drives the
 * trailer lesson. Theory, exam and private entries in between.
 */
export const busyWeekEntries: CalendarEntry[] = [
  calendarEntry({
    id: 1,
    instructor: anna,
    date: day(0),
    startTime: '08:00',
    minutes: 90,
    student: 'Max Mustermann',
    vehicleId: 1,
    released: true,
  }),
  calendarEntry({
    id: 2,
    instructor: anna,
    date: day(0),
    startTime: '10:00',
    minutes: 45,
    student: 'Sophie Schulz',
    vehicleId: 1,
    invoiced: true,
  }),
  calendarEntry({
    id: 3,
    instructor: anna,
    date: day(0),
    startTime: '18:30',
    minutes: 90,
    type: 'THEORY',
    title: 'Theorie Lektion 4',
  }),
  calendarEntry({
    id: 4,
    instructor: anna,
    date: day(1),
    startTime: '09:00',
    minutes: 90,
    student: 'Leon Fischer',
    vehicleId: 2,
  }),
  calendarEntry({
    id: 5,
    instructor: anna,
    date: day(1),
    startTime: '12:30',
    minutes: 30,
    type: 'PRIVATE',
    title: 'Mittagspause',
  }),
  ...[
    ['07:30', 90, 'Emma Wagner'],
    ['09:15', 90, 'Paul Meyer'],
    ['11:00', 90, 'Mia Schröder'],
    ['13:30', 90, 'Ben Neumann'],
    ['15:15', 90, 'Lea Schwarz'],
    ['17:00', 90, 'Noah Zimmermann'],
  ].map(([startTime, minutes, student], index) =>
    calendarEntry({
      id: 10 + index,
      instructor: anna,
      date: day(2),
      startTime: String(startTime),
      minutes: Number(minutes),
      student: String(student),
      vehicleId: 1,
    }),
  ),
  calendarEntry({
    id: 20,
    instructor: anna,
    date: day(3),
    startTime: '10:00',
    minutes: 60,
    type: 'EXAM',
    student: 'Max Mustermann',
    vehicleId: 1,
  }),
  calendarEntry({
    id: 21,
    instructor: anna,
    date: day(4),
    startTime: '14:00',
    minutes: 45,
    student: 'Sophie Schulz',
    vehicleId: 2,
  }),
  calendarEntry({
    id: 30,
    instructor: jonas,
    date: day(0),
    startTime: '10:00',
    minutes: 90,
    student: 'Finn Krüger',
    vehicleId: 2,
    trailerId: 4,
  }),
  calendarEntry({
    id: 31,
    instructor: jonas,
    date: day(1),
    startTime: '14:00',
    minutes: 90,
    student: 'Clara Hartmann',
    vehicleId: 3,
  }),
  calendarEntry({
    id: 32,
    instructor: jonas,
    date: day(2),
    startTime: '15:00',
    minutes: 45,
    student: 'Elias Wolf',
    vehicleId: 2,
  }),
  calendarEntry({
    id: 33,
    instructor: jonas,
    date: day(5),
    startTime: '10:00',
    minutes: 120,
    type: 'OTHER',
    title: 'Fahrzeugpflege',
    vehicleId: 2,
  }),
  calendarEntry({
    id: 40,
    instructor: lena,
    date: day(0),
    startTime: '08:00',
    minutes: 90,
    student: 'Hannah Braun',
    vehicleId: 2,
  }),
  calendarEntry({
    id: 41,
    instructor: lena,
    date: day(2),
    startTime: '11:00',
    minutes: 45,
    student: 'Luis Krause',
    vehicleId: 3,
  }),
  calendarEntry({
    id: 42,
    instructor: lena,
    date: day(3),
    startTime: '13:00',
    minutes: 90,
    type: 'THEORY',
    title: 'Theorie Grundstoff 7',
  }),
];

/** A mirror school drives the Polo on Tuesday morning (shown only as a block). */
export const mirrorBlocksFixture: MirrorBlock[] = [
  {
    date: day(1),
    startTime: '10:30',
    minutes: 90,
    vehicleId: 2,
    mirrorSchoolName: 'Fahrschule Nord',
  },
  {
    date: day(3),
    startTime: '15:00',
    minutes: 60,
    instructorId: 2,
    mirrorSchoolName: 'Fahrschule Nord',
  },
];

/** Dusk and dark in Berlin in early March: sunset about 17:55, sunrise about 06:50. */
export function nightTimesOf(from: string, to: string): NightTime[] {
  return daysBetween(addDays(from, -1), to).map((date, index) => ({
    date,
    from: toTime(toMinutes('17:50') + (index % 3)),
    to: toTime(toMinutes('06:50') - (index % 3)),
  }));
}

/** Everything the calendar of a school holds; the handler answers the part a filter asks for. */
export type CalendarWorld = {
  entries: CalendarEntry[];
  userCalendars: UserCalendar[];
  mirrorBlocks?: MirrorBlock[];
};

export const busyWorld: CalendarWorld = {
  entries: busyWeekEntries,
  userCalendars: userCalendarsFixture,
  mirrorBlocks: mirrorBlocksFixture,
};

export const emptyWorld: CalendarWorld = { entries: [], userCalendars: userCalendarsFixture };

/** An instructor who sees only their own students and calendar. */
export const ownStudentsWorld: CalendarWorld = {
  entries: busyWeekEntries.filter((entry) => entry.appointment.instructorId === anna.userId),
  userCalendars: [ownCalendar],
};

/** A colleague's calendar shared read-only: every entry is locked. */
export const sharedReadOnlyWorld: CalendarWorld = {
  entries: busyWeekEntries.filter((entry) => entry.appointment.instructorId === lena.userId),
  userCalendars: [{ ...ownCalendar }, lena],
};

const FIRST_NAMES = [
  'Anna',
  'Jonas',
  'Lena',
  'Tim',
  'Sara',
  'Lukas',
  'Marie',
  'Felix',
  'Julia',
  'David',
];
const LAST_NAMES = [
  'Becker',
  'Weber',
  'Hoffmann',
  'Koch',
  'Richter',
  'Klein',
  'Wolf',
  'Neumann',
  'Braun',
  'Zimmer',
];

/**
 * A large school for the render benchmark: `instructors` calendars and `appointments`
 * appointments spread over Monday to Saturday of the fixture week (deterministic).
 */
export function largeWorld(instructors = 30, appointments = 1200): CalendarWorld {
  const userCalendars: UserCalendar[] = Array.from({ length: instructors }, (_, index) => ({
    userId: 1000 + index,
    firstName: FIRST_NAMES[index % FIRST_NAMES.length] ?? 'Kim',
    lastName: `${LAST_NAMES[Math.floor(index / FIRST_NAMES.length) % LAST_NAMES.length] ?? 'Kurz'} ${index + 1}`,
    own: index === 0,
    write: index % 7 !== 6,
  }));
  const perInstructorDay = Math.ceil(appointments / (instructors * 6));
  const entries: CalendarEntry[] = [];
  for (let index = 0; index < appointments; index += 1) {
    const calendar = userCalendars[index % instructors] as UserCalendar;
    const slot = Math.floor(index / instructors);
    const weekday = slot % 6;
    const inDay = Math.floor(slot / 6) % perInstructorDay;
    const start = toMinutes('07:00') + inDay * 100;
    entries.push(
      calendarEntry({
        id: 10_000 + index,
        instructor: calendar,
        date: day(weekday),
        startTime: toTime(start),
        minutes: index % 5 === 0 ? 45 : 90,
        type: index % 11 === 0 ? 'THEORY' : index % 13 === 0 ? 'EXAM' : 'DRIVING',
        student: `Schüler ${index + 1}`,
        vehicleId: (index % 4) + 1,
        released: index % 17 === 0,
      }),
    );
  }
  return { entries, userCalendars };
}

/** The part of a world `POST /calendar/filter` answers for a filter body. */
export function answerCalendar(world: CalendarWorld, filter: CalendarFilter): CalendarEntries {
  const data = world.entries.filter(({ appointment }) => {
    if (appointment.date < filter.from || appointment.date > filter.to) return false;
    if (filter.instructorIds?.length && !filter.instructorIds.includes(appointment.instructorId)) {
      return false;
    }
    if (filter.types?.length && !filter.types.includes(appointment.type)) return false;
    if (filter.branchId === 2) return false;
    if (filter.vehicleIds?.length) {
      const used = [appointment.vehicleId, appointment.trailerId, appointment.escortVehicleId];
      if (!filter.vehicleIds.some((id) => used.includes(id))) return false;
    }
    return true;
  });
  return {
    data,
    total: data.length,
    mirrorBlocks: (world.mirrorBlocks ?? []).filter(
      (block) => block.date >= filter.from && block.date <= filter.to,
    ),
    nightTimes: nightTimesOf(filter.from, filter.to),
    userCalendars: world.userCalendars,
  };
}

/** The bodies the calendar handler received, newest last (stories check the filter sent). */
export const calendarRequests: CalendarFilter[] = [];

export const calendarHandlers = {
  /** `POST /calendar/filter` answered from a world, filtered as the server would. */
  calendar: (world: CalendarWorld) =>
    mockHttp.post('/calendar/filter', async ({ request, response }) => {
      const filter = await request.json();
      calendarRequests.push(filter);
      return response(200).json(answerCalendar(world, filter));
    }),
  calendarLoading: mockHttp.post('/calendar/filter', async ({ response }) => {
    await delay('infinite');
    return response(200).json(
      answerCalendar(emptyWorld, { from: CALENDAR_WEEK_MONDAY, to: CALENDAR_WEEK_MONDAY }),
    );
  }),
  calendarError: mockHttp.post('/calendar/filter', ({ response }) =>
    response(500).json(errorBody('errors.internal')),
  ),
  branches: mockHttp.get('/branches', ({ response }) =>
    response(200).json(calendarBranchesFixture),
  ),
  vehicles: mockHttp.get('/vehicles', ({ response }) =>
    response(200).json(calendarVehiclesFixture),
  ),
  workHours: mockHttp.get('/instructor-work-hours/{id}', ({ params, response }) =>
    response(200).json({
      dayWorkHours:
        instructorWorkHoursFixture[Number(params.id)] ?? weekdays([{ from: '08:00', to: '18:00' }]),
    }),
  ),
};

/** The master data every scheduler screen story asks for, and the calendar of a world. */
export function schedulerHandlers(world: CalendarWorld) {
  return [
    calendarHandlers.calendar(world),
    calendarHandlers.branches,
    calendarHandlers.vehicles,
    calendarHandlers.workHours,
  ];
}
