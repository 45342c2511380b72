import type { Screen } from './screens';

/** The pages of to-dos (issue 4), by route path of the route table. */
export const TODO_PAGES: Record<string, Screen> = {};
