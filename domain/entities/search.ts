/** Search (requirements §2 "Search": charger SN, gateway SN or station name): one hit, what a link to its record needs. */
import { z } from 'zod';
import { int, ofCompany, atStation } from './api.js';

export const searchHit = z.object({
  type: z.enum(['charger', 'gateway', 'station']),
  id: int,
  /** SN of a charger or gateway, name of a station. */
  name: z.string(),
  serialNum: z.string().nullable(),
  ...atStation,
  ...ofCompany,
  /** Live connection of a charger or gateway; null for stations. */
  online: z.boolean().nullable(),
  /** Life status of a device, status of a station. */
  status: z.string(),
});
export type SearchHit = z.infer<typeof searchHit>;
