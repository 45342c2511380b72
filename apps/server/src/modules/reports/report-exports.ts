import type { components } from '@fahrwerk/api/schema';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { reportExports, storedFiles } from '../../db/schema';
import { requireAuth } from '../../http/auth';
import { globalError, notFound } from '../../http/errors';
import type { OperationHandlers } from '../../http/operation-types';
import { everyWhileStarted, messageOf } from '../../jobs/job-queue';
import type { Services } from '../handlers';
import { checkReportPeriod } from '../payments/payments.resources';
import { withoutNulls } from '../resources/kit';
import { computeReport, type ReportKind, reportTable, tableFile } from './report-files';

/*
 * Report exports as background jobs (`POST /reports/exports`): the row is written at once
 * (QUEUED), the job computes the report (RUNNING, progress 10 → 50), writes the file (→ 90)
 * and stores it (DONE, 100) — on PostgreSQL any server instance takes the job, on PGlite the
 * server process. State and progress live in the row, so a reload or another instance sees
 * them. A job that fails on its last try marks the export FAILED with a translation key.
 */

type Schemas = components['schemas'];
type ExportRow = typeof reportExports.$inferSelect;

export const REPORT_EXPORT_JOB = 'report-export';
/** Exports (and their files) older than this are removed when the user starts a new one. */
export const REPORT_EXPORT_KEEP_DAYS = 7;

type ReportExportJob = { schoolId: number; exportId: number };

type FileFacts = { fileName: string; size: number };

export const toReportExportDto = (row: ExportRow, file?: FileFacts): Schemas['ReportExport'] =>
  withoutNulls({
    id: row.id,
    report: row.report,
    format: row.format,
    filter: row.filter,
    status: row.status,
    progress: row.progress,
    rowCount: row.rowCount,
    fileName: file?.fileName ?? null,
    size: file?.size ?? null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }) as Schemas['ReportExport'];

export function createReportExportHandlers(services: Services): OperationHandlers {
  const { db, files, jobs } = services;

  /** The user's export with its file's name and size (DONE). */
  async function exportOf(schoolId: number, userId: number, id: number) {
    const [found] = await db
      .select({ row: reportExports, fileName: storedFiles.fileName, size: storedFiles.size })
      .from(reportExports)
      .leftJoin(
        storedFiles,
        and(
          eq(storedFiles.drivingSchoolId, reportExports.drivingSchoolId),
          eq(storedFiles.id, reportExports.fileId),
        ),
      )
      .where(
        and(
          eq(reportExports.drivingSchoolId, schoolId),
          eq(reportExports.id, id),
          eq(reportExports.userId, userId),
          // Kept 7 days: an older one is gone for its user too (the sweep removes the rest).
          sql`${reportExports.createdAt} >= now() - make_interval(days => ${REPORT_EXPORT_KEEP_DAYS})`,
        ),
      );
    if (!found) throw notFound('No such export of yours.');
    const file =
      found.fileName === null || found.size === null
        ? undefined
        : { fileName: found.fileName, size: Number(found.size) };
    return { row: found.row, file };
  }

  return {
    async startReportExport(request) {
      const auth = requireAuth(request);
      const { report, format, filter } = request.body;
      checkReportPeriod(filter);
      await removeExpiredExports(services, { schoolId: auth.drivingSchoolId, userId: auth.userId });
      const [row] = await db
        .insert(reportExports)
        .values({
          drivingSchoolId: auth.drivingSchoolId,
          userId: auth.userId,
          report,
          format,
          filter,
        })
        .returning();
      if (!row) throw new Error('The export was not written.');
      await jobs.send<ReportExportJob>(REPORT_EXPORT_JOB, {
        schoolId: auth.drivingSchoolId,
        exportId: row.id,
      });
      return { status: 202, body: toReportExportDto(row) };
    },

    async getReportExport(request) {
      const auth = requireAuth(request);
      const { row, file } = await exportOf(
        auth.drivingSchoolId,
        auth.userId,
        Number(request.params.id),
      );
      return { status: 200, body: toReportExportDto(row, file) };
    },

    async downloadReportExport(request) {
      const auth = requireAuth(request);
      const { row } = await exportOf(auth.drivingSchoolId, auth.userId, Number(request.params.id));
      if (row.status !== 'DONE' || row.fileId === null) {
        throw globalError('errors.export_not_ready', 'The export is not finished yet.');
      }
      const { row: file, bytes } = await files.read(db, auth.drivingSchoolId, row.fileId);
      return {
        status: 200,
        file: { bytes, mimeType: file.mimeType, fileName: file.fileName },
      };
    },
  };
}

