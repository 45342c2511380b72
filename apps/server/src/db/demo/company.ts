import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { hashPassword } from '../../modules/session/secrets';
import type { Db } from '../database';
import {
  type Address,
  accountsConfigs,
  branches,
  type DayWorkHours,
  drivingSchoolFeatures,
  emailConfigs,
  emailConfigUsers,
  financialConfigs,
  type HourType,
  type LicenseClass,
  masterData,
  type ProductType,
  priceLists,
  prices,
  products,
  studentCategories,
  testingOrganizations,
  userBranches,
  userCalendarAccess,
  userRoles,
  userSettings,
  users,
  type VatRate,
  type VehicleKind,
  vehicleInstructors,
  vehicles,
} from '../schema';
import { type DemoContext, insertBatched } from './context';

/*
 * The company area's part of the demo school "Fahrschule Sonnenschein" in Berlin: branches
 * with opening hours, instructors with work hours and taught classes, the fleet (cars,
 * motorcycles, a truck, trailers, an escort vehicle) with inspection dates, products of the
 * four kinds, two price lists, student categories, testing organizations and the school's
 * master data and configuration. Deterministic: only `context.faker` and `context.today`.
 */

const DOMAIN = 'fahrschule-demo.de';
/** The sign-in password of the generated instructors (hashed once). */
const INSTRUCTOR_PASSWORD = 'Demo#Lehrer1';

/** Inserts rows of a table without an id (join tables), in batches. */
async function insertRows<T extends PgTable>(db: Db, table: T, rows: T['$inferInsert'][]) {
  for (let start = 0; start < rows.length; start += 1000) {
    await db.insert(table).values(rows.slice(start, start + 1000));
  }
}

