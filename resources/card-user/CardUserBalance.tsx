/**
 * The balance record view of one card user (requirements §2 `/ChargerUsers/CardUsers?id=<card user id>`);
 * a value that is not a positive integer shows the list instead.
 */
import { BalanceRecords } from '../../src/components/balance/BalanceRecords';
import { CardUserList } from './CardUserList';
import type { CardUserRecord } from '../../domain/entities/card-user';

export function CardUserBalance({ value }: { value: string }) {
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0) return <CardUserList />;
  return (
    <BalanceRecords<CardUserRecord>
      resource="card-user"
      id={id}
      title={(r) => (
        <>
          <span style={{ fontFamily: 'monospace' }}>{r.cardNumber}</span> · {r.lastName} {r.firstName}
        </>
      )}
    />
  );
}
