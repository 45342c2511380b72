import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  drivingSchoolDocuments,
  drivingSchoolFeatures,
  drivingSchools,
  masterData,
  storedFiles,
} from '../../db/schema';
import { requireAuth } from '../../http/auth';
import { fieldError, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { guardWrite } from '../resources/database-errors';
import { iso, opt, type Schemas } from '../resources/kit';

/* The school itself: master data, switches, features and basic documents (spec 000 §3). */

type MasterDataRow = typeof masterData.$inferSelect;
type FeaturesRow = typeof drivingSchoolFeatures.$inferSelect;

/** ISO 13616: the IBAN moved by four characters, letters as numbers, mod 97 is 1. */
export function ibanChecks(iban: string): boolean {
  const moved = `${iban.slice(4)}${iban.slice(0, 4)}`;
  let rest = 0;
  for (const character of moved) {
    const digits = /[A-Z]/.test(character) ? String(character.charCodeAt(0) - 55) : character;
    for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest === 1;
}

/**
 * The SEPA creditor identifier (Gläubiger-ID, e.g. DE98ZZZ09999999999): ISO 7064 mod 97
 * over the national part (after the three-character business code), the country code and
 * the check digits, letters as numbers, is 1.
 */
export function creditorIdChecks(creditorId: string): boolean {
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/.test(creditorId)) return false;
  return ibanChecks(`${creditorId.slice(0, 4)}${creditorId.slice(7)}`);
}

const MASTER_DATA_FIELDS = [
  'website',
  'email',
  'phone',
  'address',
  'federalState',
  'taxOffice',
  'payrollTaxNumber',
  'vatTaxNumber',
  'vatId',
  'iban',
  'bic',
  'creditorId',
  'accountingGroup',
  'responsiblePerson',
  'preNotificationDays',
  'lowBalanceThreshold',
] as const;

const SWITCHES_OFF: Schemas['MasterDataSwitches'] = {
  automaticExamOrganisationFees: false,
  bankFeeOnFailedLivePay: false,
  restrictedPlanningOnLowBalance: false,
  stampOnCertificates: false,
};

const switchesOf = (row: MasterDataRow | undefined): Schemas['MasterDataSwitches'] =>
  row
    ? {
        automaticExamOrganisationFees: row.automaticExamOrganisationFees,
        bankFeeOnFailedLivePay: row.bankFeeOnFailedLivePay,
        restrictedPlanningOnLowBalance: row.restrictedPlanningOnLowBalance,
        stampOnCertificates: row.stampOnCertificates,
      }
    : SWITCHES_OFF;

/** The features of a school support never set: classic pay only. */
const DEFAULT_FEATURES = {
  classicPayEnabled: true,
  flashPayEnabled: false,
  livePayEnabled: false,
  learningAppEnabled: false,
  usingMirrorVehicles: false,
  serviceContractSigned: false,
  dataProcessingAgreementSigned: false,
  livePayOnboardingCompleted: false,
} satisfies Omit<FeaturesRow, 'drivingSchoolId' | 'updatedAt'>;

export function toMasterData(name: string, row: MasterDataRow | undefined): Schemas['MasterData'] {
  // Never set: the legal 14 days of pre-notification, and a balance limit of 0.
  const answer: Schemas['MasterData'] = {
    name,
    switches: switchesOf(row),
    preNotificationDays: 14,
    lowBalanceThreshold: 0,
  };
  if (row) {
    for (const field of MASTER_DATA_FIELDS) {
      const value = row[field];
      if (value !== null) Object.assign(answer, { [field]: value });
    }
  }
  return answer;
}

export function createDrivingSchoolHandlers(db: Db): OperationHandlers {
  async function school(schoolId: number) {
    const [row] = await db
      .select({ id: drivingSchools.id, name: drivingSchools.name })
      .from(drivingSchools)
      .where(eq(drivingSchools.id, schoolId));
    if (!row) throw notFound('Your school no longer exists.');
    return row;
  }
  async function masterDataRow(schoolId: number) {
    const [row] = await db
      .select()
      .from(masterData)
      .where(eq(masterData.drivingSchoolId, schoolId));
    return row;
  }
  async function features(schoolId: number) {
    const [row] = await db
      .select()
      .from(drivingSchoolFeatures)
      .where(eq(drivingSchoolFeatures.drivingSchoolId, schoolId));
    return row ?? DEFAULT_FEATURES;
  }
  async function switches(schoolId: number): Promise<Schemas['DrivingSchoolSwitches']> {
    const [data, feature] = await Promise.all([masterDataRow(schoolId), features(schoolId)]);
    return {
      ...switchesOf(data),
      classicPayEnabled: feature.classicPayEnabled,
      flashPayEnabled: feature.flashPayEnabled,
      livePayEnabled: feature.livePayEnabled,
      learningAppEnabled: feature.learningAppEnabled,
    };
  }
  /** The basic documents, as file references (absent until uploaded). */
  async function documents(schoolId: number) {
    const [row] = await db
      .select()
      .from(drivingSchoolDocuments)
      .where(eq(drivingSchoolDocuments.drivingSchoolId, schoolId));
    const refOf = async (
      fileId: number | null | undefined,
    ): Promise<Schemas['FileRef'] | undefined> => {
      if (!fileId) return undefined;
      const [file] = await db
        .select()
        .from(storedFiles)
        .where(and(eq(storedFiles.drivingSchoolId, schoolId), eq(storedFiles.id, fileId)));
      return file
        ? {
            id: file.id,
            fileName: file.fileName,
            mimeType: file.mimeType,
            size: file.size,
            uploadedAt: iso(file.createdAt),
          }
        : undefined;
    };
    const [letterhead, signature, logo] = await Promise.all([
      refOf(row?.letterheadFileId),
      refOf(row?.signatureFileId),
      refOf(row?.logoFileId),
    ]);
    return { letterhead, signature, logo };
  }

  return {
    async getCurrentDrivingSchool(request) {
      const auth = requireAuth(request);
      const [{ id, name }, switchSet, feature, files] = await Promise.all([
        school(auth.drivingSchoolId),
        switches(auth.drivingSchoolId),
        features(auth.drivingSchoolId),
        documents(auth.drivingSchoolId),
      ]);
      return {
        status: 200,
        body: {
          id,
          name,
          switches: switchSet,
          signatureStatuses: {
            serviceContractSigned: feature.serviceContractSigned,
            dataProcessingAgreementSigned: feature.dataProcessingAgreementSigned,
            livePayOnboardingCompleted: feature.livePayOnboardingCompleted,
          },
          // The learning-app links come with the learning-app integration (not built yet).
          onboardingLinks: [],
          usingMirrorVehicles: feature.usingMirrorVehicles,
          letterhead: opt(files.letterhead),
          signature: opt(files.signature),
          logo: opt(files.logo),
        },
      };
    },

    async getDrivingSchoolSwitches(request) {
      const auth = requireAuth(request);
      return { status: 200, body: await switches(auth.drivingSchoolId) };
    },

    async isUsingMirrorVehicles(request) {
      const auth = requireAuth(request);
      return {
        status: 200,
        body: { value: (await features(auth.drivingSchoolId)).usingMirrorVehicles },
      };
    },

    async getBasicDocumentsAvailability(request) {
      const auth = requireAuth(request);
      const [row] = await db
        .select()
        .from(drivingSchoolDocuments)
        .where(eq(drivingSchoolDocuments.drivingSchoolId, auth.drivingSchoolId));
      return {
        status: 200,
        body: {
          letterhead: Boolean(row?.letterheadFileId),
          signature: Boolean(row?.signatureFileId),
          logo: Boolean(row?.logoFileId),
        },
      };
    },

    async getMasterData(request) {
      const auth = requireAuth(request);
      const [{ name }, row] = await Promise.all([
        school(auth.drivingSchoolId),
        masterDataRow(auth.drivingSchoolId),
      ]);
      return { status: 200, body: toMasterData(name, row) };
    },

    async updateMasterData(request) {
      const auth = requireAuth(request);
      const body = request.body;
      if (body.iban && !ibanChecks(body.iban)) {
        throw fieldError('iban', 'validation.iban', 'The IBAN check digits do not match.');
      }
      if (body.creditorId && !creditorIdChecks(body.creditorId)) {
        throw fieldError(
          'creditorId',
          'validation.creditor_id',
          'The check digits of the creditor identifier do not match.',
        );
      }
      const values = {
        ...Object.fromEntries(MASTER_DATA_FIELDS.map((field) => [field, body[field] ?? null])),
        ...body.switches,
      } as Omit<typeof masterData.$inferInsert, 'drivingSchoolId'>;
      const [name, row] = await guardWrite(() =>
        db.transaction(async (tx) => {
          const [renamed] = await tx
            .update(drivingSchools)
            .set({ name: body.name })
            .where(eq(drivingSchools.id, auth.drivingSchoolId))
            .returning({ name: drivingSchools.name });
          const [stored] = await tx
            .insert(masterData)
            .values({ ...values, drivingSchoolId: auth.drivingSchoolId })
            .onConflictDoUpdate({
              target: masterData.drivingSchoolId,
              set: { ...values, updatedAt: new Date() },
            })
            .returning();
          if (!renamed || !stored) throw notFound('Your school no longer exists.');
          return [renamed.name, stored] as const;
        }),
      );
      return { status: 200, body: toMasterData(name, row) };
    },
  };
}
