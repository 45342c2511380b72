import { inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../database';
import {
  type Address,
  checklistItems,
  checklists,
  checklistTemplateItems,
  checklistTemplates,
  costBearerNotes,
  costBearers,
  educationEvents,
  type LicenseClass,
  registrations,
  studentCategoryAssignments,
  studentEducationCostBearers,
  studentEducations,
  studentNotes,
  students,
  todos,
  users,
} from '../schema';
import { type DemoContext, insertBatched } from './context';

/*
 * The people area's part of the demo school: students (German names, Berlin addresses,
 * 17 to 45 years old, mostly class B) across the stages of their training — registered, in
 * training, theory passed, finished, a few cancelled, the old ones archived — with one
 * education each (some two: B then BE, A2 with B, C then CE), their categories, notes and
 * checklists; cost bearers (parents, employers, the Agentur für Arbeit, Jobcenters paying
 * truck licences with a Bildungsgutschein) linked to the educations they pay; registrations
 * from the public page and the phone, read and unread; to-dos of the office.
 *
 * Rows are built in memory and written with insertBatched (batches of 1000); nothing is
 * queried per row. Deterministic: only `context.faker` and `context.today`.
 */

type StudentInsert = typeof students.$inferInsert;
type EducationInsert = typeof studentEducations.$inferInsert;
type Status = NonNullable<EducationInsert['status']>;

const DAY_MS = 86_400_000;

/** Inserts rows of a table without an id (join tables), in batches of 1000. */
async function insertRows<T extends PgTable>(db: Db, table: T, rows: T['$inferInsert'][]) {
  for (let start = 0; start < rows.length; start += 1000) {
    await db.insert(table).values(rows.slice(start, start + 1000));
  }
}

const dayNumber = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** A moment of a day (Berlin office hours, as UTC). */
const at = (day: number, minutes: number) => new Date(day * DAY_MS + minutes * 60_000);

const ascii = (text: string) =>
  text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[^a-z0-9-]/g, '');

/** Berlin postal codes across the districts. */
const POSTAL_CODES = [
  '10115',
  '10117',
  '10119',
  '10178',
  '10243',
  '10245',
  '10247',
  '10249',
  '10365',
  '10405',
  '10407',
  '10435',
  '10437',
  '10439',
  '10551',
  '10553',
  '10585',
  '10623',
  '10627',
  '10707',
  '10715',
  '10777',
  '10781',
  '10823',
  '10827',
  '10961',
  '10965',
  '10967',
  '10999',
  '12043',
  '12045',
  '12047',
  '12049',
  '12099',
  '12103',
  '12157',
  '12163',
  '12203',
  '12247',
  '12305',
  '12351',
  '12435',
  '12437',
  '12487',
  '12555',
  '12619',
  '12679',
  '13051',
  '13086',
  '13187',
  '13189',
  '13347',
  '13353',
  '13403',
  '13437',
  '13503',
  '13581',
  '13585',
  '13597',
  '14050',
  '14057',
  '14109',
  '14163',
  '14169',
  '14193',
  '14197',
];
const MAIL_DOMAINS = ['gmail.com', 'web.de', 'gmx.de', 't-online.de', 'outlook.de', 'posteo.de'];
const BIRTH_PLACES = [
  'Berlin',
  'Berlin',
  'Berlin',
  'Berlin',
  'Potsdam',
  'Hamburg',
  'München',
  'Leipzig',
  'Dresden',
  'Köln',
  'Rostock',
  'Cottbus',
  'Istanbul',
  'Warschau',
  'Kyjiw',
  'Damaskus',
];
const NATIONALITIES = [
  'DE',
  'DE',
  'DE',
  'DE',
  'DE',
  'DE',
  'DE',
  'DE',
  'TR',
  'PL',
  'UA',
  'SY',
  'IT',
  'RO',
];
const MOBILE_PREFIXES = [
  '151',
  '152',
  '157',
  '160',
  '162',
  '170',
  '171',
  '172',
  '173',
  '175',
  '176',
  '177',
  '178',
  '179',
];

/** The main education's class: mostly B. */
const CLASS_WEIGHTS: { value: LicenseClass; weight: number }[] = [
  { value: 'B', weight: 60 },
  { value: 'B197', weight: 8 },
  { value: 'A2', weight: 6 },
  { value: 'BE', weight: 5 },
  { value: 'A', weight: 4 },
  { value: 'A1', weight: 3 },
  { value: 'C', weight: 4 },
  { value: 'CE', weight: 3 },
  { value: 'AM', weight: 2 },
  { value: 'C1', weight: 1 },
  { value: 'B96', weight: 1 },
  { value: 'T', weight: 1 },
  { value: 'D', weight: 1 },
];
const STATUS_WEIGHTS: { value: Status; weight: number }[] = [
  { value: 'REGISTERED', weight: 14 },
  { value: 'IN_TRAINING', weight: 44 },
  { value: 'THEORY_PASSED', weight: 18 },
  { value: 'FINISHED', weight: 20 },
  { value: 'CANCELLED', weight: 4 },
];
/** Days since registration by stage: [from, to]. */
const REGISTERED_AGO: Record<Status, [number, number]> = {
  REGISTERED: [0, 40],
  IN_TRAINING: [30, 270],
  THEORY_PASSED: [75, 330],
  FINISHED: [120, 900],
  CANCELLED: [90, 600],
};
/** Ages by class: [from, to]. */
const AGES: Partial<Record<LicenseClass, [number, number]>> = {
  AM: [17, 19],
  A1: [17, 22],
  A2: [18, 30],
  A: [24, 45],
  BE: [19, 45],
  C: [21, 45],
  CE: [21, 45],
  C1: [20, 45],
  D: [24, 45],
  T: [17, 30],
};
const COMMERCIAL = new Set<LicenseClass>(['C', 'CE', 'C1', 'C1E', 'D', 'D1', 'DE']);
/** The class an extension builds on. */
const BASE: Partial<Record<LicenseClass, LicenseClass>> = { BE: 'B', CE: 'C', C1E: 'C1', DE: 'D' };
/** A second education some students add: B then BE, A2 with B, C then CE. */
const SECOND: Partial<Record<LicenseClass, LicenseClass>> = {
  B: 'BE',
  A2: 'B',
  C: 'CE',
  B197: 'BE',
};

