/**
 * The database schema: the tables are declared by area in db/tables/ (below both `domain/` and the
 * server); this barrel keeps `server/db/schema.ts` the server's one import of them.
 */
export * from '../../db/tables/index.js';
