import type { Screen } from './screens';

/** The pages of the registration inbox and the public registration page (issue 4), by route path of the route table. */
export const REGISTRATION_PAGES: Record<string, Screen> = {};
