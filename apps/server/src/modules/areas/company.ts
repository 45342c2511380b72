import type { OperationHandlers } from '../../http/operation-types';
import { createBranchHandlers } from '../branches/branches.resources';
import { createConfigurationHandlers } from '../configuration/configuration.resources';
import { createMailCheckHandlers } from '../configuration/mail-check';
import { createBasicDocumentHandlers } from '../driving-school/basic-documents';
import { createDrivingSchoolHandlers } from '../driving-school/driving-school.resources';
import type { Services } from '../handlers';
import { createLicenceDataHandlers } from '../licence-data/licence-data.handlers';
import { createPriceHandlers } from '../prices/prices.resources';
import { createStudentPriceHandlers } from '../prices/student-prices';
import { createProductHandlers } from '../products/products.resources';
import { mergeHandlers } from '../resources/kit';
import { createRoleHandlers } from '../roles/roles.resources';
import { createUserAccessHandlers } from '../roles/user-access.resources';
import { createVehicleHandlers } from '../vehicles/vehicles.resources';

/**
 * The generic resource handlers (and domain handlers) of the company area: branches,
 * vehicles, products, price lists and prices, student categories, testing organizations,
 * mail accounts, roles, the users' access settings, the school's master data and
 * configuration. Nothing here touches the database until a request arrives.
 */
export function createCompanyHandlers(services: Services): OperationHandlers {
  const { db } = services;
  return mergeHandlers(
    createBranchHandlers(db),
    createVehicleHandlers(db),
    createLicenceDataHandlers(),
    createProductHandlers(db),
    createPriceHandlers(db),
    createStudentPriceHandlers(db),
    createConfigurationHandlers(db, services.config.mailSecretKey),
    createDrivingSchoolHandlers(db),
    createBasicDocumentHandlers(services),
    createMailCheckHandlers(db, services.config.mailSecretKey),
    createRoleHandlers(db),
    createUserAccessHandlers(db, services),
  );
}
