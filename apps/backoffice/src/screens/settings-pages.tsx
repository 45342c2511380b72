import type { Screen } from './screens';

/** The pages of master data, configurations and the mail configuration (issue 5), by route path of the route table. */
export const SETTINGS_PAGES: Record<string, Screen> = {};
