/**
 * Demo firmware (requirements §15): for every charger model of the demo, a public version one patch
 * above the one its chargers run, so that the demo can show an upgrade campaign end to end with
 * the simulated chargers. The images are small deterministic binaries.
 */
import type { Db } from '../server/db/client.js';
import { firmware } from '../server/db/schema.js';
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
  b[0] = 0x7f; b[1] = 0; // never mistaken for text
  return b;
}

/** Adds the demo firmware catalogue (platform-wide, public). */
export async function seedDemoFirmware(tx: Db): Promise<void> {
  let seed = 4242;
  for (const m of DEMO_MODELS) {
    const version = nextPatch(m.firmware);
    const fileName = `${m.model.replace(/\s+/g, '-').toLowerCase()}-${version}.bin`;
    const file = await storeFile(tx, { kind: 'FIRMWARE', companyCode: null, fileName, content: demoImage(seed++, 16 * 1024), createdBy: 'admin' });
    await tx.insert(firmware).values({
      companyCode: null, name: `${m.vendor} ${m.model}`, deviceType: m.type, deviceModel: m.model, version,
      changeLog: 'Improves connector lock handling and meter value rounding.', isPublic: true, fileId: file.id, createdBy: 'admin',
    });
  }
}
