import type { Screen } from './screens';

/** The pages of instructors (users) and roles (issue 5), by route path of the route table. */
export const USER_PAGES: Record<string, Screen> = {};
