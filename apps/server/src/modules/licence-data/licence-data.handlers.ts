import { requireAuth } from '../../http/auth';
import type { OperationHandlers } from '../../http/operation-types';
import {
  BASE_LICENSE_CLASSES,
  KEY_NUMBERS,
  knowledgeAreas,
  RELATED_DOCUMENTS,
} from './licence-data';

/**
 * The licence-class and knowledge-area calls: static reference data (see licence-data.ts),
 * open to every signed-in user, the same for every school.
 */
export function createLicenceDataHandlers(): OperationHandlers {
  return {
    async listKnowledgeAreas(request) {
      requireAuth(request);
      return { status: 200, body: knowledgeAreas(request.query.furtherEducation) };
    },
    async listKeyNumbers(request) {
      requireAuth(request);
      return { status: 200, body: KEY_NUMBERS[request.query.baseLicenseClass] };
    },
    async listBaseLicenseClasses(request) {
      requireAuth(request);
      return { status: 200, body: [...BASE_LICENSE_CLASSES] };
    },
    async listRelatedDocuments(request) {
      requireAuth(request);
      return { status: 200, body: RELATED_DOCUMENTS[request.query.licenseClass] };
    },
  };
}
