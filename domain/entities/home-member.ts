/**
 * Home app users and home orders (requirements §3 "App user" home fields and "Home order", §16):
 * an app user's access to a home charger with its level (the OWNER, FAMILY or GUEST it is shared
 * with), the charger's SN and the user's last login; and the sessions on home chargers with how
 * they started (reservation, app start, smart charging or card swipe). Sharing needs a home
 * charger (602) and an app user (609) of the same company (725); a user has one access per
 * charger (739). The owner is set on the home charger itself.
 */
import { z } from 'zod';
import { decimal, int, isoTime, companyListFilters, idFilter } from './api.js';
import { requiredEnum, requiredId } from './rules.js';

export const HOME_LEVELS = ['OWNER', 'FAMILY', 'GUEST'] as const;
export type HomeLevel = (typeof HOME_LEVELS)[number];
/** Levels an owner shares a charger with. */
export const SHARED_LEVELS = ['FAMILY', 'GUEST'] as const;

/** Home order start types (requirements §3): reservation, app start, smart charging, card swipe. */
export const HOME_START_TYPES = ['RESERVE', 'APP_START', 'SMART_CHARGING', 'CARD_SWIPE'] as const;
export type HomeStartType = (typeof HOME_START_TYPES)[number];

/** A home app user (`GET /sp/home-app-user`): one access of an app user to a home charger. */
export const homeMemberRecord = z.object({
  id: int,
  homeChargerId: int,
  chargerSn: z.string(),
  appUserId: int,
  nickname: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  companyCode: z.string(),
  level: z.enum(HOME_LEVELS),
  lastLoginAt: isoTime.nullable(),
  orderCount: int,
  createdAt: isoTime,
});
export type HomeMemberRecord = z.infer<typeof homeMemberRecord>;

/** `POST /sp/home-app-user`: share a home charger with an app user as family or guest. */
export const homeMemberCreate = z.object({
  homeChargerId: requiredId(602),
  appUserId: requiredId(609),
  level: requiredEnum(SHARED_LEVELS, 609),
});
export type HomeMemberInput = z.infer<typeof homeMemberCreate>;

/** `GET /sp/home-app-user` filters. */
export const homeMemberFilters = z.object({
  ...companyListFilters,
  level: z.enum(HOME_LEVELS).optional(),
  homeChargerId: idFilter,
});

/** A home order (`GET /sp/home-order`): a session on a home charger (requirements §3 "Home order"). */
export const homeOrderRecord = z.object({
  id: int,
  code: z.string(),
  chargerSn: z.string(),
  startType: z.enum(HOME_START_TYPES),
  appUserId: int.nullable(),
  nickname: z.string().nullable(),
  idTag: z.string(),
  /** When the order was created (the StartTransaction reached the server). */
  createTime: isoTime,
  /** When it was closed (the StopTransaction reached the server). */
  closeTime: isoTime.nullable(),
  startTime: isoTime,
  stopTime: isoTime.nullable(),
  energyKwh: decimal,
  status: z.string(),
  flags: z.array(z.string()),
});
export type HomeOrderRecord = z.infer<typeof homeOrderRecord>;

/** `GET /sp/home-order` filters. */
export const homeOrderFilters = z.object({
  ...companyListFilters,
  startType: z.enum(HOME_START_TYPES).optional(),
  status: z.string().max(20).optional(),
  appUserId: idFilter,
  homeChargerId: idFilter,
});
