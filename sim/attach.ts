/** Simulated chargers attached at start-up (placeholder). */
import type { Db } from '../server/db/client.js';
export async function startSimulation(_opts: { db: Db; url: string; chargers: number; log: { info: (...a: unknown[]) => void } }): Promise<{ stop(): Promise<void> }> {
  return { async stop() {} };
}
