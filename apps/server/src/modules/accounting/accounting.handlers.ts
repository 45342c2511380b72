import { requireAuth } from '../../http/auth';
import { idempotent } from '../../http/idempotency';
import type { FileAnswer } from '../../http/operation-types';
import type { Services } from '../handlers';
import { handlers } from '../resources/kit';
import { exportDatevBatch } from './datev-export';
import { exportPayrollFile, loadPayroll, payrollOverview } from './payroll';

/** The accounting exports: the DATEV booking batch and the payroll figures (file or JSON). */
export function createAccountingHandlers(
  services: Pick<Services, 'db' | 'files'>,
  options: { now?: () => Date } = {},
) {
  const { db, files } = services;
  const now = options.now ?? (() => new Date());
  return handlers({
    async exportDatevBookings(request) {
      const auth = requireAuth(request);
      return idempotent(
        db,
        auth.drivingSchoolId,
        request,
        'exportDatevBookings',
        async (): Promise<FileAnswer> => {
          const batch = await exportDatevBatch({ db, files, now }, auth, request.body);
          return {
            status: 200,
            file: { bytes: batch.bytes, mimeType: 'text/csv', fileName: batch.fileName },
          };
        },
      );
    },

    async exportPayroll(request) {
      const auth = requireAuth(request);
      const file = await exportPayrollFile(db, auth.drivingSchoolId, request.body);
      return { status: 200, file };
    },

    async getPayrollOverview(request) {
      const auth = requireAuth(request);
      const lines = await loadPayroll(db, auth.drivingSchoolId, request.body);
      return { status: 200, body: payrollOverview(request.body.month, lines) };
    },
  });
}
