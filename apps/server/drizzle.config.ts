import { defineConfig } from 'drizzle-kit';

// Only `drizzle-kit generate` is used: migrations are committed SQL, run by the server on
// start and by the tests. Never `push`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/*.ts',
  out: './src/db/migrations',
  casing: 'snake_case',
});
