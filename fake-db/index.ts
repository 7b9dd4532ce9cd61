/** Demo data set (placeholder). */
import type { Db } from '../server/db/client.js';
export async function loadDemoIfEmpty(_db: Db): Promise<{ loaded: boolean }> {
  return { loaded: false };
}
