import type { OperationHandlers } from '../../http/operation-types';
import { createChecklistHandlers } from '../checklists/checklists.resources';
import { createCostBearerHandlers } from '../cost-bearers/cost-bearers.resources';
import { createDocumentHandlers } from '../documents/documents.resources';
import { createEducationHandlers } from '../educations/educations.resources';
import type { Services } from '../handlers';
import { createRegistrationHandlers } from '../registrations/registrations.resources';
import { createStudentHandlers } from '../students/students.resources';
import { createTodoHandlers } from '../todos/todos.resources';

/**
 * The people area: students and their notes, educations (with the timeline and the
 * training contract's state), registrations, cost bearers and their notes, to-dos,
 * checklists, documents. The generic resource calls plus the domain calls that need no
 * file storage, mail or money data; the rest of the area's contract answers 501.
 */
export function createPeopleHandlers(services: Services): OperationHandlers {
  const { db } = services;
  return {
    ...createStudentHandlers(db),
    ...createEducationHandlers(db),
    ...createRegistrationHandlers(db),
    ...createCostBearerHandlers(db),
    ...createTodoHandlers(db),
    ...createChecklistHandlers(db),
    ...createDocumentHandlers(db),
  };
}
