/**
 * The live stream's one query: whether a station manager may see a bus event, i.e. whether the
 * charger, order, gateway or event it names is within their stations (the same scope as every API query,
 * server/http/scope.ts).
 */
import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { charger, chargeOrder, event, gateway } from '../../db/schema.js';
import type { AuthContext } from '../../http/access.js';
import { scopeWhere } from '../../http/scope.js';

/** Bus topics forwarded to the console (each payload carries its `companyCode`). */
export type LiveTopic = 'charger' | 'order' | 'gateway' | 'event';

const TABLES: Record<LiveTopic, { table: PgTable; id: PgColumn }> = {
  charger: { table: charger, id: charger.id },
  order: { table: chargeOrder, id: chargeOrder.id },
  gateway: { table: gateway, id: gateway.id },
  event: { table: event, id: event.id },
};

/** True when row `id` of `topic`'s table is within `auth`'s scope. */
export async function inScope(db: Db, auth: AuthContext, topic: LiveTopic, id: number): Promise<boolean> {
  const { table, id: idColumn } = TABLES[topic];
  return (
    (
      await db
        .select({ id: idColumn })
        .from(table)
        .where(and(eq(idColumn, id), scopeWhere(auth, table)))
        .limit(1)
    ).length > 0
  );
}
