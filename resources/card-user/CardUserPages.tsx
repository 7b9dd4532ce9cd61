/**
 * The card user pages under the spec's path `/ChargerUsers/CardUsers`: the list (or, with
 * `?id=<card user id>`, that card's balance record view — spec §2), `create` and `:id` (edit).
 * The react-admin resource is the API's (`card-user`).
 */
import { ResourceContextProvider } from 'react-admin';
import { Route, Routes, useSearchParams } from 'react-router-dom';
import { BalanceRecords } from '../balance/BalanceRecords';
import { CardUserCreate } from './CardUserCreate';
import { CardUserEdit } from './CardUserEdit';
import { CardUserList } from './CardUserList';
import type { CardUserRecord } from './types';

function CardUserIndex() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (Number.isInteger(id) && id > 0) {
    return (
      <BalanceRecords<CardUserRecord>
        resource="card-user"
        id={id}
        title={(r) => <><span style={{ fontFamily: 'monospace' }}>{r.cardNumber}</span> · {r.lastName} {r.firstName}</>}
      />
    );
  }
  return <CardUserList />;
}

export default function CardUserPages() {
  return (
    <ResourceContextProvider value="card-user">
      <Routes>
        <Route index element={<CardUserIndex />} />
        <Route path="create" element={<CardUserCreate />} />
        <Route path=":id" element={<CardUserEdit />} />
      </Routes>
    </ResourceContextProvider>
  );
}
