import type { LicenseClass, VehicleKind } from '../../db/schema';
import type { Schemas } from '../resources/kit';

/*
 * REFERENCE DATA of German driving-licence law, shipped with Fahrwerk and read by every
 * school (spec 000 §3 "Licence class data", "Knowledge areas"). Sources: the
 * Fahrerlaubnis-Verordnung (FeV: §6 classes, §9 Vorbesitz, §6b key number 196, §11/§12
 * fitness and eye test, §19 first aid, Anlage 9 key numbers) and the
 * Fahrschüler-Ausbildungsordnung (FahrschAusbO Anlage 1: Grundstoff / Zusatzstoff), the
 * BKrFQG/BKrFQV for the professional-driver further education. Schools do not edit these;
 * a change of law is a change of this file.
 */

type KeyNumberOption = Schemas['KeyNumberOption'];
type BaseLicenseClass = Schemas['BaseLicenseClass'];
type RelatedDocument = Schemas['RelatedDocument'];
type KnowledgeArea = Schemas['KnowledgeArea'];

/* ------------------------------------------------------------------ vehicles of a lesson */

type Requirement = Schemas['VehicleUsageRequirement'];
const driving = (...vehicleKinds: VehicleKind[]): Requirement => ({
  usage: 'DRIVING',
  required: true,
  vehicleKinds,
});
const trailer = (required: boolean): Requirement => ({
  usage: 'TRAILER',
  required,
  vehicleKinds: ['TRAILER'],
});
// The instructor follows a motorcycle lesson in an escort vehicle (usually a car).
const escort: Requirement = { usage: 'ESCORT', required: true, vehicleKinds: ['ESCORT', 'CAR'] };

/**
 * Reference data of licence law: the vehicles a driving lesson of each class needs. The
 * trailer classes (BE, B96, C1E, CE, D1E, DE) need a trailer; motorcycle classes an escort
 * vehicle; tractor classes may take a trailer.
 */
export const VEHICLE_USAGE_REQUIREMENTS: Record<LicenseClass, Requirement[]> = {
  AM: [driving('MOTORCYCLE'), escort],
  A1: [driving('MOTORCYCLE'), escort],
  A2: [driving('MOTORCYCLE'), escort],
  A: [driving('MOTORCYCLE'), escort],
  B: [driving('CAR')],
  BE: [driving('CAR'), trailer(true)],
  B96: [driving('CAR'), trailer(true)],
  B197: [driving('CAR')],
  C1: [driving('TRUCK')],
  C1E: [driving('TRUCK'), trailer(true)],
  C: [driving('TRUCK')],
  CE: [driving('TRUCK'), trailer(true)],
  D1: [driving('BUS')],
  D1E: [driving('BUS'), trailer(true)],
  D: [driving('BUS')],
  DE: [driving('BUS'), trailer(true)],
  L: [driving('TRACTOR'), trailer(false)],
  T: [driving('TRACTOR'), trailer(false)],
};

/* ------------------------------------------------------------------ VAT */

/** Training for these classes is exempt from VAT (§4 Nr. 21 UStG, DOMAIN.md "Money"). */
export const VAT_EXEMPT_CLASSES: ReadonlySet<string> = new Set<LicenseClass>([
  'C',
  'CE',
  'C1',
  'C1E',
  'D',
  'DE',
  'D1',
  'D1E',
  'T',
  'L',
]);

/* ------------------------------------------------------------------ base classes */

/**
 * Classes whose holders can extend to others (FeV §9 Vorbesitz, §15 stepwise access for
 * motorcycles). An education in an extension class names one of these as its base class.
 */
export const BASE_LICENSE_CLASSES: readonly BaseLicenseClass[] = [
  // Stepwise access: after two years A1 → A2 and A2 → A with a shortened training.
  { licenseClass: 'A1', extensionClasses: ['A2'] },
  { licenseClass: 'A2', extensionClasses: ['A'] },
  // B is the prior licence for the trailer, truck and bus classes (§9 FeV); B96 is a
  // training without test on top of B.
  { licenseClass: 'B', extensionClasses: ['BE', 'B96', 'C1', 'C', 'D1', 'D'] },
  { licenseClass: 'C1', extensionClasses: ['C1E', 'C'] },
  { licenseClass: 'C', extensionClasses: ['CE', 'D'] },
  { licenseClass: 'D1', extensionClasses: ['D1E', 'D'] },
  { licenseClass: 'D', extensionClasses: ['DE'] },
];