/** An ISO date `days` after `today`. */
export function addDays(today: string, days: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const address = (street: string, houseNumber: string, postalCode: string, city = 'Berlin') =>
  ({ street, houseNumber, postalCode, city, country: 'DE' }) satisfies Address;

/** Berlin locations for branches: name, abbreviation, address. */
const LOCATIONS: { name: string; abbreviation: string; address: Address }[] = [
  {
    name: 'Hauptstelle Kreuzberg',
    abbreviation: 'KB',
    address: address('Oranienstraße', '25', '10999'),
  },
  {
    name: 'Filiale Neukölln',
    abbreviation: 'NK',
    address: address('Karl-Marx-Straße', '101', '12043'),
  },
  {
    name: 'Filiale Friedrichshain',
    abbreviation: 'FH',
    address: address('Warschauer Straße', '33', '10243'),
  },
  {
    name: 'Filiale Charlottenburg',
    abbreviation: 'CH',
    address: address('Kantstraße', '54', '10627'),
  },
  {
    name: 'Filiale Prenzlauer Berg',
    abbreviation: 'PB',
    address: address('Schönhauser Allee', '80', '10439'),
  },
  {
    name: 'Filiale Schöneberg',
    abbreviation: 'SB',
    address: address('Hauptstraße', '30', '10827'),
  },
  { name: 'Filiale Wedding', abbreviation: 'WE', address: address('Müllerstraße', '150', '13353') },
  { name: 'Filiale Steglitz', abbreviation: 'ST', address: address('Schloßstraße', '40', '12163') },
  {
    name: 'Filiale Spandau',
    abbreviation: 'SP',
    address: address('Carl-Schurz-Straße', '20', '13597'),
  },
  {
    name: 'Filiale Köpenick',
    abbreviation: 'KÖ',
    address: address('Bahnhofstraße', '12', '12555'),
  },
  { name: 'Filiale Pankow', abbreviation: 'PA', address: address('Breite Straße', '25', '13187') },
  {
    name: 'Filiale Tempelhof',
    abbreviation: 'TH',
    address: address('Tempelhofer Damm', '150', '12099'),
  },
  {
    name: 'Filiale Lichtenberg',
    abbreviation: 'LI',
    address: address('Frankfurter Allee', '200', '10365'),
  },
  { name: 'Filiale Mitte', abbreviation: 'MI', address: address('Torstraße', '120', '10119') },
  { name: 'Filiale Moabit', abbreviation: 'MO', address: address('Turmstraße', '50', '10551') },
  {
    name: 'Filiale Reinickendorf',
    abbreviation: 'RE',
    address: address('Residenzstraße', '120', '13409'),
  },
  {
    name: 'Filiale Marzahn',
    abbreviation: 'MA',
    address: address('Marzahner Promenade', '20', '12679'),
  },
  {
    name: 'Filiale Zehlendorf',
    abbreviation: 'ZE',
    address: address('Teltower Damm', '30', '14169'),
  },
  {
    name: 'Filiale Wilmersdorf',
    abbreviation: 'WI',
    address: address('Uhlandstraße', '100', '10717'),
  },
  { name: 'Filiale Tegel', abbreviation: 'TE', address: address('Gorkistraße', '10', '13507') },
];

const WORKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'] as const;

const day = (weekday: DayWorkHours['weekday'], ...ranges: [string, string][]): DayWorkHours => ({
  weekday,
  ranges: ranges.map(([from, to]) => ({ from, to })),
});

/** Office hours: the main office all week, branches in the afternoons. */
function openingHours(index: number): DayWorkHours[] {
  if (index === 0) {
    return [
      ...WORKDAYS.map((weekday) => day(weekday, ['09:00', '13:00'], ['14:00', '18:30'])),
      day('SATURDAY', ['10:00', '13:00']),
    ];
  }
  if (index % 2 === 1) {
    return [
      day('MONDAY', ['14:00', '18:30']),
      day('TUESDAY', ['10:00', '13:00']),
      day('WEDNESDAY', ['14:00', '18:30']),
      day('THURSDAY', ['14:00', '19:00']),
    ];
  }
  return [
    day('TUESDAY', ['14:00', '18:30']),
    day('THURSDAY', ['14:00', '18:30']),
    day('FRIDAY', ['13:00', '17:00']),
  ];
}

/** Instructors' hours: Mon–Fri 8–18, with a lunch break, an early start, a Saturday, part time. */
function workHours(variant: number): DayWorkHours[] {
  switch (variant % 5) {
    case 0:
      return WORKDAYS.map((weekday) => day(weekday, ['08:00', '18:00']));
    case 1:
      return WORKDAYS.map((weekday) => day(weekday, ['08:00', '12:00'], ['13:00', '18:00']));
    case 2:
      return WORKDAYS.map((weekday) => day(weekday, ['07:00', '16:00']));
    case 3:
      return [
        ...WORKDAYS.slice(1).map((weekday) => day(weekday, ['09:00', '18:00'])),
        day('SATURDAY', ['08:00', '14:00']),
      ];
    default:
      return WORKDAYS.slice(0, 4).map((weekday) => day(weekday, ['10:00', '19:00']));
  }
}

/** The classes an instructor teaches (their Fahrlehrerlaubnis). */
function taughtClasses(index: number): LicenseClass[] {
  if (index % 4 === 1) return ['AM', 'A1', 'A2', 'A', 'B', 'B197', 'BE'];
  if (index % 6 === 2) return ['B', 'B197', 'BE', 'C1', 'C1E', 'C', 'CE'];
  return ['B', 'B197', 'BE', 'B96'];
}

const ascii = (text: string) =>
  text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[^a-z0-9-]/g, '');

type VehicleSeed = {
  name: string;
  kind: VehicleKind;
  transmission: 'MANUAL' | 'AUTOMATIC' | null;
  licenseClasses: LicenseClass[];
  /** World manufacturer identifier, the VIN's first three characters plus filler. */
  wmi: string;
};

