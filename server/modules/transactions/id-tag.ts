/**
 * The idTag rule for Authorize and StartTransaction (requirements §12 "card"; OCPP 1.6 IdTagInfo).
 * A card (card_user.card_number) is looked up first, then an app user (app_user.id_tag):
 * - unknown idTag, or one of another company                         → Invalid
 * - deactivated card or app user                                      → Blocked
 * - card or app user past its expiry date (`expiry_date`)             → Expired
 * - card scoped to STATIONS and the charger's station not among them  → Invalid
 * - card balance ≤ 0 and not a manager card; app user balance ≤ 0    → Blocked
 * - an Accepted card or app idTag already charging in an Accepted order on another connector
 *   (or charger), unless a manager card (requirements §3 "manager card flag")   → ConcurrentTx,
 *   for a StartTransaction or a remote start only (OCPP 1.6: ConcurrentTx is only relevant to a
 *   StartTransaction.req; an Authorize is answered from the card's own status, {@link authorizeIdTag})
 * - otherwise                                                         → Accepted
 * The verdict carries the idTag's expiry date, answered as IdTagInfo.expiryDate when set
 * (requirements R12.42). Billing work extends this function (e.g. a minimum balance per
 * tariff); keep it free of OCPP I/O.
 */
import { and, eq, ne, or } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { Db } from '../../db/client.js';
import { appUser, cardUser, chargeOrder } from '../../db/schema.js';

/** OCPP 1.6 AuthorizationStatus values this server answers. */
export type IdTagStatus = 'Accepted' | 'Blocked' | 'Expired' | 'Invalid' | 'ConcurrentTx';

/** The charger side of the check: its company and station. */
export interface IdTagCharger {
  companyCode: string;
  stationId: number | null;
}

/** Why an idTag is not Accepted (null when it is). */
export type IdTagRefusal = 'UNKNOWN' | 'OTHER_COMPANY' | 'INACTIVE' | 'EXPIRED' | 'OUTSIDE_STATIONS' | 'NO_BALANCE' | 'CONCURRENT';

/** The outcome: the status to answer and who the idTag belongs to (when known). */
export interface IdTagVerdict {
  status: IdTagStatus;
  reason: IdTagRefusal | null;
  userType: 'CARD' | 'APP';
  cardUserId: number | null;
  appUserId: number | null;
  /** The card's or app user's expiry (IdTagInfo.expiryDate); null when it has none or is unknown. */
  expiryDate: Date | null;
}

/** True when `expiryDate` is set and `now` is past it. */
export function isExpired(expiryDate: Date | null, now: Date = new Date()): boolean {
  return expiryDate !== null && now.getTime() > expiryDate.getTime();
}

/** OCPP 1.6 IdTagInfo of a verdict: the status, and `expiryDate` (ISO) when the idTag has one. */
export function idTagInfoOf(v: Pick<IdTagVerdict, 'status' | 'expiryDate'>): { status: IdTagStatus; expiryDate?: string } {
  return v.expiryDate ? { status: v.status, expiryDate: v.expiryDate.toISOString() } : { status: v.status };
}

/** A card row as the rule needs it. */
export interface CardFacts {
  companyCode: string;
  active: boolean;
  scope: string;
  stationIds: number[];
  managerCard: boolean;
  /** Decimal string. */
  balance: string;
  expiryDate: Date | null;
}

/** The pure rule for a card at `now` with its reason (no I/O). */
export function cardRule(card: CardFacts, charger: IdTagCharger, now: Date = new Date()): { status: IdTagStatus; reason: IdTagRefusal | null } {
  if (card.companyCode !== charger.companyCode) return { status: 'Invalid', reason: 'OTHER_COMPANY' };
  if (!card.active) return { status: 'Blocked', reason: 'INACTIVE' };
  if (isExpired(card.expiryDate, now)) return { status: 'Expired', reason: 'EXPIRED' };
  if (card.scope === 'STATIONS' && (charger.stationId === null || !card.stationIds.includes(charger.stationId)))
    return { status: 'Invalid', reason: 'OUTSIDE_STATIONS' };
  if (!card.managerCard && new Decimal(card.balance).lte(0)) return { status: 'Blocked', reason: 'NO_BALANCE' };
  return { status: 'Accepted', reason: null };
}

/** The pure rule for a card (no I/O), exported for unit tests and billing. */
export function cardStatus(card: CardFacts, charger: IdTagCharger): IdTagStatus {
  return cardRule(card, charger).status;
}

