import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, gte } from 'drizzle-orm';
import {
  branches,
  drivingSchools,
  financialConfigs,
  LICENSE_CLASSES,
  type LicenseClass,
  registrations,
  theoryCourses,
  users,
} from '../../db/schema';
import { requireAuth } from '../../http/auth';
import { fieldError, globalError, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import type { Services } from '../handlers';
import { guardWrite } from '../resources/database-errors';
import { handlers, replacing, type Schemas, unknownId } from '../resources/kit';
import { isFastlaneCourse } from '../theory/fastlane';

/*
 * The school's public registration page (its QR code): `/register/<token>` in the back
 * office, served by `GET|POST /public/registrations/{schoolToken}` without sign-in.
 *
 * The token is `<school id in base 36>-<HMAC-SHA256 of the school id with the JWT secret,
 * first 32 hex digits>`: school-specific, not guessable without the secret, and needs no
 * stored column. Rotating the JWT secret changes every school's QR code (written down as a
 * deliberate trade-off: the secret is stable per installation).
 */

const TOKEN_PURPOSE = 'public-registration';

function signature(secret: string, schoolId: number): string {
  return createHmac('sha256', secret)
    .update(`${TOKEN_PURPOSE}:${schoolId}`)
    .digest('hex')
    .slice(0, 32);
}

export function registrationToken(secret: string, schoolId: number): string {
  return `${schoolId.toString(36)}-${signature(secret, schoolId)}`;
}

/** The school a token names, or undefined for a malformed or forged token. */
export function schoolOfToken(secret: string, token: string): number | undefined {
  const match = /^([0-9a-z]{1,12})-([0-9a-f]{32})$/.exec(token);
  if (!match?.[1] || !match[2]) return undefined;
  const schoolId = Number.parseInt(match[1], 36);
  if (!Number.isSafeInteger(schoolId) || schoolId <= 0) return undefined;
  const expected = Buffer.from(signature(secret, schoolId));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? schoolId
    : undefined;
}

const PUBLIC_FIELDS = [
  'salutation',
  'firstName',
  'lastName',
  'birthDate',
  'birthPlace',
  'address',
  'email',
  'phone',
  'language',
  'licenseClasses',
  'heldLicenseClasses',
  'branchId',
  'theoryCourseId',
  'preferredStartDate',
  'message',
] as const satisfies readonly (keyof Schemas['RegistrationFields'])[];

/** Today in Europe/Berlin as YYYY-MM-DD (the school's day). */
const berlinToday = () =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(new Date());

export function createPublicRegistrationHandlers(services: Services): OperationHandlers {
  const { db, config } = services;

  async function schoolOf(token: unknown) {
    const schoolId = typeof token === 'string' ? schoolOfToken(config.jwtSecret, token) : undefined;
    if (schoolId === undefined) throw notFound();
    const [school] = await db
      .select({ id: drivingSchools.id, name: drivingSchools.name })
      .from(drivingSchools)
      .where(eq(drivingSchools.id, schoolId));
    if (!school) throw notFound();
    return school;
  }

  const registrationUrl = (schoolId: number) =>
    `${config.publicUrl}/register/${registrationToken(config.jwtSecret, schoolId)}`;

  /** The classes the school trains for: those of its active instructors, else every class. */
  async function classesOf(schoolId: number): Promise<LicenseClass[]> {
    const rows = await db
      .select({ licenseClasses: users.licenseClasses })
      .from(users)
      .where(and(eq(users.drivingSchoolId, schoolId), eq(users.archived, false)));
    const taught = new Set(rows.flatMap((row) => row.licenseClasses));
    const classes = LICENSE_CLASSES.filter((c) => taught.has(c));
    return classes.length > 0 ? classes : [...LICENSE_CLASSES];
  }

  async function branchesOf(schoolId: number) {
    return db
      .select({ id: branches.id, name: branches.name, address: branches.address })
      .from(branches)
      .where(and(eq(branches.drivingSchoolId, schoolId), eq(branches.archived, false)))
      .orderBy(asc(branches.name))
      .limit(100);
  }

  async function coursesOf(schoolId: number) {
    return db
      .select({
        id: theoryCourses.id,
        name: theoryCourses.shortDescription,
        start: theoryCourses.start,
        end: theoryCourses.end,
        branchId: theoryCourses.branchId,
      })
      .from(theoryCourses)
      .where(
        and(
          eq(theoryCourses.drivingSchoolId, schoolId),
          eq(theoryCourses.archived, false),
          eq(theoryCourses.shownOnWebPage, true),
          gte(theoryCourses.end, berlinToday()),
        ),
      )
      .orderBy(asc(theoryCourses.start))
      .limit(50);
  }

  return handlers({
    async getDriveBuzzRegistrationUrl(request) {
      const a = requireAuth(request);
      return { status: 200, body: { url: registrationUrl(a.drivingSchoolId) } };
    },

    // The fast lane: the same page offering only the intensive courses (at most 14 days, the
    // reading broadcasts use too), one of which must be chosen.
    async getDriveBuzzRegistrationFastlaneUrl(request) {
      const a = requireAuth(request);
      return { status: 200, body: { url: `${registrationUrl(a.drivingSchoolId)}?fastlane=1` } };
    },

    // Every link the school hands out (posters, its web page, flyers): the general one, the fast
    // lane, and one per class it trains for with that class ticked.
    async listDriveBuzzOnboardingLinks(request) {
      const a = requireAuth(request);
      const url = registrationUrl(a.drivingSchoolId);
      const classes = await classesOf(a.drivingSchoolId);
      return {
        status: 200,
        body: [
          { key: 'registration', label: 'Anmeldung', url },
          {
            key: 'fastlane',
            label: 'Anmeldung Intensivkurs (Fast Lane)',
            url: `${url}?fastlane=1`,
          },
          ...classes.map((licenseClass) => ({
            key: `class-${licenseClass}`,
            label: `Anmeldung Klasse ${licenseClass}`,
            url: `${url}?klasse=${encodeURIComponent(licenseClass)}`,
            licenseClass,
          })),
        ],
      };
    },

    async getPublicRegistrationForm(request) {
      const school = await schoolOf(request.params.schoolToken);
      const [links] = await db
        .select({ gdprUrl: financialConfigs.gdprUrl, termsUrl: financialConfigs.termsUrl })
        .from(financialConfigs)
        .where(eq(financialConfigs.drivingSchoolId, school.id));
      const [branchRows, licenseClasses, courses] = await Promise.all([
        branchesOf(school.id),
        classesOf(school.id),
        coursesOf(school.id),
      ]);
      return {
        status: 200,
        body: {
          schoolName: school.name.slice(0, 200),
          ...(links?.gdprUrl ? { privacyUrl: links.gdprUrl } : {}),
          ...(links?.termsUrl ? { termsUrl: links.termsUrl } : {}),
          branches: branchRows.map((b) => ({
            id: b.id,
            name: b.name,
            ...(b.address ? { address: b.address } : {}),
          })),
          licenseClasses,
          theoryCourses: courses.map((course) => ({
            ...course,
            fastlane: isFastlaneCourse(course.start, course.end),
          })),
        },
      };
    },

    // Arrives unread with status NEW; the person must be reachable (e-mail or phone), the
    // branch and theory course must be ones the page offers.
    async submitPublicRegistration(request) {
      const school = await schoolOf(request.params.schoolToken);
      const input = request.body as Schemas['PublicRegistrationInput'];
      if (!input.email?.trim() && !input.phone?.trim()) {
        throw globalError(
          'errors.contact_required',
          'Give an e-mail address or a phone number to be contacted.',
        );
      }
      const offeredClasses = await classesOf(school.id);
      const refused = (input.licenseClasses ?? []).filter((c) => !offeredClasses.includes(c));
      if (refused.length > 0) {
        throw fieldError(
          'licenseClasses',
          'validation.enum',
          `The school does not train for ${refused.join(', ')}.`,
        );
      }
      if (input.branchId !== undefined) {
        const offered = await branchesOf(school.id);
        if (!offered.some((b) => b.id === input.branchId)) {
          throw fieldError('branchId', 'validation.unknown_id', 'No such branch of the school.');
        }
      }
      if (input.theoryCourseId !== undefined) {
        const offered = await coursesOf(school.id);
        const course = offered.find((c) => c.id === input.theoryCourseId);
        if (!course) {
          throw fieldError(
            'theoryCourseId',
            'validation.unknown_id',
            'The theory course is not offered on the page.',
          );
        }
      }
      const values = replacing(PUBLIC_FIELDS, input, {
        defaults: { licenseClasses: [], heldLicenseClasses: [] },
      });
      await guardWrite(
        () =>
          db.insert(registrations).values({
            ...(values as Record<string, unknown>),
            firstName: input.firstName,
            lastName: input.lastName,
            drivingSchoolId: school.id,
            fromPublicPage: true,
            privacyAcceptedAt: new Date(),
            read: false,
            processStatus: 'NEW',
          } as typeof registrations.$inferInsert),
        {
          registrations_branch_fk: unknownId('branchId'),
          registrations_theory_course_fk: unknownId('theoryCourseId'),
        },
      );
      return { status: 204 };
    },
  });
}
