/** Console configuration (`GET /sp/config`, public): the map tile URL template (`{z}/{x}/{y}`). */
import { z } from 'zod';

export const consoleConfig = z.object({ mapTileUrl: z.string() });
export type ConsoleConfig = z.infer<typeof consoleConfig>;
