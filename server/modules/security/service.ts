/**
 * The security module's writes that are not certificates: a charger's OCPP security profile
 * (docs/ocpp.md "Security profiles"; requirements R10.41–R10.42).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { charger } from '../../db/schema.js';
import { AppError } from '../../../domain/app-error.js';

/** The profile columns of a charger, as `PUT /sp/charger/{id}/security-profile` answers them. */
export interface SecurityProfileRow {
  id: number;
  serialNum: string;
  securityProfile: number;
  securityProfileRequested: number | null;
}

/**
 * Requests a higher profile (`mode: 'request'`: raised by the first connection that meets it; a
 * profile not above the current one → 400 `profile`) or sets one by hand (`mode: 'set'`, lowering
 * included, only with `confirm: true`, else 866). Answers the charger's profile columns after the change.
 */
export async function setSecurityProfile(
  db: Db,
  current: { id: number; securityProfile: number },
  profile: number,
  mode: 'request' | 'set',
  confirm: boolean | undefined,
): Promise<SecurityProfileRow> {
  if (mode === 'request') {
    if (profile <= current.securityProfile) throw new AppError(400, 'profile');
    await db.update(charger).set({ securityProfileRequested: profile }).where(eq(charger.id, current.id));
  } else {
    if (confirm !== true) throw new AppError(866, 'confirm');
    await db.update(charger).set({ securityProfile: profile, securityProfileRequested: null }).where(eq(charger.id, current.id));
  }
  const [row] = await db
    .select({
      id: charger.id,
      serialNum: charger.serialNum,
      securityProfile: charger.securityProfile,
      securityProfileRequested: charger.securityProfileRequested,
    })
    .from(charger)
    .where(eq(charger.id, current.id));
  return row;
}
