/**
 * Demo firmware (requirements §15): for every charger model of the demo, a public version one patch
 * above the one its chargers run, so that the demo can show an upgrade campaign end to end with
 * the simulated chargers. The images are small deterministic binaries. One finished campaign of
 * the first company shows a "partial upgrade succeeded" (two chargers updated, one failed install).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../server/db/client.js';
import { charger, firmware, firmwareCampaign, firmwareCampaignCharger } from '../server/db/schema.js';
import { storeFile } from '../server/modules/files/store.js';
import { DEMO_MODELS } from './catalog.js';
import { mulberry32 } from './prng.js';

/** The next patch version of `v` (`2.4.1` → `2.4.2`). */
export function nextPatch(v: string): string {
  const parts = v.split('.');
  parts[parts.length - 1] = String(Number(parts[parts.length - 1]) + 1);
  return parts.join('.');
}

/** A deterministic binary image of `size` bytes. */
function demoImage(seed: number, size: number): Buffer {
  const rng = mulberry32(seed);
  const b = Buffer.alloc(size);
  for (let i = 0; i < size; i++) b[i] = rng.int(0, 255);
  b[0] = 0x7f;
  b[1] = 0; // never mistaken for text
  return b;
}

/** Adds the demo firmware catalogue (platform-wide, public) and one finished campaign of `companyCode`. */
export async function seedDemoFirmware(tx: Db, companyCode: string, now: Date): Promise<void> {
  let seed = 4242;
  const ids: number[] = [];
  for (const m of DEMO_MODELS) {
    const version = nextPatch(m.firmware);
    const fileName = `${m.model.replace(/\s+/g, '-').toLowerCase()}-${version}.bin`;
    const file = await storeFile(tx, { kind: 'FIRMWARE', companyCode: null, fileName, content: demoImage(seed++, 16 * 1024), createdBy: 'admin' });
    await tx
      .insert(firmware)
      .values({
        companyCode: null,
        name: `${m.vendor} ${m.model}`,
        deviceType: m.type,
        deviceModel: m.model,
        version,
        changeLog: 'Improves connector lock handling and meter value rounding.',
        isPublic: true,
        fileId: file.id,
        createdBy: 'admin',
      })
      .returning({ id: firmware.id })
      .then(([r]) => ids.push(r.id));
  }
  // The campaign: the company's chargers of the first model that has three of them.
  for (const [i, m] of DEMO_MODELS.entries()) {
    const rows = await tx
      .select({ id: charger.id, serialNum: charger.serialNum, firmwareVersion: charger.firmwareVersion })
      .from(charger)
      .where(and(eq(charger.companyCode, companyCode), eq(charger.model, m.model)))
      .orderBy(asc(charger.serialNum))
      .limit(3);
    if (rows.length < 3) continue;
    const version = nextPatch(m.firmware);
    const at = new Date(now.getTime() - 2 * 86_400_000);
    const [c] = await tx
      .insert(firmwareCampaign)
      .values({
        companyCode,
        firmwareId: ids[i],
        status: 'FINISHED',
        outcome: 'PARTIAL',
        retries: 3,
        retryInterval: 60,
        successThreshold: 100,
        baseUrl: 'http://localhost:8080',
        createdBy: `${companyCode.toLowerCase()}.admin`,
        createdAt: at,
        finishedAt: new Date(at.getTime() + 20 * 60_000),
      })
      .returning({ id: firmwareCampaign.id });
    await tx.insert(firmwareCampaignCharger).values(
      rows.map((r, k) => ({
        campaignId: c.id,
        chargerId: r.id,
        chargerSn: r.serialNum,
        wave: 1,
        status: k < 2 ? 'UPDATED' : 'FAILED',
        failure: k < 2 ? null : 'InstallationFailed',
        previousVersion: r.firmwareVersion,
        reportedVersion: k < 2 ? version : r.firmwareVersion,
        sentAt: at,
        lastReportAt: new Date(at.getTime() + (10 + k) * 60_000),
        updatedAt: new Date(at.getTime() + (10 + k) * 60_000),
      })),
    );
    for (const r of rows.slice(0, 2)) await tx.update(charger).set({ firmwareVersion: version }).where(eq(charger.id, r.id));
    return;
  }
}