/* ------------------------------------------------------------------ key numbers */

// Eye-sight codes (Anlage 9 FeV, 01): set after the eye test for any class.
const SIGHT: KeyNumberOption[] = [
  { keyNumber: '01.01', label: 'Brille' },
  { keyNumber: '01.02', label: 'Kontaktlinse(n)' },
  { keyNumber: '01.06', label: 'Brille oder Kontaktlinsen' },
];
const AUTOMATIC: KeyNumberOption = {
  keyNumber: '78',
  label: 'Beschränkt auf Fahrzeuge mit Automatikgetriebe',
};
const PROFESSIONAL: KeyNumberOption = {
  keyNumber: '95',
  label: 'Berufskraftfahrer-Qualifikation nach dem Berufskraftfahrerqualifikationsgesetz',
};

const keyNumbers = (...options: KeyNumberOption[]): KeyNumberOption[] =>
  [...SIGHT, ...options].sort((a, b) => Number(a.keyNumber) - Number(b.keyNumber));

const HEAVY = keyNumbers(AUTOMATIC, PROFESSIONAL);

/** The key numbers (Schlüsselzahlen) that can go with each class, sorted by number. */
export const KEY_NUMBERS: Record<LicenseClass, KeyNumberOption[]> = {
  AM: keyNumbers(),
  A1: keyNumbers(AUTOMATIC),
  A2: keyNumbers(AUTOMATIC),
  A: keyNumbers(
    AUTOMATIC,
    { keyNumber: '79.03', label: 'Beschränkt auf dreirädrige Kraftfahrzeuge' },
    {
      keyNumber: '79.04',
      label:
        'Beschränkt auf dreirädrige Kraftfahrzeuge mit Anhänger mit einer zulässigen Gesamtmasse von höchstens 750 kg',
    },
  ),
  B: keyNumbers(
    AUTOMATIC,
    {
      keyNumber: '96',
      label:
        'Fahrzeugkombinationen aus einem Kraftfahrzeug der Klasse B und einem Anhänger mit einer zulässigen Gesamtmasse der Kombination über 3500 kg bis 4250 kg',
      licenseClass: 'B96',
    },
    {
      keyNumber: '196',
      label:
        'Berechtigung zum Führen von Leichtkrafträdern der Klasse A1 (bis 125 cm³, 11 kW) mit der Fahrerlaubnis der Klasse B (§ 6b FeV)',
    },
    {
      keyNumber: '197',
      label:
        'Berechtigung zum Führen von Fahrzeugen mit Schaltgetriebe, obwohl die praktische Prüfung auf einem Fahrzeug mit Automatikgetriebe abgelegt wurde',
      licenseClass: 'B197',
    },
  ),
  BE: keyNumbers(AUTOMATIC),
  B96: keyNumbers(),
  B197: keyNumbers(),
  C1: HEAVY,
  C1E: HEAVY,
  C: HEAVY,
  CE: HEAVY,
  D1: HEAVY,
  D1E: HEAVY,
  D: HEAVY,
  DE: HEAVY,
  L: keyNumbers(),
  T: keyNumbers(),
};

/* ------------------------------------------------------------------ documents */

