/**
 * The balance screens' view of a holder (card user or app user, requirements §3 "Balance record"):
 * its API resource path, the operations its kind offers and what the screens read of its record.
 */
import type { CardUserRecord } from '../../../domain/entities/card-user';

/** A holder of a balance: the API resource path of its kind. */
export type HolderResource = 'card-user' | 'app-user';

/** Operations on a balance (`POST /sp/<holder>/{id}/<operation>`); app users have no `clear`. */
export type BalanceOperation = 'recharge' | 'gift' | 'refund' | 'clear';

/** What the balance screens read of a holder (card and app user records both have these). */
export type BalanceHolder = Pick<CardUserRecord, 'id' | 'balance' | 'currency' | 'active'>;