const JOB_CENTERS = [
  'Mitte',
  'Friedrichshain-Kreuzberg',
  'Pankow',
  'Charlottenburg-Wilmersdorf',
  'Spandau',
  'Steglitz-Zehlendorf',
  'Tempelhof-Schöneberg',
  'Neukölln',
  'Treptow-Köpenick',
  'Marzahn-Hellersdorf',
  'Lichtenberg',
  'Reinickendorf',
];
const AGENCIES = ['Berlin Mitte', 'Berlin Nord', 'Berlin Süd'];
const COMPANY_KINDS = [
  'Spedition',
  'Logistik',
  'Bau GmbH',
  'Transporte',
  'Umzüge',
  'Entsorgung',
  'Busreisen',
  'Kurierdienst',
  'Getränkehandel',
  'Garten- und Landschaftsbau',
];

/** ISO 7064 MOD 97-10 check digits (IBAN, Leitweg-ID): letters count 10–35. */
function mod97(text: string): number {
  let rest = 0;
  for (const char of text.toUpperCase()) {
    const code = char.charCodeAt(0);
    const digits = code >= 65 && code <= 90 ? String(code - 55) : char;
    for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest;
}
/** The check digits of a Leitweg-ID, over its letters and digits. */
const checkDigits = (body: string) =>
  String(98 - mod97(`${body.replace(/[^A-Za-z0-9]/g, '')}00`)).padStart(2, '0');
/** A German IBAN with valid check digits. */
const germanIban = (bankCode: string, account: string) => {
  const bban = `${bankCode}${account}`;
  return `DE${String(98 - mod97(`${bban}DE00`)).padStart(2, '0')}${bban}`;
};
const BANKS = [
  { code: '10070000', bic: 'DEUTDEBBXXX' },
  { code: '10010010', bic: 'PBNKDEFFXXX' },
  { code: '10050000', bic: 'BELADEBEXXX' },
  { code: '12030000', bic: 'BYLADEM1001' },
  { code: '10090000', bic: 'BEVODEBBXXX' },
  { code: '10040000', bic: 'COBADEBBXXX' },
];

const STUDENT_NOTES = [
  'Sehtest liegt vor, Erste-Hilfe-Kurs fehlt noch.',
  'Hat nach einem Termin am Samstag gefragt.',
  'Prüfungsangst – vor der Prüfung eine zusätzliche Fahrstunde einplanen.',
  'Antrag beim LABO eingereicht.',
  'Fährt sicher, Überlandfahrten noch offen.',
  'Mutter hat angerufen, Rechnung bitte per Post.',
  'Hat zwei Fahrstunden kurzfristig abgesagt.',
  'Möchte auf Automatik (B197) umsteigen.',
  'Passbild nachgereicht.',
  'Theorieprüfung beim TÜV angemeldet.',
  'Bitte vor der Prüfung noch Nachtfahrt machen.',
  'Ratenzahlung vereinbart.',
];
const COST_BEARER_NOTES = [
  'Bildungsgutschein liegt im Original vor.',
  'Rechnungen nur als XRechnung über die Leitweg-ID.',
  'Ansprechpartnerin ist bis Ende des Monats im Urlaub.',
  'Kostenübernahme bis zur Prüfung bestätigt.',
  'Zahlt erfahrungsgemäß nach 30 Tagen.',
  'Neue Kundennummer mitgeteilt.',
];
const TODO_TITLES = [
  'Sehtest von {name} anfordern',
  'Prüfungsantrag {name} beim LABO einreichen',
  'Rückruf {name}',
  'Erste-Hilfe-Kurs für {name} buchen',
  'Passbild von {name} fehlt',
  'Ausbildungsvertrag {name} unterschreiben lassen',
  'Theorieprüfung für {name} beim TÜV anmelden',
  'Zahlungserinnerung an {name}',
  'Fahrzeug zur Hauptuntersuchung bringen',
  'Theorieraum für den Ferienkurs vorbereiten',
  'Rechnung an das Jobcenter prüfen',
  'Bildungsgutschein beim Kostenträger anfordern',
  'Winterreifen wechseln',
  'Dienstplan für nächste Woche erstellen',
  'Lehrmaterial nachbestellen',
  'Prüfungstermine mit der DEKRA abstimmen',
];

export async function seedPeople(context: DemoContext): Promise<Record<string, number>> {
  const { db, schoolId, faker, scale, today, ids, log } = context;
  const counts: Record<string, number> = {};
  const count = (table: string, n: number) => {
    counts[table] = (counts[table] ?? 0) + n;
  };
  if (ids.branches.length === 0) {
    log('demo: people skipped (no branches)');
    return counts;
  }
  const todayDay = dayNumber(today);
  const between = (from: number, to: number) => faker.number.int({ min: from, max: to });
  const chance = (p: number) => faker.number.float({ min: 0, max: 1 }) < p;
  const pick = <T>(list: readonly T[]) => faker.helpers.arrayElement(list);
  const weighted = <T>(list: { value: T; weight: number }[]) =>
    faker.helpers.weightedArrayElement(list);
  const office = [ids.office, ids.owner];

  // The instructors and the classes each teaches (company area), read once.
  const teacherRows =
    ids.instructors.length > 0
      ? await db
          .select({ id: users.id, licenseClasses: users.licenseClasses })
          .from(users)
          .where(inArray(users.id, ids.instructors))
      : [];
  const teachers = ids.instructors.map((id) => ({
    id,
    classes: new Set(teacherRows.find((row) => row.id === id)?.licenseClasses ?? []),
  }));
  const teacherFor = (licenseClass: LicenseClass) => {
    const fitting = teachers.filter((t) => t.classes.has(licenseClass));
    const pool = fitting.length > 0 ? fitting : teachers;
    // The demo instructor (first) gets a good share of the class-B students.
    if (pool[0]?.id === ids.instructorUser && chance(0.25)) return ids.instructorUser;
    return pool.length > 0 ? pick(pool).id : ids.instructorUser;
  };
  const standardList = ids.priceLists[0];
  const priceList = () =>
    ids.priceLists.length > 1 && chance(0.15) ? ids.priceLists[1] : standardList;

  // ---- cost bearers --------------------------------------------------------------------
  type Bearer = { kind: 'PERSON' | 'COMPANY' | 'EMPLOYMENT_AGENCY' | 'JOB_CENTER'; index: number };
  const bearerCount = Math.max(0, scale.costBearers);
  const agencyCount = Math.min(AGENCIES.length, Math.max(1, Math.round(bearerCount * 0.08)));
  const centerCount = Math.min(JOB_CENTERS.length, Math.max(1, Math.round(bearerCount * 0.2)));
  const companyCount = Math.max(1, Math.round((bearerCount - agencyCount - centerCount) * 0.4));
  const bearerRows: (typeof costBearers.$inferInsert)[] = [];
  const bearers: Bearer[] = [];
  const street = () => ({
    street: faker.location.street(),
    houseNumber: String(between(1, 180)),
    postalCode: pick(POSTAL_CODES),
    city: 'Berlin',
    country: 'DE',
  });
  for (let i = 0; i < bearerCount; i++) {
    const created = at(todayDay - between(200, 1100), 9 * 60 + between(0, 480));
    const base = { drivingSchoolId: schoolId, createdAt: created, updatedAt: created };
    if (i < agencyCount) {
      const name = `Agentur für Arbeit ${AGENCIES[i]}`;
      const coarse = `991-${String(11000 + i * 7).padStart(5, '0')}BA`;
      bearerRows.push({
        ...base,
        kind: 'EMPLOYMENT_AGENCY',
        name,
        contactPerson: faker.person.fullName(),
        address: street(),
        email: `weiterbildung.${ascii(AGENCIES[i] ?? 'Berlin')}@arbeitsagentur.de`,
        phone: `+49 30 ${between(5000000, 5999999)}`,
        eInvoiceFormat: 'XRECHNUNG',
        leitwegId: `${coarse}-${checkDigits(coarse)}`,
        customerNumber: `BA-${between(100000, 999999)}`,
      });
      bearers.push({ kind: 'EMPLOYMENT_AGENCY', index: i });
    } else if (i < agencyCount + centerCount) {
      const district = JOB_CENTERS[i - agencyCount] ?? 'Mitte';
      const coarse = `991-${String(12000 + i * 11).padStart(5, '0')}JC`;
      bearerRows.push({
        ...base,
        kind: 'JOB_CENTER',
        name: `Jobcenter Berlin ${district}`,
        contactPerson: faker.person.fullName(),
        address: street(),
        email: `jobcenter-berlin-${ascii(district)}@jobcenter-ge.de`,
        phone: `+49 30 ${between(5000000, 5999999)}`,
        eInvoiceFormat: 'XRECHNUNG',
        leitwegId: `${coarse}-${checkDigits(coarse)}`,
        customerNumber: `JC-${between(100000, 999999)}`,
      });
      bearers.push({ kind: 'JOB_CENTER', index: i });
    } else if (i < agencyCount + centerCount + companyCount) {
      const owner = faker.person.lastName();
      const name = `${owner} ${pick(COMPANY_KINDS)}`;
      const bank = pick(BANKS);
      bearerRows.push({
        ...base,
        kind: 'COMPANY',
        name,
        contactPerson: faker.person.fullName(),
        address: street(),
        email: `buchhaltung@${ascii(owner)}-${i}.de`,
        phone: `+49 30 ${between(2000000, 9999999)}`,
        iban: germanIban(bank.code, faker.string.numeric(10)),
        bic: bank.bic,
        eInvoiceFormat: chance(0.3) ? 'ZUGFERD' : 'PDF',
        customerNumber: `KD-${String(i + 1).padStart(5, '0')}`,
      });
      bearers.push({ kind: 'COMPANY', index: i });
    } else {
      const first = faker.person.firstName();
      const last = faker.person.lastName();
      const bank = pick(BANKS);
      bearerRows.push({
        ...base,
        kind: 'PERSON',
        name: `${first} ${last}`,
        address: street(),
        email: `${ascii(first)}.${ascii(last)}${i}@${pick(MAIL_DOMAINS)}`,
        phone: `+49 ${pick(MOBILE_PREFIXES)} ${faker.string.numeric(7)}`,
        iban: germanIban(bank.code, faker.string.numeric(10)),
        bic: bank.bic,
        eInvoiceFormat: 'PDF',
      });
      bearers.push({ kind: 'PERSON', index: i });
    }
  }
  const bearerIds = await insertBatched(db, costBearers, bearerRows);
  ids.costBearers.push(...bearerIds);
  count('cost_bearers', bearerIds.length);
  const bearerPool = (kind: Bearer['kind']) =>
    bearers.filter((b) => b.kind === kind).map((b) => bearerIds[b.index] as number);
  const agencies = [...bearerPool('EMPLOYMENT_AGENCY'), ...bearerPool('JOB_CENTER')];
  const companies = bearerPool('COMPANY');
  const parents = bearerPool('PERSON');

  // ---- students and their educations ----------------------------------------------------
  type Plan = {
    student: StudentInsert;
    educations: (EducationInsert & { payer?: number })[];
    status: Status;
    registeredDay: number;
  };
  const plans: Plan[] = [];
  const usedPayers = new Set<number>();
  let parentCursor = 0;
  for (let i = 0; i < scale.students; i++) {
    const licenseClass = weighted(CLASS_WEIGHTS);
    const status = weighted(STATUS_WEIGHTS);
    const [agoFrom, agoTo] = REGISTERED_AGO[status];
    const registeredDay = todayDay - between(agoFrom, agoTo);
    const [ageFrom, ageTo] = AGES[licenseClass] ?? [17, 32];
    const age = chance(0.85)
      ? between(ageFrom, Math.min(ageTo, ageFrom + 10))
      : between(ageFrom, ageTo);
    const birthDay = todayDay - Math.round(age * 365.25) - between(0, 364);
    const minor = todayDay - birthDay < 18 * 365.25;
    const sex = faker.person.sex() as 'female' | 'male';
    const firstName = faker.person.firstName(sex);
    const lastName = faker.person.lastName();
    const branchId = ids.branches[i % ids.branches.length] as number;
    const commercial = COMMERCIAL.has(licenseClass);
    const grantType = commercial
      ? pick(['EDUCATION_VOUCHER', 'JOB_CENTER', 'EMPLOYER', 'SELF'] as const)
      : minor || (age < 21 && chance(0.5))
        ? 'PARENTS'
        : 'SELF';
    const paymentWorkflow = commercial
      ? 'CLASSIC_PAY'
      : weighted([
          { value: 'CLASSIC_PAY' as const, weight: 65 },
          { value: 'FLASH_PAY' as const, weight: 22 },
          { value: 'LIVE_PAY' as const, weight: 13 },
        ]);
    const paymentMethod =
      paymentWorkflow === 'LIVE_PAY'
        ? 'DIRECT_DEBIT'
        : pick(['TRANSFER', 'TRANSFER', 'DIRECT_DEBIT', 'CASH', 'CARD'] as const);
    const instructorId = teacherFor(licenseClass);
    const hasEmail = chance(0.93);
    const email = hasEmail
      ? `${ascii(firstName)}.${ascii(lastName)}.${i + 1}@${pick(MAIL_DOMAINS)}`
      : null;
    const bank = pick(BANKS);
    const debit = paymentMethod === 'DIRECT_DEBIT';
    const finishedLongAgo = status === 'FINISHED' && todayDay - registeredDay > 400;
    const archived = finishedLongAgo || (status === 'CANCELLED' && chance(0.7));
    const created = at(registeredDay, 9 * 60 + between(0, 540));
    const heldClasses: LicenseClass[] = BASE[licenseClass]
      ? [BASE[licenseClass] as LicenseClass]
      : [];
    if (commercial && licenseClass !== 'C1' && !heldClasses.includes('B')) heldClasses.unshift('B');
    const address: Address = {
      street: faker.location.street(),
      houseNumber: String(between(1, 220)) + (chance(0.1) ? pick(['a', 'b', 'c']) : ''),
      postalCode: pick(POSTAL_CODES),
      city: 'Berlin',
      country: 'DE',
    };
    const student: StudentInsert = {
      drivingSchoolId: schoolId,
      salutation: sex === 'female' ? 'MS' : 'MR',
      firstName,
      lastName,
      birthDate: isoOf(birthDay),
      birthPlace: pick(BIRTH_PLACES),
      address,
      phoneMobile: `+49 ${pick(MOBILE_PREFIXES)} ${faker.string.numeric(7)}`,
      ...(chance(0.2) ? { phonePrivate: `+49 30 ${faker.string.numeric(7)}` } : {}),
      email,
      learningAppEmail: email,
      ...(grantType === 'PARENTS' && hasEmail
        ? {
            payerEmail: `${ascii(faker.person.firstName())}.${ascii(lastName)}@${pick(MAIL_DOMAINS)}`,
          }
        : {}),
      language: chance(0.06) ? 'en' : 'de',
      nationality: pick(NATIONALITIES),
      mainClass: licenseClass,
      ...(heldClasses.length > 0 ? { previousClass: heldClasses[heldClasses.length - 1] } : {}),
      grantType,
      registrationDate: isoOf(registeredDay),
      ...(status !== 'REGISTERED'
        ? {
            applicationDate: isoOf(registeredDay + between(3, 20)),
            ...(status !== 'IN_TRAINING' || chance(0.6)
              ? { applicationReturnDate: isoOf(registeredDay + between(25, 60)) }
              : {}),
            processNumber: `LABO-${faker.string.numeric(8)}`,
          }
        : {}),
      testLocation: 'Berlin',
      ...(ids.testingOrganizations.length > 0 && status !== 'REGISTERED'
        ? { testingOrganizationId: pick(ids.testingOrganizations) }
        : {}),
      visualAid: chance(0.22),
      paymentMethod,
      paymentWorkflow,
      priceListId: priceList() ?? null,
      ...(chance(0.05) ? { discount: pick([5, 10, 15]) } : {}),
      firstLoginDate:
        status !== 'REGISTERED' || chance(0.5)
          ? at(registeredDay + between(0, 6), 18 * 60 + between(0, 180))
          : null,
      learningAppLoginAllowed: !archived,
      instructorId,
      branchId,
      licenseClasses: heldClasses,
      ...(commercial
        ? {
            driverCardExpiryDate: isoOf(todayDay + between(60, 1800)),
            ...(licenseClass === 'CE' || chance(0.3)
              ? { adrExpiryDate: isoOf(todayDay + between(-30, 1500)) }
              : {}),
            ...(status === 'FINISHED'
              ? {
                  fqnNumber: `FQN-${faker.string.numeric(9)}`,
                  fqnExpiryDate: isoOf(registeredDay + 5 * 365),
                }
              : {}),
          }
        : {}),
      ...(debit
        ? {
            iban: germanIban(bank.code, faker.string.numeric(10)),
            bic: bank.bic,
            accountHolder:
              grantType === 'PARENTS'
                ? `${faker.person.firstName()} ${lastName}`
                : `${firstName} ${lastName}`,
          }
        : {}),
      archived,
      createdAt: created,
      updatedAt: created,
    };

    // The education(s): dates follow the stage.
    const startDay = registeredDay + between(0, 21);
    const theoryDay =
      status === 'THEORY_PASSED' || status === 'FINISHED'
        ? Math.min(todayDay - 7, startDay + between(35, 100))
        : undefined;
    const practicalDay =
      status === 'FINISHED' && theoryDay !== undefined
        ? Math.min(todayDay - 1, theoryDay + between(21, 150))
        : undefined;
    let payer: number | undefined;
    if ((grantType === 'EDUCATION_VOUCHER' || grantType === 'JOB_CENTER') && agencies.length > 0) {
      payer = pick(agencies);
    } else if (grantType === 'EMPLOYER' && companies.length > 0) {
      payer = pick(companies);
    } else if (grantType === 'PARENTS' && parents.length > 0 && chance(0.3)) {
      payer = parents[parentCursor++ % parents.length];
    }
    if (payer !== undefined) usedPayers.add(payer);
    const education = {
      drivingSchoolId: schoolId,
      licenseClass,
      baseLicenseClass: BASE[licenseClass] ?? null,
      status,
      instructorId,
      branchId,
      priceListId: student.priceListId ?? null,
      paymentWorkflow,
      driveBuzzEnabled: !commercial && chance(0.8),
      finished: status === 'FINISHED',
      automaticPayment: paymentWorkflow === 'LIVE_PAY',
      theoryQuestionsVersion: questionsVersion(startDay),
      startDate: isoOf(startDay),
      theoryExamDate: theoryDay === undefined ? null : isoOf(theoryDay),
      practicalExamDate: practicalDay === undefined ? null : isoOf(practicalDay),
      archived,
      createdAt: created,
      updatedAt: at(Math.min(todayDay, practicalDay ?? theoryDay ?? startDay), 12 * 60),
      payer,
    } as EducationInsert & { payer?: number };
    const list: (EducationInsert & { payer?: number })[] = [education];
    const next = SECOND[licenseClass];
    if (next && !archived && status === 'FINISHED' && chance(0.25)) {
      // The next class once the first is done (B → BE, C → CE): in training now.
      const secondStart = Math.min(
        todayDay - between(5, 60),
        (practicalDay ?? todayDay) + between(10, 60),
      );
      list.push({
        ...education,
        licenseClass: next,
        baseLicenseClass: BASE[next] ?? null,
        status: 'IN_TRAINING',
        finished: false,
        startDate: isoOf(secondStart),
        theoryExamDate: null,
        practicalExamDate: null,
        createdAt: at(secondStart, 10 * 60),
        updatedAt: at(secondStart, 10 * 60),
        archived: false,
      });
    } else if (licenseClass === 'A2' && status !== 'CANCELLED' && chance(0.3)) {
      // Motorcycle and car together.
      list.push({
        ...education,
        licenseClass: 'B',
        baseLicenseClass: null,
        driveBuzzEnabled: true,
      });
    }
    plans.push({ student, educations: list, status, registeredDay });
  }

  const studentIds = await insertBatched(
    db,
    students,
    plans.map((plan) => plan.student),
  );
  ids.students.push(...studentIds);
  count('students', studentIds.length);

  const educationRows = plans.flatMap((plan, index) =>
    plan.educations.map(({ payer: _, ...row }) => ({
      ...row,
      studentId: studentIds[index] as number,
    })),
  );
  const educationIds = await insertBatched(db, studentEducations, educationRows);
  count('student_educations', educationIds.length);
  const payerLinks: (typeof studentEducationCostBearers.$inferInsert)[] = [];
  const events: (typeof educationEvents.$inferInsert)[] = [];
  let cursor = 0;
  plans.forEach((plan, index) => {
    for (const education of plan.educations) {
      const id = educationIds[cursor++] as number;
      const studentId = studentIds[index] as number;
      ids.educations.push({
        id,
        studentId,
        licenseClass: education.licenseClass,
        instructorId: education.instructorId as number,
        branchId: education.branchId,
        status: education.status as string,
        startDate: education.startDate as string,
      });
      if (education.payer !== undefined) {
        payerLinks.push({
          drivingSchoolId: schoolId,
          studentEducationId: id,
          costBearerId: education.payer,
        });
      }
      events.push({
        drivingSchoolId: schoolId,
        studentId,
        studentEducationId: id,
        type: 'CREATED',
        date: education.createdAt as Date,
        text: `Ausbildung Klasse ${education.licenseClass} angelegt`,
        userId: pick(office),
      });
      if (education.archived) {
        events.push({
          drivingSchoolId: schoolId,
          studentId,
          studentEducationId: id,
          type: 'ARCHIVED',
          date: education.updatedAt as Date,
          text: `Ausbildung Klasse ${education.licenseClass} archiviert`,
          userId: pick(office),
        });
      }
    }
  });
  // Every cost bearer pays at least one education (parents: of a minor student).
  const paid = new Set(payerLinks.map((link) => link.studentEducationId));
  const unpaid = ids.educations.filter((e) => e.licenseClass === 'B' && !paid.has(e.id));
  for (const bearer of [...parents, ...companies].filter((id) => !usedPayers.has(id))) {
    const education = unpaid.pop();
    if (!education) break;
    payerLinks.push({
      drivingSchoolId: schoolId,
      studentEducationId: education.id,
      costBearerId: bearer,
    });
  }
  await insertRows(db, studentEducationCostBearers, payerLinks);
  count('student_education_cost_bearers', payerLinks.length);
  await insertBatched(db, educationEvents, events);
  count('education_events', events.length);

  // ---- categories, notes, checklists -------------------------------------------------------
  const categoryRows: (typeof studentCategoryAssignments.$inferInsert)[] = [];
  if (ids.studentCategories.length > 0) {
    for (const studentId of studentIds) {
      if (!chance(0.3)) continue;
      const chosen = faker.helpers.arrayElements(ids.studentCategories, chance(0.8) ? 1 : 2);
      for (const studentCategoryId of chosen) {
        categoryRows.push({ drivingSchoolId: schoolId, studentId, studentCategoryId });
      }
    }
    await insertRows(db, studentCategoryAssignments, categoryRows);
  }
  count('student_category_assignments', categoryRows.length);

  const authors = [...office, ...ids.instructors];
  const noteRows: (typeof studentNotes.$inferInsert)[] = [];
  plans.forEach((plan, index) => {
    if (!chance(0.3)) return;
    for (let k = between(1, 3); k > 0; k--) {
      const day = Math.min(
        todayDay,
        plan.registeredDay + between(0, Math.max(1, todayDay - plan.registeredDay)),
      );
      const date = at(day, 8 * 60 + between(0, 600));
      noteRows.push({
        drivingSchoolId: schoolId,
        studentId: studentIds[index] as number,
        text: pick(STUDENT_NOTES),
        date,
        authorUserId: pick(authors),
        createdAt: date,
        updatedAt: date,
      });
    }
  });
  count('student_notes', (await insertBatched(db, studentNotes, noteRows)).length);

  const bearerNotes: (typeof costBearerNotes.$inferInsert)[] = [];
  for (const costBearerId of bearerIds) {
    if (!chance(0.5)) continue;
    const date = at(todayDay - between(0, 300), 8 * 60 + between(0, 600));
    bearerNotes.push({
      drivingSchoolId: schoolId,
      costBearerId,
      text: pick(COST_BEARER_NOTES),
      date,
      authorUserId: pick(office),
      createdAt: date,
      updatedAt: date,
    });
  }
  count('cost_bearer_notes', (await insertBatched(db, costBearerNotes, bearerNotes)).length);

  const templates: { name: string; forCostBearers: boolean; items: string[] }[] = [
    {
      name: 'Anmeldung vollständig',
      forCostBearers: false,
      items: [
        'Sehtest',
        'Erste-Hilfe-Kurs',
        'Biometrisches Passbild',
        'Antrag beim LABO gestellt',
        'Ausbildungsvertrag unterschrieben',
      ],
    },
    {
      name: 'Berufskraftfahrer (C/CE)',
      forCostBearers: false,
      items: [
        'Ärztliches Gutachten (Anlage 5 FeV)',
        'Augenärztliches Gutachten (Anlage 6 FeV)',
        'Kopie Führerschein Klasse B',
        'Fahrerkarte beantragt',
      ],
    },
    {
      name: 'Bildungsgutschein',
      forCostBearers: true,
      items: [
        'Bildungsgutschein im Original',
        'Kostenübernahme bestätigt',
        'Leitweg-ID für XRechnung hinterlegt',
      ],
    },
  ];
  const templateIds = await insertBatched(
    db,
    checklistTemplates,
    templates.map(({ name, forCostBearers }) => ({
      drivingSchoolId: schoolId,
      name,
      forCostBearers,
    })),
  );
  count('checklist_templates', templateIds.length);
  const templateItems = templates.flatMap((template, t) =>
    template.items.map((text, position) => ({
      drivingSchoolId: schoolId,
      templateId: templateIds[t] as number,
      text,
      position,
    })),
  );
  count(
    'checklist_template_items',
    (await insertBatched(db, checklistTemplateItems, templateItems)).length,
  );

  // Students in their first months get the registration checklist, trucks the second;
  // the Jobcenters and agencies the voucher list. Early items are checked first.
  const made: {
    row: typeof checklists.$inferInsert;
    template: number;
    progress: number;
    day: number;
  }[] = [];
  plans.forEach((plan, index) => {
    const studentId = studentIds[index] as number;
    const recent = plan.status === 'REGISTERED' || plan.status === 'IN_TRAINING';
    if (recent && !plan.student.archived && chance(0.4)) {
      made.push({
        row: {
          drivingSchoolId: schoolId,
          templateId: templateIds[0] as number,
          name: templates[0]?.name ?? '',
          studentId,
          createdAt: at(plan.registeredDay, 11 * 60),
        },
        template: 0,
        progress: plan.status === 'REGISTERED' ? between(0, 3) : between(3, 5),
        day: plan.registeredDay,
      });
    }
    if (COMMERCIAL.has(plan.student.mainClass as LicenseClass) && recent && chance(0.6)) {
      made.push({
        row: {
          drivingSchoolId: schoolId,
          templateId: templateIds[1] as number,
          name: templates[1]?.name ?? '',
          studentId,
          createdAt: at(plan.registeredDay, 11 * 60),
        },
        template: 1,
        progress: between(0, 4),
        day: plan.registeredDay,
      });
    }
  });
  for (const costBearerId of agencies) {
    const day = todayDay - between(30, 400);
    made.push({
      row: {
        drivingSchoolId: schoolId,
        templateId: templateIds[2] as number,
        name: templates[2]?.name ?? '',
        costBearerId,
        createdAt: at(day, 10 * 60),
      },
      template: 2,
      progress: between(1, 3),
      day,
    });
  }
  const checklistIds = await insertBatched(
    db,
    checklists,
    made.map((m) => m.row),
  );
  count('checklists', checklistIds.length);
  const itemRows: (typeof checklistItems.$inferInsert)[] = [];
  made.forEach((m, index) => {
    (templates[m.template]?.items ?? []).forEach((text, position) => {
      const checked = position < m.progress;
      itemRows.push({
        drivingSchoolId: schoolId,
        checklistId: checklistIds[index] as number,
        text,
        position,
        checked,
        checkedAt: checked
          ? at(Math.min(todayDay, m.day + position * between(2, 10)), 14 * 60)
          : null,
        checkedByUserId: checked ? pick(office) : null,
      });
    });
  });
  count('checklist_items', (await insertBatched(db, checklistItems, itemRows)).length);

  // ---- registrations ---------------------------------------------------------------------
  const registrationRows: (typeof registrations.$inferInsert)[] = [];
  const registrationCount = Math.max(12, Math.round(scale.students / 20));
  // Some came from students registered lately: converted, matched to the student.
  const newcomers = plans
    .map((plan, index) => ({ plan, id: studentIds[index] as number }))
    .filter(({ plan }) => plan.status === 'REGISTERED');
  for (let i = 0; i < registrationCount; i++) {
    const fromPage = chance(0.7);
    const source = i % 3 === 0 ? newcomers[i / 3] : undefined;
    if (source) {
      const s = source.plan.student;
      const day = source.plan.registeredDay - between(1, 10);
      const created = at(day, 8 * 60 + between(0, 720));
      registrationRows.push({
        drivingSchoolId: schoolId,
        salutation: s.salutation,
        firstName: s.firstName,
        lastName: s.lastName,
        birthDate: s.birthDate,
        address: s.address,
        email: s.email,
        phone: s.phoneMobile,
        language: s.language,
        licenseClasses: [s.mainClass as LicenseClass],
        branchId: s.branchId,
        fromPublicPage: fromPage,
        privacyAcceptedAt: fromPage ? created : null,
        read: true,
        processStatus: 'CONVERTED',
        matchedStudentId: source.id,
        createdAt: created,
        updatedAt: at(source.plan.registeredDay, 12 * 60),
      });
      continue;
    }
    const ago = between(0, 60);
    const created = at(todayDay - ago, 7 * 60 + between(0, 900));
    const sex = faker.person.sex() as 'female' | 'male';
    const firstName = faker.person.firstName(sex);
    const lastName = faker.person.lastName();
    const wanted = weighted(CLASS_WEIGHTS);
    const age = between(16, 30);
    registrationRows.push({
      drivingSchoolId: schoolId,
      salutation: sex === 'female' ? 'MS' : 'MR',
      firstName,
      lastName,
      birthDate: isoOf(todayDay - Math.round(age * 365.25) - between(0, 364)),
      ...(chance(0.6) ? { address: street() } : {}),
      email: `${ascii(firstName)}.${ascii(lastName)}.r${i}@${pick(MAIL_DOMAINS)}`,
      ...(chance(0.7) ? { phone: `+49 ${pick(MOBILE_PREFIXES)} ${faker.string.numeric(7)}` } : {}),
      language: 'de',
      licenseClasses: wanted === 'A2' && chance(0.4) ? ['A2', 'B'] : [wanted],
      heldLicenseClasses: BASE[wanted] ? [BASE[wanted] as LicenseClass] : [],
      branchId: pick(ids.branches),
      ...(chance(0.4) ? { preferredStartDate: isoOf(todayDay + between(7, 60)) } : {}),
      ...(chance(0.35)
        ? {
            message: pick([
              'Gern ein Intensivkurs in den Ferien.',
              'Bitte rufen Sie mich nachmittags an.',
              'Ich habe schon einen Erste-Hilfe-Kurs gemacht.',
              'Geht auch Automatik?',
              'Wann beginnt der nächste Theoriekurs?',
            ]),
          }
        : {}),
      fromPublicPage: fromPage,
      privacyAcceptedAt: fromPage ? created : null,
      read: ago > 7 || chance(0.3),
      processStatus:
        ago <= 3
          ? 'NEW'
          : weighted([
              { value: 'NEW' as const, weight: 15 },
              { value: 'CONTACTED' as const, weight: 35 },
              { value: 'APPOINTMENT_MADE' as const, weight: 20 },
              { value: 'CONTRACT_SENT' as const, weight: 15 },
              { value: 'REJECTED' as const, weight: 15 },
            ]),
      createdAt: created,
      updatedAt: created,
    });
  }
  count('registrations', (await insertBatched(db, registrations, registrationRows)).length);

  // ---- to-dos ------------------------------------------------------------------------------
  const todoRows: (typeof todos.$inferInsert)[] = [];
  const active = plans
    .map((plan, index) => ({ plan, id: studentIds[index] as number }))
    .filter(({ plan }) => !plan.student.archived);
  for (let i = 0; i < scale.todos; i++) {
    const template = pick(TODO_TITLES);
    const about = template.includes('{name}') && active.length > 0 ? pick(active) : undefined;
    const title = about
      ? template.replace('{name}', `${about.plan.student.firstName} ${about.plan.student.lastName}`)
      : template;
    const status = weighted([
      { value: 'OPEN' as const, weight: 35 },
      { value: 'IN_PROGRESS' as const, weight: 20 },
      { value: 'WAITING' as const, weight: 10 },
      { value: 'DONE' as const, weight: 30 },
      { value: 'CANCELLED' as const, weight: 5 },
    ]);
    const createdDay = todayDay - between(1, 60);
    const created = at(createdDay, 8 * 60 + between(0, 540));
    const done =
      status === 'DONE' ? at(Math.min(todayDay, createdDay + between(0, 14)), 15 * 60) : null;
    todoRows.push({
      drivingSchoolId: schoolId,
      title: title.slice(0, 200),
      ...(chance(0.4) ? { description: 'Bitte bis zur Teambesprechung erledigen.' } : {}),
      status,
      priority: weighted([
        { value: 'LOW' as const, weight: 15 },
        { value: 'NORMAL' as const, weight: 50 },
        { value: 'HIGH' as const, weight: 25 },
        { value: 'URGENT' as const, weight: 10 },
      ]),
      group: about
        ? pick(['OFFICE', 'INSTRUCTORS', 'EXAMS'] as const)
        : pick(['OFFICE', 'INSTRUCTORS', 'ACCOUNTING', 'MANAGEMENT'] as const),
      assigneeUserId: chance(0.8) ? pick([...office, ...ids.instructors]) : null,
      dueDate: chance(0.8) ? isoOf(createdDay + between(2, 45)) : null,
      studentId: about?.id ?? null,
      createdByUserId: pick(office),
      doneAt: done,
      createdAt: created,
      updatedAt: done ?? created,
    });
  }
  count('todos', (await insertBatched(db, todos, todoRows)).length);

  log(
    `demo: people — ${studentIds.length} students, ${educationIds.length} educations, ${bearerIds.length} cost bearers`,
  );
  return counts;
}

/** The edition of the theory question catalogue valid on a day (1 April, 1 October). */
function questionsVersion(day: number): string {
  const date = new Date(day * DAY_MS);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + 1;
  if (month >= 10) return `${year}-10`;
  if (month >= 4) return `${year}-04`;
  return `${year - 1}-10`;
}