const ID_CARD: RelatedDocument = {
  documentType: 'ID_CARD',
  label: 'Personalausweis oder Reisepass',
  required: true,
  description:
    'Gültiges amtliches Ausweisdokument mit Lichtbild; bei Reisepass auch die Meldebescheinigung.',
};
const PHOTO: RelatedDocument = {
  documentType: 'PASSPORT_PHOTO',
  label: 'Biometrisches Passbild',
  required: true,
  description: 'Aktuelles biometrisches Passbild (35 × 45 mm).',
};
const APPLICATION: RelatedDocument = {
  documentType: 'APPLICATION_FORM',
  label: 'Antrag auf Erteilung der Fahrerlaubnis',
  required: true,
  description: 'Bei der Fahrerlaubnisbehörde einzureichen; die Fahrschule bestätigt die Anmeldung.',
};
const EYE_TEST: RelatedDocument = {
  documentType: 'EYE_TEST',
  label: 'Sehtest',
  required: true,
  description:
    'Sehtestbescheinigung einer amtlich anerkannten Sehteststelle (§ 12 FeV), bei Antragstellung nicht älter als zwei Jahre.',
};
const FIRST_AID: RelatedDocument = {
  documentType: 'FIRST_AID',
  label: 'Erste-Hilfe-Kurs',
  required: true,
  description: 'Nachweis über die Schulung in Erster Hilfe (9 Unterrichtseinheiten, § 19 FeV).',
};
// Extension classes: the authority has the earlier proof on file.
const FIRST_AID_IF_MISSING: RelatedDocument = {
  ...FIRST_AID,
  required: false,
  description:
    'Nur nötig, wenn der Fahrerlaubnisbehörde noch kein Nachweis über die Schulung in Erster Hilfe vorliegt (§ 19 FeV).',
};
const PRIOR_LICENCE: RelatedDocument = {
  documentType: 'OTHER',
  label: 'Führerschein der Vorbesitzklasse',
  required: true,
  description: 'Kopie des Führerscheins, der die vorausgesetzte Klasse zeigt (§ 9 FeV).',
};
const MEDICAL: RelatedDocument = {
  documentType: 'OTHER',
  label: 'Ärztliches Gutachten',
  required: true,
  description:
    'Ärztliche Bescheinigung über die körperliche und geistige Eignung (Anlage 5 FeV), bei Antragstellung nicht älter als ein Jahr.',
};
const EYE_SPECIALIST: RelatedDocument = {
  documentType: 'OTHER',
  label: 'Augenärztliches Gutachten',
  required: true,
  description:
    'Zeugnis oder Gutachten über das Sehvermögen (Anlage 6 Nr. 2 FeV), bei Antragstellung nicht älter als zwei Jahre; ersetzt den Sehtest.',
};
const PERFORMANCE_TEST: RelatedDocument = {
  documentType: 'OTHER',
  label: 'Betriebs- oder arbeitsmedizinisches Gutachten (Leistungstest)',
  required: true,
  description:
    'Nachweis der psychophysischen Leistungsfähigkeit für die Fahrgastbeförderung (Anlage 5 Nr. 2 FeV).',
};
const CONDUCT_CERTIFICATE: RelatedDocument = {
  documentType: 'OTHER',
  label: 'Führungszeugnis',
  required: true,
  description:
    'Behördliches Führungszeugnis (Belegart O) zur Vorlage bei der Fahrerlaubnisbehörde, für die Fahrgastbeförderung.',
};

const BASIC = [ID_CARD, PHOTO, APPLICATION, EYE_TEST, FIRST_AID];
const EXTENSION = [ID_CARD, PHOTO, APPLICATION, PRIOR_LICENCE, EYE_TEST, FIRST_AID_IF_MISSING];
const TRUCK = [
  ID_CARD,
  PHOTO,
  APPLICATION,
  PRIOR_LICENCE,
  MEDICAL,
  EYE_SPECIALIST,
  FIRST_AID_IF_MISSING,
];
const BUS = [...TRUCK, PERFORMANCE_TEST, CONDUCT_CERTIFICATE];

/** The documents a student hands in for an education in each class. */
export const RELATED_DOCUMENTS: Record<LicenseClass, RelatedDocument[]> = {
  AM: BASIC,
  A1: BASIC,
  A2: BASIC,
  A: BASIC,
  B: BASIC,
  BE: EXTENSION,
  // B96 is a training on top of B without a test: no new application, no eye test.
  B96: [ID_CARD, { ...PRIOR_LICENCE, label: 'Führerschein der Klasse B' }],
  B197: BASIC,
  C1: TRUCK,
  C1E: TRUCK,
  C: TRUCK,
  CE: TRUCK,
  D1: BUS,
  D1E: BUS,
  D: BUS,
  DE: BUS,
  L: BASIC,
  T: BASIC,
};

