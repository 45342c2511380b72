import type { Screen } from './screens';

/** The pages of cost bearers and their QR-code upload page (issue 4), by route path of the route table. */
export const COST_BEARER_PAGES: Record<string, Screen> = {};
