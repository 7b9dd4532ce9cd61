/**
 * A charger flapping between fault codes (requirements R13.10, R2.51): a strict OCPP client
 * alternates OverVoltage and UnderVoltage on one connector a few hundred times as fast as it is
 * answered, with eight accounts asking for fault and recovery mails. The burst stays two events
 * (one per type) whose counts add up to every report, two bell rows, and at most one "opened" and
 * one "recovered" mail per event and address; every StatusNotification is answered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { backends } from '../support/db.js';
import { build, type TestServer } from '../support/app.js';
import { aNetwork, aStatusNotification } from '../support/builders.js';
import { account, event, mailOutbox, notification, role } from '../../server/db/schema.js';
import { hashPassword } from '../../server/auth/password.js';
import { whileConnected } from './helpers.js';

const FLIPS = 300;
const RECIPIENTS = 8;

describe.each(backends())('a charger flapping between fault codes on %s', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    // No SMTP_URL: every mail stays in the outbox, where it can be counted.
    s = await build(backend);
  });
  afterAll(async () => {
    await s?.close();
  });

  it(`keeps ${FLIPS} alternating faults to two counted events, two bell rows and bounded mail`, async () => {
    const net = await aNetwork(s.database.db);
    const sn = net.charger.serialNum;
    const passwordHash = await hashPassword('pw-123456');
    const addresses = Array.from({ length: RECIPIENTS }, (_, i) => `ops${i}@flap.test`);
    // Mail goes only to accounts whose menus show the events (requirements R6.9).
    const [events] = await s.database.db
      .insert(role)
      .values({ name: 'Flap events', code: `FLAP_${sn}`, companyCode: net.company.code, permissions: ['menu:events', 'menu:events:events'] })
      .returning();
    await s.database.db.insert(account).values(
      addresses.map((email, i) => ({
        companyCode: net.company.code,
        username: `flap.ops${i}`,
        userType: 'STAFF',
        passwordHash,
        email,
        roleId: events.id,
        notificationPreference: {
          enabled: true,
          method: 'EMAIL',
          emails: [email],
          events: ['FAULT', 'RECOVERED'],
          ignoreHeartbeat: true,
          language: i % 2 ? 'zh' : 'en',
        },
      })),
    );

    const accepted = { OverVoltage: 0, UnderVoltage: 0 };
    let limited = 0;
    let lastAccepted = '';
    await whileConnected(s.ocppUrl, sn, async (cp) => {
      await cp.call('BootNotification', { chargePointVendor: 'V', chargePointModel: 'M' });
      for (let i = 0; i < FLIPS; i++) {
        const errorCode = i % 2 ? 'UnderVoltage' : 'OverVoltage';
        try {
          expect(
            await cp.call('StatusNotification', aStatusNotification({ connectorId: 1, status: 'Faulted', errorCode, timestamp: new Date().toISOString() })),
          ).toEqual({});
          accepted[errorCode]++;
          lastAccepted = errorCode;
        } catch (e) {
          // The per-charger inbound limit may answer GenericError "rate limited": an answer too, nothing stored.
          expect(String((e as Error).message)).toMatch(/rate limited/);
          limited++;
        }
      }
    });
    expect(accepted.OverVoltage + accepted.UnderVoltage + limited).toBe(FLIPS);
    // The per-charger inbound limit takes its share (decided as the frames arrive); enough flips
    // of each code are accepted for the bound to be tested (each would have opened an event).
    expect(accepted.OverVoltage).toBeGreaterThan(20);
    expect(accepted.UnderVoltage).toBeGreaterThan(20);

    const rows = await s.database.db.select().from(event).where(eq(event.deviceSn, sn)).orderBy(event.id);
    const faults = rows.filter((e) => e.eventType !== 'CHARGER_OFFLINE');
    expect(faults.map((e) => e.eventType)).toEqual(['OVER_VOLTAGE', 'UNDER_VOLTAGE']);
    // The collapsed events carry the count of every report.
    expect(faults.map((e) => e.repeatCount)).toEqual([accepted.OverVoltage, accepted.UnderVoltage]);
    // The last code reported is the open one.
    expect(faults.find((e) => e.status === 'HAPPENING')?.errorCode).toBe(lastAccepted);

    const bell = await s.database.db
      .select()
      .from(notification)
      .where(
        inArray(
          notification.eventId,
          faults.map((e) => e.id),
        ),
      );
    expect(bell).toHaveLength(2);
    expect(bell.reduce((n, b) => n + b.repeatCount, 0)).toBe(accepted.OverVoltage + accepted.UnderVoltage);

    // Mail is queued after the commits, off the charger's path: wait until it settles.
    const mails = async () => (await s.database.db.select().from(mailOutbox)).filter((m) => addresses.includes(m.to));
    let last = -1;
    for (let settled = 0; settled < 3; ) {
      await new Promise((r) => setTimeout(r, 500));
      const n = (await mails()).length;
      settled = n === last ? settled + 1 : 0;
      last = n;
    }
    const queued = await mails();
    // Two events, each opened and recovered once per address: 4 per address at most (was 8 per flip).
    expect(queued.length).toBeLessThanOrEqual(RECIPIENTS * 4);
    expect(queued.length).toBeGreaterThanOrEqual(RECIPIENTS * 3);
    for (const a of addresses) expect(queued.filter((m) => m.to === a).length).toBeLessThanOrEqual(4);
  }, 180_000);
});