/**
 * The catalogue code for a refused idTag (remote start, issue: an unchecked card leaves an open
 * order): unknown, other company or outside its stations → 727; deactivated → 728; expired → 765;
 * no balance → 721; already charging → 729.
 */
export function refusalCode(reason: IdTagRefusal): 721 | 727 | 728 | 729 | 765 {
  switch (reason) {
    case 'NO_BALANCE':
      return 721;
    case 'INACTIVE':
      return 728;
    case 'EXPIRED':
      return 765;
    case 'CONCURRENT':
      return 729;
    default:
      return 727;
  }
}

/** Where a Start happens, so that a session on the same connector is not counted as concurrent. */
export interface StartPlace {
  chargerId: number;
  connectorId: number;
}

/** True when `idTag` has an Accepted order CHARGING anywhere but `place`. */
async function chargingElsewhere(db: Db, idTag: string, place?: StartPlace): Promise<boolean> {
  const [row] = await db
    .select({ id: chargeOrder.id })
    .from(chargeOrder)
    .where(
      and(
        eq(chargeOrder.idTag, idTag),
        eq(chargeOrder.status, 'CHARGING'),
        eq(chargeOrder.idTagStatus, 'Accepted'),
        ...(place ? [or(ne(chargeOrder.chargerId, place.chargerId), ne(chargeOrder.connectorId, place.connectorId))] : []),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * The card's (or app user's) own verdict at `now`, without the running-session check, and whether
 * it is a manager card. Another company's card learns nothing of its expiry.
 */
async function holderVerdict(db: Db, idTag: string, charger: IdTagCharger, now: Date): Promise<{ verdict: IdTagVerdict; managerCard: boolean }> {
  const [card] = await db.select().from(cardUser).where(eq(cardUser.cardNumber, idTag)).limit(1);
  if (card) {
    const rule = cardRule(card, charger, now);
    return {
      verdict: { ...rule, userType: 'CARD', cardUserId: card.id, appUserId: null, expiryDate: rule.reason === 'OTHER_COMPANY' ? null : card.expiryDate },
      managerCard: card.managerCard,
    };
  }
  const [app] = await db.select().from(appUser).where(eq(appUser.idTag, idTag)).limit(1);
  if (!app)
    return { verdict: { status: 'Invalid', reason: 'UNKNOWN', userType: 'CARD', cardUserId: null, appUserId: null, expiryDate: null }, managerCard: false };
  const rule: Pick<IdTagVerdict, 'status' | 'reason'> =
    app.companyCode !== charger.companyCode
      ? { status: 'Invalid', reason: 'OTHER_COMPANY' }
      : !app.active
        ? { status: 'Blocked', reason: 'INACTIVE' }
        : isExpired(app.expiryDate, now)
          ? { status: 'Expired', reason: 'EXPIRED' }
          : new Decimal(app.balance).lte(0)
            ? { status: 'Blocked', reason: 'NO_BALANCE' }
            : { status: 'Accepted', reason: null };
  return {
    verdict: { ...rule, userType: 'APP', cardUserId: null, appUserId: app.id, expiryDate: rule.reason === 'OTHER_COMPANY' ? null : app.expiryDate },
    managerCard: false,
  };
}

/**
 * Checks an idTag presented for a StartTransaction or a remote start at `charger` (and at `place`):
 * the holder's own status, then ConcurrentTx when it is already charging elsewhere. Reads
 * card_user, then app_user, then the open orders of the idTag.
 */
export async function checkIdTag(db: Db, idTag: string, charger: IdTagCharger, place?: StartPlace, now: Date = new Date()): Promise<IdTagVerdict> {
  const { verdict, managerCard } = await holderVerdict(db, idTag, charger, now);
  if (verdict.status === 'Accepted' && !managerCard && (await chargingElsewhere(db, idTag, place))) {
    return { ...verdict, status: 'ConcurrentTx', reason: 'CONCURRENT' };
  }
  return verdict;
}

/**
 * Checks an idTag presented in an Authorize at `charger`: the holder's own status only (Accepted, Expired,
 * Blocked, Invalid), never ConcurrentTx — OCPP 1.6 IdTagInfo: ConcurrentTx "only relevant for a
 * StartTransaction.req", so a card whose earlier Stop was lost is not refused everywhere; the
 * StartTransaction that follows still answers ConcurrentTx (requirements R12.44).
 */
export async function authorizeIdTag(db: Db, idTag: string, charger: IdTagCharger, now: Date = new Date()): Promise<IdTagVerdict> {
  return (await holderVerdict(db, idTag, charger, now)).verdict;
}