/** The fleet of a Berlin school; a larger scale repeats the cars. */
const FLEET: VehicleSeed[] = [
  {
    name: 'VW Golf 8 Schaltung',
    kind: 'CAR',
    transmission: 'MANUAL',
    licenseClasses: ['B', 'BE', 'B96'],
    wmi: 'WVWZZZ',
  },
  {
    name: 'VW Golf 8 Automatik',
    kind: 'CAR',
    transmission: 'AUTOMATIC',
    licenseClasses: ['B', 'B197'],
    wmi: 'WVWZZZ',
  },
  {
    name: 'Audi A3 Sportback',
    kind: 'CAR',
    transmission: 'MANUAL',
    licenseClasses: ['B', 'B197'],
    wmi: 'WAUZZZ',
  },
  {
    name: 'BMW 118i Automatik',
    kind: 'CAR',
    transmission: 'AUTOMATIC',
    licenseClasses: ['B', 'B197'],
    wmi: 'WBA1S5',
  },
  {
    name: 'Yamaha MT-07',
    kind: 'MOTORCYCLE',
    transmission: 'MANUAL',
    licenseClasses: ['A', 'A2'],
    wmi: 'JYARM0',
  },
  {
    name: 'Honda CB125R',
    kind: 'MOTORCYCLE',
    transmission: 'MANUAL',
    licenseClasses: ['A1'],
    wmi: 'JH2JC7',
  },
  {
    name: 'MAN TGL 12.250',
    kind: 'TRUCK',
    transmission: 'MANUAL',
    licenseClasses: ['C', 'C1', 'CE', 'C1E'],
    wmi: 'WMAN08',
  },
  {
    name: 'Anhänger Humbaur 2000 kg',
    kind: 'TRAILER',
    transmission: null,
    licenseClasses: ['BE', 'B96'],
    wmi: 'WHDHA2',
  },
  {
    name: 'Tandemanhänger Schwarzmüller',
    kind: 'TRAILER',
    transmission: null,
    licenseClasses: ['CE', 'C1E'],
    wmi: 'VAVSA2',
  },
  {
    name: 'Begleitfahrzeug VW Polo',
    kind: 'ESCORT',
    transmission: 'MANUAL',
    licenseClasses: ['A', 'A2', 'A1', 'AM'],
    wmi: 'WVWZZZ',
  },
  {
    name: 'VW Polo Schaltung',
    kind: 'CAR',
    transmission: 'MANUAL',
    licenseClasses: ['B'],
    wmi: 'WVWZZZ',
  },
  {
    name: 'Skoda Octavia Automatik',
    kind: 'CAR',
    transmission: 'AUTOMATIC',
    licenseClasses: ['B', 'B197'],
    wmi: 'TMBZZZ',
  },
];
const EXTRA_CARS = FLEET.filter((vehicle) => vehicle.kind === 'CAR');

type ProductSeed = {
  type: ProductType;
  name: string;
  licenseClasses: LicenseClass[];
  vatRate: VatRate;
  hourType?: HourType;
  duration?: number;
  registrationInfo?: string;
  bookAtStudentRegistrationAllowed?: boolean;
  /** Standard prices in cents, by class (`null`: every class of the product). */
  prices: [LicenseClass | null, number, number?][];
};

