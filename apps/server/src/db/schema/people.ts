/* The people area's tables: written by that area; see columns.ts for the tenancy rules. */
export {};
