/**
 * The demo's home stations (requirements §16): per operator, its two last chargers become home
 * chargers, each owned by an app user and shared with one family member and one guest; the orders
 * already on them get a start type. Deterministic (no random draws, so the rest of the demo is
 * unchanged).
 */
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../server/db/client.js';
import { appUser, charger, chargeOrder, chargingSchedule, homeCharger, homeMember, orderStart } from '../server/db/schema.js';
import { HOME_START_TYPES } from '../domain/entities/home-member.js';

const HOUR = 3_600_000;

/** Seeds the home stations of company `companyCode` at time `now`. */
export async function seedHomeStations(tx: Db, companyCode: string, now: Date): Promise<void> {
  const chargers = await tx.select({ id: charger.id }).from(charger).where(eq(charger.companyCode, companyCode)).orderBy(desc(charger.id)).limit(2);
  const users = await tx.select({ id: appUser.id }).from(appUser).where(eq(appUser.companyCode, companyCode)).orderBy(asc(appUser.id));
  if (users.length < 3) return;
  for (const [i, ch] of chargers.entries()) {
    const owner = users[i % users.length].id;
    const [home] = await tx
      .insert(homeCharger)
      .values({
        chargerId: ch.id,
        companyCode,
        ownerAppUserId: owner,
        maxCurrentA: i === 0 ? 32 : 16,
        loadBalancing: i === 0,
        loadBalancingCurrentA: i === 0 ? 20 : null,
      })
      .returning({ id: homeCharger.id });
    const members = [
      { appUserId: owner, level: 'OWNER' },
      { appUserId: users[(i + 1) % users.length].id, level: 'FAMILY' },
      { appUserId: users[(i + 2) % users.length].id, level: 'GUEST' },
    ];
    await tx.insert(homeMember).values(
      members.map((m, k) => ({
        ...m,
        homeChargerId: home.id,
        companyCode,
        lastLoginAt: new Date(now.getTime() - (k * 30 + i * 7 + 2) * HOUR),
      })),
    );
  }
  if (chargers[0]) {
    // Off-peak charging at home: 16 A at night, 10 A in the evening peak, 13 A otherwise.
    await tx.insert(chargingSchedule).values({
      companyCode,
      name: 'Home off-peak',
      chargerId: chargers[0].id,
      purpose: 'ChargePointMaxProfile',
      stackLevel: 1,
      defaultLimitA: 13,
      windows: [
        { startTime: '00:00', endTime: '06:00', limitA: 16 },
        { startTime: '17:00', endTime: '21:00', limitA: 10 },
      ],
    });
  }
  const orders = chargers.length
    ? await tx
        .select({ id: chargeOrder.id })
        .from(chargeOrder)
        .where(
          inArray(
            chargeOrder.chargerId,
            chargers.map((c) => c.id),
          ),
        )
    : [];
  if (orders.length) {
    await tx.insert(orderStart).values(orders.map((o) => ({ orderId: o.id, startType: HOME_START_TYPES[o.id % HOME_START_TYPES.length] })));
  }
}
