import type { Screen } from './screens';

/** The pages of products and price lists (issue 5), by route path of the route table. */
export const PRICE_PAGES: Record<string, Screen> = {};