/* ------------------------------------------------------------------ knowledge areas */

// Grundstoff (FahrschAusbO Anlage 1): the topics every class shares; ids equal numbers.
const BASIC_AREAS: [number, string][] = [
  [1, 'Persönliche Voraussetzungen'],
  [2, 'Risikofaktor Mensch'],
  [3, 'Rechtliche Rahmenbedingungen'],
  [4, 'Straßenverkehrssystem und seine Nutzung'],
  [5, 'Vorfahrt und Verkehrsregelungen'],
  [6, 'Verkehrszeichen und Verkehrseinrichtungen'],
  [7, 'Andere Teilnehmer im Straßenverkehr'],
  [8, 'Geschwindigkeit, Abstand und umweltschonende Fahrweise'],
  [9, 'Verkehrsverhalten bei Fahrmanövern, Verkehrsbeobachtung'],
  [10, 'Ruhender Verkehr'],
  [11, 'Verhalten in besonderen Situationen, Folgen von Verstößen gegen Verkehrsvorschriften'],
  [12, 'Umweltschutz'],
];

const MOTORCYCLE: LicenseClass[] = ['AM', 'A1', 'A2', 'A'];
const CAR: LicenseClass[] = ['B', 'B197', 'BE', 'B96'];
const GOODS: LicenseClass[] = ['C1', 'C1E', 'C', 'CE'];
const PASSENGERS: LicenseClass[] = ['D1', 'D1E', 'D', 'DE'];
const TRACTOR: LicenseClass[] = ['L', 'T'];

// Zusatzstoff (FahrschAusbO Anlage 1): class-specific topics; ids from 101. Only the two
// topics every motor class shares continue the Grundstoff numbering (13, 14).
const ADDITIONAL_AREAS: [number, number | undefined, string, LicenseClass[]][] = [
  [101, 13, 'Technische Bedingungen', [...MOTORCYCLE, ...CAR, ...GOODS, ...PASSENGERS, ...TRACTOR]],
  [102, 14, 'Personen- und Güterbeförderung', [...CAR, ...GOODS, ...PASSENGERS, ...TRACTOR]],
  [103, undefined, 'Fahrphysik und Fahrtechnik beim Kraftrad', MOTORCYCLE],
  [104, undefined, 'Fahren mit Anhänger', ['BE', 'B96', 'C1E', 'CE', 'D1E', 'DE', 'T']],
  [105, undefined, 'Umweltbewusster Umgang mit Kraftfahrzeugen', [...GOODS, ...PASSENGERS]],
];

// Weiterbildung: the five modules of the professional-driver further education (BKrFQG,
// 35 hours within five years for key number 95); ids from 201.
const FURTHER_AREAS: [number, number, string, LicenseClass[]][] = [
  [201, 1, 'Eco-Training: sparsame und sichere Fahrweise', [...GOODS, ...PASSENGERS]],
  [202, 2, 'Sozialvorschriften: Lenk- und Ruhezeiten, Kontrollgerät', [...GOODS, ...PASSENGERS]],
  [203, 3, 'Sicherheitstechnik und Fahrsicherheit', [...GOODS, ...PASSENGERS]],
  [204, 4, 'Schaltstelle Fahrer: Dienstleistung, Gesundheit, Notfälle', [...GOODS, ...PASSENGERS]],
  [205, 5, 'Ladungssicherung im Güterkraftverkehr', GOODS],
  [206, 5, 'Fahrgastbeförderung im Personenverkehr', PASSENGERS],
];

