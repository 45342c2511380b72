import type { OperationHandlers } from '../../http/operation-types';
import { createChecklistHandlers } from '../checklists/checklists.resources';
import { createCostBearerFileHandlers } from '../cost-bearers/cost-bearer-files';
import { createCostBearerHandlers } from '../cost-bearers/cost-bearers.resources';
import { createDocumentHandlers } from '../documents/documents.resources';
import { createStudentDocumentFileHandlers } from '../documents/student-document-files';
import { createEducationHandlers } from '../educations/educations.resources';
import { createTrainingContractHandlers } from '../educations/training-contract';
import type { Services } from '../handlers';
import { createPublicRegistrationHandlers } from '../registrations/public-registrations';
import { createRegistrationHandlers } from '../registrations/registrations.resources';
import { mergeHandlers } from '../resources/kit';
import { createStudentServiceHandlers } from '../students/students.handlers';
import { createStudentHandlers } from '../students/students.resources';
import { createTodoAttachmentHandlers } from '../todos/todo-attachments';
import { createTodoHandlers } from '../todos/todos.resources';

/**
 * The people area: students and their notes, educations (with the timeline and the
 * training contract's state), registrations, cost bearers and their notes, to-dos,
 * checklists, documents. The generic resource calls plus the domain calls that need no
 * file storage, mail or money data; the rest of the area's contract answers 501.
 */
export function createPeopleHandlers(services: Services): OperationHandlers {
  const { db } = services;
  return mergeHandlers(
    createStudentHandlers(db),
    createStudentServiceHandlers(services),
    createEducationHandlers(db, services.jobs),
    createTrainingContractHandlers(db, services.files),
    createRegistrationHandlers(db, services.jobs),
    createPublicRegistrationHandlers(services),
    createCostBearerHandlers(db),
    createTodoHandlers(db),
    createTodoAttachmentHandlers(services),
    createChecklistHandlers(db),
    createDocumentHandlers(db),
    createStudentDocumentFileHandlers(services),
    createCostBearerFileHandlers(services),
  );
}
