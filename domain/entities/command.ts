/**
 * Remote commands (requirements §2 "Charger monitoring"): the answer of `POST /sp/charger/{id}/command/*`,
 * the OCPP action sent, its request payload and the charger's answer (718 timeout, 719 refused,
 * 720 not connected are failures), and the charging profile a remote start may carry.
 */
import { z } from 'zod';
import { RATE_UNITS } from '../smart-charging.js';
import { answers, emptyAs, numberField } from './rules.js';

export const commandAnswer = z.object({
  action: z.string(),
  request: z.record(z.string(), z.unknown()),
  /** The charger's OCPP answer payload. */
  answer: z.unknown(),
});
export type CommandAnswer = z.infer<typeof commandAnswer>;

/** Highest limits of a remote start's charging profile: 500 A per phase, or 500 A × 230 V × 3 phases in watts. */
export const MAX_PROFILE_LIMIT = { A: 500, W: 345_000 } as const;

/**
 * The charging profile a remote start may carry (requirements R16.10): a TxProfile for the session
 * it starts, Relative (from the session's start), one limit in A (per phase) or W (the whole
 * connector), optionally for `durationMinutes` only (then the charger's other profiles apply), at
 * `stackLevel` (0–20). Rules: the limit required (614) and within 0–500 A or 0–345 000 W (791).
 */
export const remoteStartProfile = z
  .object({
    chargingRateUnit: z.enum(RATE_UNITS).default('A'),
    limit: numberField(z.number({ error: emptyAs(614) }).min(0, { error: answers(791) })),
    durationMinutes: numberField(
      z
        .number()
        .int()
        .min(1)
        .max(24 * 60)
        .optional(),
    ),
    numberPhases: numberField(z.number().int().min(1).max(3).optional()),
    stackLevel: numberField(z.number().int().min(0).max(20).default(1)),
  })
  .superRefine((v, ctx) => {
    if (typeof v.limit === 'number' && v.limit > MAX_PROFILE_LIMIT[v.chargingRateUnit])
      ctx.addIssue({ code: 'custom', path: ['limit'], message: answers(791), params: { values: { detail: `${v.limit} ${v.chargingRateUnit}` } } });
  });
export type RemoteStartProfile = z.infer<typeof remoteStartProfile>;

/** chargingProfileId of the TxProfile sent with a remote start on `connectorId` (0: any connector). */
export const remoteStartProfileId = (connectorId: number | undefined) => 3_000_000 + (connectorId ?? 0);

/** The OCPP csChargingProfiles of a remote start's profile. */
export function remoteStartChargingProfile(p: RemoteStartProfile, connectorId: number | undefined) {
  return {
    chargingProfileId: remoteStartProfileId(connectorId),
    stackLevel: p.stackLevel,
    chargingProfilePurpose: 'TxProfile' as const,
    chargingProfileKind: 'Relative' as const,
    chargingSchedule: {
      ...(p.durationMinutes ? { duration: p.durationMinutes * 60 } : {}),
      chargingRateUnit: p.chargingRateUnit,
      chargingSchedulePeriod: [{ startPeriod: 0, limit: p.limit, ...(p.numberPhases ? { numberPhases: p.numberPhases } : {}) }],
    },
  };
}
