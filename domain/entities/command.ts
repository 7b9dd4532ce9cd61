/**
 * Remote commands (requirements §2 "Charger monitoring"): the answer of `POST /sp/charger/{id}/command/*`,
 * the OCPP action sent, its request payload and the charger's answer (718 timeout, 719 refused,
 * 720 not connected are failures).
 */
import { z } from 'zod';

export const commandAnswer = z.object({
  action: z.string(),
  request: z.record(z.string(), z.unknown()),
  /** The charger's OCPP answer payload. */
  answer: z.unknown(),
});
export type CommandAnswer = z.infer<typeof commandAnswer>;
