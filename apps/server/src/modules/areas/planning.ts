import type { OperationHandlers } from '../../http/operation-types';
import { createAppointmentHandlers } from '../appointments/appointments.resources';
import { createBookingCheckHandlers } from '../appointments/booking-checks';
import { createCalendarHandlers } from '../appointments/calendar-filter';
import { createDrivingLessonHandlers } from '../appointments/driving-lessons';
import { createDashboardHandlers } from '../dashboard/dashboard.resources';
import { createExamHandlers } from '../exams/exams.resources';
import type { Services } from '../handlers';
import { createLearningHandlers } from '../learning/learning.resources';
import { mergeHandlers } from '../resources/kit';
import { createTheoryHandlers } from '../theory/theory.resources';
import { createTheoryDocumentHandlers } from '../theory/theory-documents';
import { createTheoryProgressHandlers } from '../theory/theory-progress';

/**
 * The planning area: appointments (calendar entries), theory courses and lessons, theory and
 * practical exams, the learning area's stored content and the lesson-view dashboard.
 */
export function createPlanningHandlers(services: Services): OperationHandlers {
  const { db } = services;
  return mergeHandlers(
    createAppointmentHandlers(db, services.jobs),
    createBookingCheckHandlers(db),
    createCalendarHandlers(db),
    createDrivingLessonHandlers(db, services.files, services.jobs),
    createTheoryHandlers(db),
    createTheoryDocumentHandlers(db, services.files),
    createTheoryProgressHandlers(db),
    createExamHandlers(db, services.files, services.jobs),
    createLearningHandlers(db),
    createDashboardHandlers(services),
  );
}