/**
 * Removes finished exports older than the keeping time with their files — of one user (when
 * they start a new export) or of every school (the worker's sweep every 6 hours); at most 500
 * a call. Answers how many went.
 */
export async function removeExpiredExports(
  services: Pick<Services, 'db' | 'files'>,
  of?: { schoolId: number; userId: number },
): Promise<number> {
  const { db, files } = services;
  const old = await db
    .select({
      id: reportExports.id,
      drivingSchoolId: reportExports.drivingSchoolId,
      fileId: reportExports.fileId,
    })
    .from(reportExports)
    .where(
      and(
        of ? eq(reportExports.drivingSchoolId, of.schoolId) : undefined,
        of ? eq(reportExports.userId, of.userId) : undefined,
        lt(reportExports.createdAt, sql`now() - make_interval(days => ${REPORT_EXPORT_KEEP_DAYS})`),
        inArray(reportExports.status, ['DONE', 'FAILED']),
      ),
    )
    .limit(500);
  for (const row of old) {
    await db.transaction(async (tx) => {
      await tx
        .delete(reportExports)
        .where(
          and(eq(reportExports.drivingSchoolId, row.drivingSchoolId), eq(reportExports.id, row.id)),
        );
      if (row.fileId !== null) await files.remove(tx as never, row.drivingSchoolId, row.fileId);
    });
  }
  return old.length;
}

/** Sets the export's state (only while it is not finished). */
async function advance(
  services: Services,
  job: ReportExportJob,
  values: Partial<typeof reportExports.$inferInsert>,
) {
  await services.db
    .update(reportExports)
    .set(values)
    .where(
      and(
        eq(reportExports.drivingSchoolId, job.schoolId),
        eq(reportExports.id, job.exportId),
        inArray(reportExports.status, ['QUEUED', 'RUNNING']),
      ),
    );
}

export async function reportExportJob(services: Services, job: ReportExportJob): Promise<void> {
  const { db, files } = services;
  const [row] = await db
    .select()
    .from(reportExports)
    .where(
      and(eq(reportExports.drivingSchoolId, job.schoolId), eq(reportExports.id, job.exportId)),
    );
  if (!row || row.status === 'DONE' || row.status === 'FAILED') return;
  await advance(services, job, { status: 'RUNNING', progress: 10 });
  const report = await computeReport(db, job.schoolId, row.report as ReportKind, row.filter, true);
  await advance(services, job, { progress: 50 });
  const file = await tableFile(
    reportTable(row.report as ReportKind, report),
    row.format,
    row.filter,
  );
  await advance(services, job, { progress: 90 });
  await db.transaction(async (tx) => {
    const stored = await files.save(tx as never, job.schoolId, {
      fileName: file.fileName,
      mimeType: file.mimeType,
      bytes: file.bytes,
    });
    const done = await tx
      .update(reportExports)
      .set({
        status: 'DONE',
        progress: 100,
        rowCount: file.rowCount,
        fileId: stored.id,
        finishedAt: sql`now()`,
      })
      .where(
        and(
          eq(reportExports.drivingSchoolId, job.schoolId),
          eq(reportExports.id, job.exportId),
          inArray(reportExports.status, ['QUEUED', 'RUNNING']),
        ),
      )
      .returning({ id: reportExports.id });
    // Finished meanwhile (another try, or marked FAILED): the file is not kept.
    if (done.length === 0) throw new Error(`Report export ${job.exportId} is no longer running.`);
  });
}

/** The worker of report exports (jobs/workers.ts). */
export function registerReportExportWorker(services: Services): void {
  services.jobs.work<ReportExportJob>(
    REPORT_EXPORT_JOB,
    async (job, context) => {
      try {
        await reportExportJob(services, job);
      } catch (error) {
        // The last try: FAILED, also when it was cut off, so no export stays RUNNING for ever.
        if (context.lastTry) {
          await advance(services, job, {
            status: 'FAILED',
            error: 'errors.export_failed',
            finishedAt: sql`now()` as never,
          }).catch(() => {});
        }
        throw error;
      }
    },
    {
      concurrency: 2,
      retryLimit: 2,
      retryDelaySeconds: services.config.jobRetryDelaySeconds,
      expireInSeconds: 15 * 60,
    },
  );
  // Exports of users who never start another one go too.
  everyWhileStarted(services.jobs, 6 * 60 * 60 * 1000, () =>
    removeExpiredExports(services).catch((error) =>
      console.warn(`report exports: the sweep failed: ${messageOf(error)}`),
    ),
  );
}