const PRODUCTS: ProductSeed[] = [
  {
    type: 'BASIC_FEE',
    name: 'Grundgebühr Klasse B',
    licenseClasses: ['B', 'B197'],
    vatRate: 19,
    registrationInfo: 'Theorieunterricht, Verwaltung und Anmeldung bei der Fahrerlaubnisbehörde.',
    bookAtStudentRegistrationAllowed: true,
    prices: [[null, 39_900]],
  },
  {
    type: 'BASIC_FEE',
    name: 'Grundgebühr Klasse A, A2, A1, AM',
    licenseClasses: ['A', 'A2', 'A1', 'AM'],
    vatRate: 19,
    bookAtStudentRegistrationAllowed: true,
    prices: [[null, 34_900, 19_900]],
  },
  {
    type: 'BASIC_FEE',
    name: 'Grundgebühr Klasse BE',
    licenseClasses: ['BE'],
    vatRate: 19,
    prices: [[null, 24_900]],
  },
  {
    type: 'BASIC_FEE',
    name: 'Grundgebühr Klasse C, CE',
    licenseClasses: ['C', 'CE', 'C1', 'C1E'],
    vatRate: 0,
    prices: [[null, 59_900, 39_900]],
  },
  {
    type: 'DRIVING_LESSON',
    name: 'Fahrstunde (45 Min.)',
    licenseClasses: [],
    vatRate: 19,
    hourType: 'NORMAL',
    duration: 45,
    prices: [
      ['B', 6_500],
      ['B197', 6_800],
      ['A', 7_000],
      ['A2', 7_000],
      ['A1', 6_800],
      ['BE', 7_500],
      ['C', 9_500],
      ['CE', 10_500],
    ],
  },
  {
    type: 'DRIVING_LESSON',
    name: 'Doppelstunde (90 Min.)',
    licenseClasses: ['B', 'B197'],
    vatRate: 19,
    hourType: 'NORMAL',
    duration: 90,
    prices: [[null, 13_000]],
  },
  {
    type: 'DRIVING_LESSON',
    name: 'Überlandfahrt (45 Min.)',
    licenseClasses: ['B', 'B197', 'A', 'A2', 'A1', 'BE'],
    vatRate: 19,
    hourType: 'OVERLAND',
    duration: 45,
    prices: [[null, 7_900]],
  },
  {
    type: 'DRIVING_LESSON',
    name: 'Autobahnfahrt (45 Min.)',
    licenseClasses: ['B', 'B197', 'A', 'A2', 'A1', 'BE'],
    vatRate: 19,
    hourType: 'MOTORWAY',
    duration: 45,
    prices: [[null, 7_900]],
  },
  {
    type: 'DRIVING_LESSON',
    name: 'Nachtfahrt (45 Min.)',
    licenseClasses: ['B', 'B197', 'A', 'A2', 'A1', 'BE'],
    vatRate: 19,
    hourType: 'NIGHT',
    duration: 45,
    prices: [[null, 7_900]],
  },
  {
    type: 'DRIVING_LESSON',
    name: 'Grundfahraufgaben Motorrad (45 Min.)',
    licenseClasses: ['A', 'A2', 'A1', 'AM'],
    vatRate: 19,
    hourType: 'BASIC_DRILL',
    duration: 45,
    prices: [[null, 7_000]],
  },
  {
    type: 'DRIVING_LESSON',
    name: 'Vorstellung zur praktischen Prüfung',
    licenseClasses: [],
    vatRate: 19,
    hourType: 'EXAM_PRESENTATION',
    duration: 60,
    prices: [
      ['B', 19_900],
      ['B197', 19_900],
      ['A', 22_900],
      ['A2', 22_900],
      ['A1', 21_900],
      ['BE', 17_900],
      ['C', 29_900],
      ['CE', 29_900],
    ],
  },
  {
    type: 'LEARNING_MATERIAL',
    name: 'Lehrbuch Klasse B',
    licenseClasses: ['B', 'B197'],
    vatRate: 7,
    bookAtStudentRegistrationAllowed: true,
    prices: [[null, 3_990]],
  },
  {
    type: 'LEARNING_MATERIAL',
    name: 'Lern-App Theorie (12 Monate)',
    licenseClasses: [],
    vatRate: 19,
    registrationInfo: 'Alle amtlichen Prüfungsfragen, Prüfungssimulation, Lernstandsanzeige.',
    bookAtStudentRegistrationAllowed: true,
    prices: [[null, 6_900]],
  },
  {
    type: 'ADD_ON',
    name: 'Intensivkurs-Zuschlag',
    licenseClasses: ['B', 'B197', 'A', 'A2'],
    vatRate: 19,
    registrationInfo: 'Theorie in zwei Wochen, Fahrstunden nach Wunschtermin.',
    bookAtStudentRegistrationAllowed: true,
    prices: [[null, 14_900]],
  },
  {
    type: 'ADD_ON',
    name: 'Erste-Hilfe-Kurs (Vermittlung)',
    licenseClasses: [],
    vatRate: 19,
    bookAtStudentRegistrationAllowed: true,
    prices: [[null, 4_500]],
  },
  {
    type: 'ADD_ON',
    name: 'Prüfungsgebühr Theorie (TÜV/DEKRA)',
    licenseClasses: [],
    vatRate: 0,
    prices: [[null, 2_543]],
  },
  {
    type: 'ADD_ON',
    name: 'Prüfungsgebühr Praxis Klasse B (TÜV/DEKRA)',
    licenseClasses: ['B', 'B197'],
    vatRate: 0,
    prices: [[null, 13_005]],
  },
];

