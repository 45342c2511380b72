import type { Screen } from './screens';

/** The pages of branches and vehicles (issue 5), by route path of the route table. */
export const FLEET_PAGES: Record<string, Screen> = {};
