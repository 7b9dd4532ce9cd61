/** Edit a card user (`#/ChargerUsers/CardUsers/:id`, `PUT /sp/card-user/{id}`); the balance changes only through its dialogs. */
import { Edit, useTranslate } from 'react-admin';
import { CardUserForm } from './CardUserInputs';
import { routePath } from '../../domain/routes';

export function CardUserEdit() {
  const translate = useTranslate();
  return (
    <Edit resource="card-user" title={translate('resources.card-user.edit_title')} mutationMode="pessimistic" redirect={() => routePath('cardUsers')}>
      <CardUserForm />
    </Edit>
  );
}

export default CardUserEdit;
