/**
 * The MeterValues of a group (./group-commit.ts) stored in ONE SQL statement of fixed text,
 * whatever the number of messages and sampled values: the group's data travels as three json
 * documents (the messages, their sampled values, their energy registers), so the statement is
 * built and sent once per group instead of once per message, and prepared once per connection
 * (`executeNamed`) (requirements §12 "The
 * charger link at scale"; measured in bench/ocpp-load.ts). Per message it
 *  - inserts every sampled value into `meter_value`;
 *  - raises the running order's `energy_kwh` to round((highest register Wh − meterStart) / 1000, 3)
 *    (domain/meter.ts `energyKwh`), never lowering it;
 *  - for an order keeping a running energy split (../billing/energy-split.ts) sets its new split
 *    when the stored one is still the one the node computed from (compare-and-set), else clears it;
 *  - reads, for each energy register, the transaction's previous stored register before it in time
 *    (in the statement's snapshot: the group's own rows are not seen), to report regressions.
 * One implicit transaction: all of the group is stored or nothing.
 */
import { sql } from 'drizzle-orm';
import { executeNamed, jsonOf, rowsOf, type Db } from '../../db/client.js';
import { chargeOrder, meterValue } from '../../db/schema.js';
import { ENERGY_REGISTER } from '../../../domain/meter.js';
import type { EnergySplit } from '../../../domain/billing.js';
import type { Keyed } from './group-commit.js';

/** One stored sampled value (a meter_value row; `timestamp` ISO 8601). */
export interface MeterRowIn {
  chargerId: number;
  connectorId: number;
  transactionId: number | null;
  timestamp: string;
  measurand: string;
  value: string;
  unit: string | null;
  phase: string | null;
  context: string | null;
}

/** One MeterValues message of a group. */
export interface MeterWrite extends Keyed {
  rows: MeterRowIn[];
  transactionId: number | null;
  /** The highest energy register of the message (Wh, decimal string), or null: the order is not touched. */
  maxWh: string | null;
  /** The order's split change (../billing/energy-split.ts `splitChange`), or null. */
  change: { orderId: number; prev: EnergySplit; next: EnergySplit | null } | null;
  /** The times (ISO 8601) of the message's energy registers, in message order. */
  registerTimes: string[];
}

/** What the statement tells of one message. */
export interface MeterOutcome {
  /** The order whose energy was raised, or null. */
  orderId: number | null;
  /** The order's running energy after the message (kWh, decimal string), when the message touched it. */
  energyKwh: string | null;
  /** With a split change: whether the order still keeps a split after it (null: no open order). */
  kept: boolean | null;
  /** For register k of the message: the previous stored register [k, value, unit]. */
  prev: [number, string, string | null][];
}

/** The order's energy from the message's highest register (SQL over `w` and the order `o`). */
const energyOf = sql.raw('greatest(0, round((w.max_wh - o.meter_start) / 1000, 3))');

/** Stores the group's MeterValues (see the module comment); one outcome per write, in order. */
export async function storeMeterGroup(db: Db, writes: readonly MeterWrite[]): Promise<MeterOutcome[]> {
  const w = JSON.stringify(
    writes.map((x, i) => ({
      i,
      charger_id: x.key,
      transaction_id: x.transactionId,
      max_wh: x.maxWh,
      split: x.change !== null,
      order_id: x.change?.orderId,
      prev_split: x.change?.prev,
      next_split: x.change?.next ?? undefined,
    })),
  );
  const r = JSON.stringify(
    writes.flatMap((x) => x.rows.map((m) => [m.chargerId, m.connectorId, m.transactionId, m.timestamp, m.measurand, m.value, m.unit, m.phase, m.context])),
  );
  const e = JSON.stringify(
    writes.flatMap((x, i) => (x.transactionId === null ? [] : x.registerTimes.map((at, k) => ({ i, k, transaction_id: x.transactionId, at })))),
  );
  const res = await executeNamed(
    db,
    'cd_meter_group',
    sql`with w as (
      select * from json_to_recordset(${w}::json) as w(i int, charger_id int, transaction_id int, max_wh numeric, split boolean, order_id int, prev_split jsonb, next_split jsonb)
    ), ins as (
      insert into ${meterValue} (charger_id, connector_id, transaction_id, timestamp, measurand, value, unit, phase, context)
      select (r->>0)::int, (r->>1)::int, (r->>2)::int, (r->>3)::timestamptz, r->>4, r->>5, r->>6, r->>7, r->>8
      from json_array_elements(${r}::json) r
      returning 1
    ), upd_split as (
      update ${chargeOrder} o set energy_kwh = greatest(o.energy_kwh, ${energyOf}),
        energy_split = case when o.energy_split = w.prev_split then w.next_split end
      from w, ${chargeOrder} was
      where w.split and w.max_wh is not null and o.id = w.order_id and was.id = w.order_id and o.status = 'CHARGING'
      returning w.i, case when was.energy_kwh < ${energyOf} then o.id end as id, o.energy_split is not null as kept, o.energy_kwh
    ), upd_plain as (
      update ${chargeOrder} o set energy_kwh = ${energyOf}
      from w
      where not w.split and w.max_wh is not null and o.transaction_id = w.transaction_id and o.charger_id = w.charger_id
        and o.status = 'CHARGING' and o.energy_kwh < ${energyOf}
      returning w.i, o.id, true as kept, o.energy_kwh
    ), prev as (
      select e.i, json_agg(json_build_array(e.k, p.value, p.unit) order by e.k) as prev
      from json_to_recordset(${e}::json) as e(i int, k int, transaction_id int, at timestamptz)
      cross join lateral (select m.value, m.unit from ${meterValue} m
        where m.transaction_id = e.transaction_id and m.measurand = ${ENERGY_REGISTER} and m.timestamp < e.at
        order by m.timestamp desc limit 1) p
      group by e.i
    )
    select w.i, coalesce(us.id, up.id) as order_id, coalesce(us.energy_kwh, up.energy_kwh)::text as energy_kwh, coalesce(us.kept, up.kept) as kept, coalesce(prev.prev, '[]'::json) as prev,
      (select count(*) from ins)::int as stored
    from w left join upd_split us on us.i = w.i left join upd_plain up on up.i = w.i left join prev on prev.i = w.i`,
  );
  const out: MeterOutcome[] = new Array(writes.length);
  for (const row of rowsOf<{
    i: number;
    order_id: number | string | null;
    energy_kwh: string | null;
    kept: boolean | null;
    prev: MeterOutcome['prev'] | string;
  }>(res)) {
    out[Number(row.i)] = {
      orderId: row.order_id === null ? null : Number(row.order_id),
      energyKwh: row.energy_kwh,
      kept: row.kept,
      prev: jsonOf(row.prev),
    };
  }
  return out;
}
