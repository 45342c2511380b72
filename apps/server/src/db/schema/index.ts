// The whole database schema: one file per area, each built from columns.ts.

export * from './company';
export * from './core';
export * from './files';
