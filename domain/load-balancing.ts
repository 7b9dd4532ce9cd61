/**
 * Dynamic load balancing of a station (requirements §16): the grid connection limit (A per phase)
 * is shared among the charging connectors. Pure.
 */

/** A charging connector: its key, the least it may be given (A) and the most it can draw (A). */
export interface LoadClaim {
  key: string;
  minA: number;
  maxA: number;
}

/**
 * Fair share of `limitA` among `claims` (water filling): every connector gets the same current,
 * except that none gets more than its `maxA` (the rest goes to the others). When the limit cannot
 * give every connector its `minA`, connectors are admitted in the order given (the earliest
 * sessions first) while their minimum fits; the others get 0 A (paused, OCPP limit 0). Shares are
 * rounded down to 0.1 A, so their sum never exceeds the limit.
 * @returns key → allotted current (A).
 */
export function fairShare(limitA: number, claims: readonly LoadClaim[]): Map<string, number> {
  const out = new Map<string, number>(claims.map((c) => [c.key, 0]));
  const admitted: LoadClaim[] = [];
  let reserved = 0;
  for (const c of claims) {
    if (reserved + c.minA <= limitA + 1e-9) {
      admitted.push(c);
      reserved += c.minA;
    }
  }
  let left = limitA;
  let open = [...admitted].sort((a, b) => a.maxA - b.maxA);
  while (open.length) {
    const share = left / open.length;
    const capped = open.filter((c) => c.maxA <= share);
    if (!capped.length) {
      for (const c of open) out.set(c.key, Math.floor(Math.max(share, c.minA) * 10) / 10);
      break;
    }
    for (const c of capped) {
      out.set(c.key, c.maxA);
      left -= c.maxA;
    }
    open = open.filter((c) => c.maxA > share);
  }
  return out;
}
