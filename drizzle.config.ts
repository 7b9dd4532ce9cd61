import { defineConfig } from 'drizzle-kit';

/** Drizzle Kit: migrations are generated from the tables of db/tables/ into server/db/migrations. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/tables/index.ts',
  out: './server/db/migrations',
});