/** The summer offer: basic fees and lessons 10 % off, rounded to full euros. */
const summerPrice = (type: ProductType, cents: number) =>
  type === 'BASIC_FEE' || type === 'DRIVING_LESSON' ? Math.round((cents * 0.9) / 100) * 100 : cents;

/** The company area's part of the demo school; answers how many rows it created, by table. */
export async function seedCompany(context: DemoContext): Promise<Record<string, number>> {
  const { db, schoolId, faker, scale, today, ids } = context;
  const counts: Record<string, number> = {};
  const count = (table: string, n: number) => {
    counts[table] = (counts[table] ?? 0) + n;
  };
  const phone = () => `+49 30 ${faker.string.numeric({ length: 7, allowLeadingZeros: false })}`;

  // ---- price lists and products ------------------------------------------------------
  const [standardList, summerList] = await insertBatched(db, priceLists, [
    { drivingSchoolId: schoolId, name: 'Standard', vatRate: 19, standard: true },
    { drivingSchoolId: schoolId, name: 'Sommeraktion', vatRate: 19 },
  ]);
  if (standardList === undefined || summerList === undefined) throw new Error('No price lists.');
  ids.priceLists.push(standardList, summerList);
  count('price_lists', 2);

  const productIds = await insertBatched(
    db,
    products,
    PRODUCTS.map((product) => ({
      drivingSchoolId: schoolId,
      type: product.type,
      name: product.name,
      licenseClasses: product.licenseClasses,
      vatRate: product.vatRate,
      hourType: product.hourType ?? null,
      duration: product.duration ?? null,
      registrationInfo: product.registrationInfo ?? null,
      bookAtStudentRegistrationAllowed: product.bookAtStudentRegistrationAllowed ?? false,
    })),
  );
  count('products', productIds.length);
  const priceRows: (typeof prices.$inferInsert)[] = [];
  PRODUCTS.forEach((product, index) => {
    const productId = productIds[index] as number;
    const [first] = product.prices;
    ids.products.push({
      id: productId,
      type: product.type,
      name: product.name,
      priceCents: first?.[1] ?? 0,
      licenseClasses: product.licenseClasses,
    });
    for (const [licenseClass, cents, combined] of product.prices) {
      for (const [priceListId, amount] of [
        [standardList, cents],
        [summerList, summerPrice(product.type, cents)],
      ] as const) {
        priceRows.push({
          drivingSchoolId: schoolId,
          priceListId,
          productId,
          licenseClass,
          price: amount,
          combinedTrainingPrice: combined ?? null,
        });
      }
    }
  });
  count('prices', (await insertBatched(db, prices, priceRows)).length);

  // ---- branches ----------------------------------------------------------------------
  const branchRows = Array.from({ length: scale.branches }, (_, index) => {
    const base = LOCATIONS[index % LOCATIONS.length] as (typeof LOCATIONS)[number];
    const round = Math.floor(index / LOCATIONS.length);
    const district = base.name.replace(/^(Hauptstelle|Filiale) /, '');
    const name = round === 0 ? base.name : `Filiale ${district} ${round + 1}`;
    return {
      drivingSchoolId: schoolId,
      name,
      abbreviation: round === 0 ? base.abbreviation : `${base.abbreviation}${round + 1}`,
      address: base.address,
      phone: phone(),
      email: `${ascii(district)}${round === 0 ? '' : round + 1}@${DOMAIN}`,
      // The Neukölln branch runs the summer offer; the others use the standard list.
      priceListId: index === 1 ? summerList : standardList,
      dayWorkHours: openingHours(index),
      workCorridorFrom: index === 0 ? '07:00' : '07:30',
      workCorridorTo: index === 0 ? '21:00' : '20:00',
      defaultDrivingLessonDuration: 45,
      fastLaneDuration: index === 0 ? 90 : null,
      showOnWebsite: index < 3,
      calendarShareInstructorsRead: true,
      calendarShareInstructorsWrite: index === 0,
    };
  });
  ids.branches.push(...(await insertBatched(db, branches, branchRows)));
  count('branches', branchRows.length);
  const mainBranch = ids.branches[0] as number;

  // ---- instructors -------------------------------------------------------------------
  const fahrlehrer = ids.roles.Fahrlehrer;
  if (fahrlehrer === undefined) throw new Error('The demo school needs the role Fahrlehrer.');
  const passwordHash = await hashPassword(INSTRUCTOR_PASSWORD);
  const taken = new Set(['inhaber', 'buero', 'fahrlehrer']);
  const newInstructors = Array.from({ length: Math.max(0, scale.instructors - 1) }, (_, i) => {
    const sex = i % 2 === 0 ? 'male' : 'female';
    const firstName = faker.person.firstName(sex);
    const lastName = faker.person.lastName();
    let local = `${ascii(firstName)}.${ascii(lastName)}`;
    for (let n = 2; taken.has(local); n++) local = `${ascii(firstName)}.${ascii(lastName)}${n}`;
    taken.add(local);
    const index = i + 1;
    return {
      drivingSchoolId: schoolId,
      firstName,
      lastName,
      email: context.email(local),
      passwordHash,
      studentVisibility: 'OWN' as const,
      phone: `+49 1${faker.helpers.arrayElement(['51', '52', '57', '60', '70', '76'])} ${faker.string.numeric(8)}`,
      dayWorkHours: workHours(index),
      mobileCalendarAccess: index % 3 !== 0,
      licenseClasses: taughtClasses(index),
    };
  });
  const newIds = await insertBatched(db, users, newInstructors);
  count('users', newIds.length);
  // The demo instructor (Jonas Weber) teaches cars, trailers and automatic.
  await db
    .update(users)
    .set({
      phone: '+49 171 2345678',
      dayWorkHours: workHours(0),
      mobileCalendarAccess: true,
      licenseClasses: taughtClasses(0),
    })
    .where(eq(users.id, ids.instructorUser));
  ids.instructors.push(...newIds);
  if (newIds.length > 0) {
    await insertRows(
      db,
      userRoles,
      newIds.map((userId) => ({
        drivingSchoolId: schoolId,
        userId,
        roleId: fahrlehrer,
        position: 0,
      })),
    );
    await insertRows(
      db,
      userSettings,
      newIds.map((userId) => ({ drivingSchoolId: schoolId, userId })),
    );
    count('user_roles', newIds.length);
    count('user_settings', newIds.length);
  }
  // Every third instructor works at one branch only; the others at every branch.
  const branchAccess = ids.instructors.flatMap((userId, index) =>
    index % 3 === 2 && ids.branches.length > 1
      ? [
          {
            drivingSchoolId: schoolId,
            userId,
            branchId: ids.branches[index % ids.branches.length] as number,
          },
        ]
      : [],
  );
  if (branchAccess.length > 0) await insertRows(db, userBranches, branchAccess);
  count('user_branches', branchAccess.length);
  // Instructors share their calendars with the office; the first two with each other.
  const sharing = ids.instructors.map((userId) => ({
    drivingSchoolId: schoolId,
    userId,
    granteeUserId: ids.office,
    write: true,
  }));
  const [firstInstructor, secondInstructor] = ids.instructors;
  if (firstInstructor !== undefined && secondInstructor !== undefined) {
    sharing.push({
      drivingSchoolId: schoolId,
      userId: firstInstructor,
      granteeUserId: secondInstructor,
      write: false,
    });
  }
  await insertRows(db, userCalendarAccess, sharing);
  count('user_calendar_access', sharing.length);

  // ---- vehicles ----------------------------------------------------------------------
  const plates = new Set<string>();
  const plate = () => {
    let candidate: string;
    do {
      // Plates of a large fleet move on to further letter pairs.
      const letters = ['FS', 'FW', 'SN', 'FL', 'DS'][Math.floor(plates.size / 8000)] ?? 'FZ';
      candidate = `B-${letters} ${faker.number.int({ min: 100, max: 9999 })}`;
    } while (plates.has(candidate));
    plates.add(candidate);
    return candidate;
  };
  const teachers = (licenseClass: LicenseClass) =>
    ids.instructors.filter((_, index) => taughtClasses(index).includes(licenseClass));
  const fleet = Array.from({ length: scale.vehicles }, (_, index) => {
    if (index < FLEET.length) return FLEET[index] as VehicleSeed;
    const car = EXTRA_CARS[index % EXTRA_CARS.length] as VehicleSeed;
    return { ...car, name: `${car.name} ${Math.floor(index / EXTRA_CARS.length) + 1}` };
  });
  const vehicleRows = fleet.map((seed, index) => {
    const heavy = seed.kind === 'TRUCK' || seed.kind === 'BUS' || seed.name.startsWith('Tandem');
    // Inspections spread over two years; the Audi's HU is due within 30 days.
    const mainInspectionDate =
      index === 2 ? addDays(today, 18) : addDays(today, faker.number.int({ min: 35, max: 700 }));
    return {
      drivingSchoolId: schoolId,
      name: seed.name,
      plate: plate(),
      kind: seed.kind,
      transmission: seed.transmission,
      licenseClasses: seed.licenseClasses,
      chassisNumber: `${seed.wmi}${faker.string.fromCharacters('ABCDEFGHJKLMNPRSTUVWXYZ0123456789', 17 - seed.wmi.length)}`,
      mainInspectionDate,
      safetyCheckDate: heavy ? addDays(today, faker.number.int({ min: 20, max: 180 })) : null,
      // Motorcycles are off the road from November to February.
      seasonalClosureFromMonth: seed.kind === 'MOTORCYCLE' ? 11 : null,
      seasonalClosureToMonth: seed.kind === 'MOTORCYCLE' ? 2 : null,
      branchId:
        seed.kind === 'CAR' ? (ids.branches[index % ids.branches.length] as number) : mainBranch,
    };
  });
  const vehicleIds = await insertBatched(db, vehicles, vehicleRows);
  count('vehicles', vehicleIds.length);
  const assignments: (typeof vehicleInstructors.$inferInsert)[] = [];
  fleet.forEach((seed, index) => {
    const vehicleId = vehicleIds[index] as number;
    if (seed.kind === 'TRAILER') ids.trailers.push(vehicleId);
    else if (seed.kind !== 'ESCORT') {
      ids.vehicles.push({
        id: vehicleId,
        licenseClasses: seed.licenseClasses,
        transmission: seed.transmission ?? 'MANUAL',
      });
    }
    // Motorcycles and the truck belong to the instructors of their classes; cars are shared.
    const first = seed.licenseClasses[0] as LicenseClass;
    const owners =
      seed.kind === 'MOTORCYCLE' || seed.kind === 'TRUCK'
        ? teachers(first)
        : seed.kind === 'CAR' && index % 4 === 0
          ? teachers('B').slice(0, 2)
          : [];
    for (const userId of owners) {
      assignments.push({ drivingSchoolId: schoolId, vehicleId, userId });
    }
  });
  if (assignments.length > 0) await insertRows(db, vehicleInstructors, assignments);
  count('vehicle_instructors', assignments.length);

  // ---- categories and testing organizations ------------------------------------------
  ids.studentCategories.push(
    ...(await insertBatched(
      db,
      studentCategories,
      [
        ['Intensivkurs', 'IK', '#e4572e'],
        ['Ferienkurs', 'FK', '#f3a712'],
        ['Bildungsgutschein', 'BG', '#669bbc'],
        ['Umschreibung', 'UM', '#29335c'],
        ['Wiederholer', 'WH', '#8a9b68'],
      ].map(([name, abbreviation, appearance]) => ({
        drivingSchoolId: schoolId,
        name: name as string,
        abbreviation: abbreviation as string,
        appearance: appearance as string,
      })),
    )),
  );
  count('student_categories', 5);
  ids.testingOrganizations.push(
    ...(await insertBatched(db, testingOrganizations, [
      {
        drivingSchoolId: schoolId,
        name: 'DEKRA Prüfstelle Berlin-Tempelhof',
        kind: 'DEKRA',
        address: address('Mariendorfer Damm', '1', '12099'),
        phone: '+49 30 7546-0',
        email: `pruefstelle-tempelhof@dekra.example`,
      },
      {
        drivingSchoolId: schoolId,
        name: 'TÜV Rheinland Prüfstelle Berlin',
        kind: 'TUEV',
        address: address('Alboinstraße', '56', '12103'),
        phone: '+49 30 7562-0',
        email: `fahrerlaubnis-berlin@tuev-rheinland.example`,
      },
    ])),
  );
  count('testing_organizations', 2);

  // ---- the school's configuration ----------------------------------------------------
  await db.insert(masterData).values({
    drivingSchoolId: schoolId,
    website: 'https://www.fahrschule-sonnenschein.de',
    email: `info@${DOMAIN}`,
    phone: '+49 30 6112345',
    address: LOCATIONS[0]?.address,
    federalState: 'BE',
    taxOffice: 'Finanzamt Friedrichshain-Kreuzberg',
    payrollTaxNumber: '14/123/45678',
    vatTaxNumber: '14/123/45679',
    vatId: 'DE287654321',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    creditorId: 'DE98ZZZ09999999999',
    // Agreed in the training contract: live-pay debits are announced 5 days ahead.
    preNotificationDays: 5,
    accountingGroup: '10042',
    responsiblePerson: 'Erika Mustermann',
    automaticExamOrganisationFees: true,
    restrictedPlanningOnLowBalance: true,
    stampOnCertificates: true,
  });
  await db.insert(financialConfigs).values({
    drivingSchoolId: schoolId,
    studentPaymentRequestFootnote:
      'Bitte überweisen Sie den Betrag innerhalb von 14 Tagen unter Angabe der Rechnungsnummer.',
    studentFinalInvoiceFootnote:
      'Vielen Dank für Ihr Vertrauen und allzeit gute Fahrt!\nFahrschule Sonnenschein',
    costBearerPaymentRequestFootnote: 'Zahlbar innerhalb von 30 Tagen ohne Abzug.',
    costBearerFinalInvoiceFootnote:
      'Die Ausbildung in den Klassen C und CE ist nach § 4 Nr. 21 UStG umsatzsteuerfrei.',
    gdprUrl: 'https://www.fahrschule-sonnenschein.de/datenschutz',
    termsUrl: 'https://www.fahrschule-sonnenschein.de/agb',
  });
  await db.insert(accountsConfigs).values({
    drivingSchoolId: schoolId,
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
    // The tax adviser's DATEV numbers, as the EXTF header and DATEV Unternehmen online know them.
    consultantNumber: 29098,
    clientNumber: 55003,
    fiscalYearStartMonth: 1,
    bookkeepingPortalUrl: 'https://duo.datev.de/',
  });
  await db.insert(drivingSchoolFeatures).values({
    drivingSchoolId: schoolId,
    classicPayEnabled: true,
    flashPayEnabled: true,
    livePayEnabled: true,
    livePayOnboardingCompleted: true,
    learningAppEnabled: true,
    serviceContractSigned: true,
    dataProcessingAgreementSigned: true,
  });
  // The demo's mail servers are under the reserved top-level domain .invalid (RFC 2606):
  // the background sync and sending answer "not reachable" at once instead of signing in
  // at a real provider with a made-up password. Point the account at a real server to try.
  const [mailAccount] = await insertBatched(db, emailConfigs, [
    {
      drivingSchoolId: schoolId,
      email: `info@${DOMAIN}`,
      senderName: 'Fahrschule Sonnenschein',
      smtpHost: 'smtp.fahrschule-demo.invalid',
      smtpPort: 587,
      smtpSecurity: 'STARTTLS',
      imapHost: 'imap.fahrschule-demo.invalid',
      imapPort: 993,
      imapSecurity: 'TLS',
      username: `info@${DOMAIN}`,
      password: 'demo-postfach',
    },
  ]);
  await insertRows(
    db,
    emailConfigUsers,
    [ids.owner, ids.office].map((userId) => ({
      drivingSchoolId: schoolId,
      emailConfigId: mailAccount as number,
      userId,
    })),
  );
  Object.assign(counts, {
    master_data: 1,
    financial_configs: 1,
    accounts_configs: 1,
    driving_school_features: 1,
    email_configs: 1,
    email_config_users: 2,
  });
  return counts;
}
