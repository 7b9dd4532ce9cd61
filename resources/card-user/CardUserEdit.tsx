/** Edit a card user (`#/ChargerUsers/CardUsers/:id`, `PUT /sp/card-user/{id}`); the balance changes only through its dialogs. */
import { Edit, useTranslate } from 'react-admin';
import { CardUserForm } from './CardUserInputs';
import { CARD_USERS_PATH } from './paths';
import { toCardUserBody } from './validators';
import type { CardUserRecord } from './types';

export function CardUserEdit() {
  const translate = useTranslate();
  return (
    <Edit
      resource="card-user"
      title={translate('resources.card-user.edit_title')}
      mutationMode="pessimistic"
      redirect={() => CARD_USERS_PATH}
      transform={(data: Partial<CardUserRecord>) => toCardUserBody(data)}
    >
      <CardUserForm />
    </Edit>
  );
}

export default CardUserEdit;