export const KNOWLEDGE_AREAS: readonly KnowledgeArea[] = [
  ...BASIC_AREAS.map(([id, name]) => ({
    id,
    number: id,
    name,
    furtherEducation: false,
    licenseClasses: [],
  })),
  ...ADDITIONAL_AREAS.map(([id, number, name, licenseClasses]) => ({
    id,
    ...(number === undefined ? {} : { number }),
    name,
    furtherEducation: false,
    licenseClasses,
  })),
  ...FURTHER_AREAS.map(([id, number, name, licenseClasses]) => ({
    id,
    number,
    name,
    furtherEducation: true,
    licenseClasses,
  })),
];

/** The knowledge areas of basic (false) or further (true) education; unnumbered last. */
export const knowledgeAreas = (furtherEducation: boolean): KnowledgeArea[] =>
  KNOWLEDGE_AREAS.filter((area) => area.furtherEducation === furtherEducation).sort(
    (a, b) =>
      (a.number ?? Number.MAX_SAFE_INTEGER) - (b.number ?? Number.MAX_SAFE_INTEGER) || a.id - b.id,
  );

/* ------------------------------------------------------------------ syllabus of a theory lesson */

/**
 * The syllabus titles (FahrschAusbO Anlage 1): the 12 double lessons of the basic syllabus
 * (Grundstoff) and the class-specific additional syllabus (Zusatzstoff), the topic a lesson
 * gets when the body names none.
 */
export const BASIC_TOPICS = [
  'Persönliche Voraussetzungen',
  'Risikofaktor Mensch',
  'Rechtliche Rahmenbedingungen',
  'Straßenverkehrssystem und seine Nutzung',
  'Vorfahrt und Verkehrsregelungen',
  'Verkehrszeichen und Verkehrseinrichtungen',
  'Andere Verkehrsteilnehmer',
  'Geschwindigkeit, Abstand und umweltschonende Fahrweise',
  'Verkehrsverhalten bei Fahrmanövern, Verkehrsbeobachtung',
  'Ruhender Verkehr',
  'Verhalten in besonderen Situationen, Folgen von Verstößen',
  'Umweltschutz und Lernen aus Erfahrung',
] as const;
export const ADDITIONAL_TOPICS = [
  'Technische Bedingungen, Personen- und Güterbeförderung',
  'Fahren mit Solo-Kraftfahrzeugen und Zügen, Fahrphysik',
  'Fahrphysik und Fahrtechnik',
  'Besondere Gefahren der Klasse',
] as const;

export function syllabusTopic(additional: boolean, lessonNumber: number): string {
  const topics: readonly string[] = additional ? ADDITIONAL_TOPICS : BASIC_TOPICS;
  return topics[lessonNumber - 1] ?? `${additional ? 'Zusatzstoff' : 'Grundstoff'} ${lessonNumber}`;
}

/**
 * The theory double lessons (90 minutes) a first licence of each class needs before the
 * theory exam, after FahrschAusbO Anlage 1: the basic syllabus (Grundstoff, 12 for every
 * class) and the class-specific additional syllabus (Zusatzstoff). The trailer classes (BE,
 * C1E, CE, D1E, DE) build on their base class and need no basic syllabus; B96 is a key-number
 * training without syllabus lessons of its own; B197 is class B.
 */
export const THEORY_LESSONS_REQUIRED: Record<LicenseClass, { basic: number; additional: number }> =
  {
    AM: { basic: 12, additional: 2 },
    A1: { basic: 12, additional: 4 },
    A2: { basic: 12, additional: 4 },
    A: { basic: 12, additional: 4 },
    B: { basic: 12, additional: 2 },
    B197: { basic: 12, additional: 2 },
    BE: { basic: 0, additional: 3 },
    B96: { basic: 0, additional: 0 },
    C1: { basic: 12, additional: 6 },
    C1E: { basic: 0, additional: 4 },
    C: { basic: 12, additional: 10 },
    CE: { basic: 0, additional: 4 },
    D1: { basic: 12, additional: 10 },
    D1E: { basic: 0, additional: 4 },
    D: { basic: 12, additional: 18 },
    DE: { basic: 0, additional: 4 },
    L: { basic: 12, additional: 2 },
    T: { basic: 12, additional: 6 },
  };
