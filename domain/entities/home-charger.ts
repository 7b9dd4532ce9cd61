/**
 * Home charger (requirements §3 "Home charger", §16): a charger of the home edition with its owner
 * (an app user), its maximum current, the home load-balancing switch and the load-balancing
 * current, all in amperes per phase. Saving sends the limit to the charger (an OCPP
 * ChargePointMaxProfile) and shows its answer. Rules: SN required (602) and known (800); maximum
 * current required, 6–80 A (614); with load balancing on, its current is required and at most the
 * maximum current (614). A charger is home edition once (738).
 */
import { z } from 'zod';
import { homeCharger } from '../../db/tables/smart-charging.js';
import { int, isoTime, companyListFilters } from './api.js';
import { answers, emptyAs, numberField, optionalId, patchOf, serialNumber } from './rules.js';
import { storedRecord } from './stored.js';

/** Lowest and highest current a home charger can be set to (A per phase; IEC 61851 lower bound 6 A). */
export const HOME_CURRENT_RANGE = { min: 6, max: 80 } as const;

/** What a command sent to a charger got: its action, ACCEPTED or FAILED (718/719/720) and the charger's answer. */
export const commandOutcome = z.object({
  at: isoTime,
  action: z.string(),
  result: z.enum(['ACCEPTED', 'FAILED']),
  /** The catalogue code of a failure (718 timeout, 719 refused, 720 not connected). */
  code: int.nullable(),
  answer: z.unknown(),
});
export type CommandOutcome = z.infer<typeof commandOutcome>;

/**
 * A home charger as `GET /sp/home-charger` answers it: the row of `home_charger`
 * (db/tables/smart-charging.ts; currents in A) with its last command's outcome, the charger's SN,
 * station, live state and firmware, the owner's nickname, the members and the limit it is given.
 */
export const homeChargerRecord = storedRecord(homeCharger).omit({ createdAt: true }).extend({
  lastCommand: commandOutcome.nullable(),
  serialNum: z.string(),
  stationName: z.string().nullable(),
  ownerNickname: z.string().nullable(),
  /** The limit the charger is given: the load-balancing current when on, else the maximum (A). */
  effectiveLimitA: int,
  online: z.boolean(),
  runStatus: z.string().nullable(),
  firmwareVersion: z.string().nullable(),
  memberCount: int,
});
export type HomeChargerRecord = z.infer<typeof homeChargerRecord>;

const current = (empty: boolean) =>
  numberField(
    empty
      ? z
          .number({ error: emptyAs(614) })
          .int()
          .min(HOME_CURRENT_RANGE.min)
          .max(HOME_CURRENT_RANGE.max)
      : z.number().int().min(0).max(HOME_CURRENT_RANGE.max).nullish(),
  );

/** The settings of the home charger form. */
export const homeChargerSettings = z.object({
  ownerAppUserId: optionalId(),
  maxCurrentA: current(true),
  loadBalancing: z.boolean().default(false),
  loadBalancingCurrentA: current(false),
});

/** Load balancing on needs its current, at most the maximum current (614 on `loadBalancingCurrentA`). */
function checkLoadBalancing(v: { maxCurrentA?: number | null; loadBalancing?: boolean; loadBalancingCurrentA?: number | null }, ctx: z.RefinementCtx) {
  if (!v.loadBalancing) return;
  const lb = v.loadBalancingCurrentA;
  if (lb === null || lb === undefined || (v.maxCurrentA != null && lb > v.maxCurrentA)) {
    ctx.addIssue({ code: 'custom', path: ['loadBalancingCurrentA'], message: answers(614) });
  }
}

/** `POST /sp/home-charger`: a registered charger (by SN) becomes a home charger. */
export const homeChargerCreate = homeChargerSettings.extend({ serialNum: serialNumber() }).superRefine(checkLoadBalancing);
/** `PUT /sp/home-charger/{id}`: any of the settings (the server checks the result as a whole). */
export const homeChargerUpdate = patchOf(homeChargerSettings);
/** The whole settings after an update, checked like a creation. */
export const homeChargerWhole = homeChargerSettings.superRefine(checkLoadBalancing);
export type HomeChargerInput = z.infer<typeof homeChargerCreate>;

/** `GET /sp/home-charger` filters (with the page query). */
export const homeChargerFilters = z.object({
  ...companyListFilters,
  online: z.enum(['true', 'false']).optional(),
});
