import { everyWhileStarted, messageOf } from '../jobs/job-queue';
import type { Services } from '../modules/handlers';

/**
 * Bytes are removed by the sweep only when they were written this long ago and no row names
 * them: far longer than any transaction that writes a file and its row (a billing run commits
 * each invoice with its PDF on its own), so a save still in progress is never swept.
 */
export const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;
/** How often each process sweeps (the first sweep a minute after its start). */
export const SWEEP_EVERY_MS = 6 * 60 * 60 * 1000;
const FIRST_SWEEP_AFTER_MS = 60_000;

/**
 * The orphan sweep of the file store, in every process while its job queue runs: the bytes a
 * `remove` inside a transaction left for after the commit, and those of saves whose
 * transaction rolled back or whose process died before the row was written. Several
 * processes sweeping at once only remove the same orphan twice (no error).
 */
export function registerOrphanFileSweep(services: Services): void {
  if (!services.config.fileOrphanSweep) return;
  const sweep = async () => {
    const before = new Date(Date.now() - ORPHAN_GRACE_MS);
    try {
      const { checked, removed } = await services.files.sweepOrphans(services.db, before);
      if (removed > 0) {
        console.info(
          `file store: removed the bytes of ${removed} file(s) no row names (of ${checked} older than a day)`,
        );
      }
    } catch (error) {
      console.warn(`file store: the orphan sweep failed: ${messageOf(error)}`);
    }
  };
  everyWhileStarted(services.jobs, SWEEP_EVERY_MS, sweep, { firstAfterMs: FIRST_SWEEP_AFTER_MS });
}
