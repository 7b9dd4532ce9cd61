/** New card user (`#/ChargerUsers/CardUsers/create`, `POST /sp/card-user`; 305 duplicate card, 900 digits). */
import { Create, useTranslate } from 'react-admin';
import { CardUserForm } from './CardUserInputs';
import { routePath } from '../../domain/routes';

export function CardUserCreate() {
  const translate = useTranslate();
  return (
    <Create
      resource="card-user"
      title={translate('resources.card-user.create_title')}
      redirect={() => routePath('cardUsers')}
      record={{ scope: 'ALL', stationIds: [], managerCard: false, active: true }}
    >
      <CardUserForm />
    </Create>
  );
}

export default CardUserCreate;
