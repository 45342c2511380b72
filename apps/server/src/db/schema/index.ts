// The whole database schema: one file per area, each built from columns.ts.
export * from './bookings';
export * from './company';
export * from './core';
export * from './files';
export * from './messaging';
export * from './money';
export * from './people';
export * from './planning';
