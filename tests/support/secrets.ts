/**
 * Where a secret string shows up (requirements R10.24): every table of the database, read row by
 * row as text (`t::text`), and the captured log lines of a node. A secret that is found anywhere
 * fails the calling test with the places named.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client.js';

/** The tables (of the database's own schema) with at least one row whose text holds `secret`. */
export async function tablesHolding(db: Db, secret: string): Promise<string[]> {
  const res = await db.execute(sql`select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like '\\_\\_drizzle%' order by table_name`);
  const tables = (res as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
  const found: string[] = [];
  for (const t of tables) {
    const hit = await db.execute(sql`select 1 from ${sql.identifier(t)} x where strpos(x::text, ${secret}) > 0 limit 1`);
    if ((hit as unknown as { rows: unknown[] }).rows.length) found.push(t);
  }
  return found;
}

/** Every place `secret` appears: the tables holding it, the log lines (numbered) and the answers (numbered) containing it. */
export async function placesOf(db: Db, secret: string, logLines: string[], answers: unknown[] = []): Promise<string[]> {
  const places = (await tablesHolding(db, secret)).map((t) => `table ${t}`);
  logLines.forEach((l, i) => {
    if (l.includes(secret)) places.push(`log line ${i}: ${l.slice(0, 300)}`);
  });
  answers.forEach((a, i) => {
    if (JSON.stringify(a).includes(secret)) places.push(`answer ${i}`);
  });
  return places;
}
