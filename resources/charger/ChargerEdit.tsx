/**
 * Editing a charger (`#/Stations/StationProfile/chargers/:id`), pessimistic: a change of SN,
 * station, phase or type while the charger is connected (717) or has unclosed orders (716) is
 * refused and the server's message shown; nothing changes.
 */
import { Edit, useGetOne, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { ChargerForm } from './ChargerInputs';
import { STATION_PROFILE_TABS } from '../../domain/routes';

export function ChargerEdit() {
  const { id } = useParams();
  const translate = useTranslate();
  const { data } = useGetOne('charger', { id: Number(id) }, { enabled: Boolean(id) });
  return (
    <Edit
      resource="charger"
      id={id}
      mutationMode="pessimistic"
      redirect={() => `${STATION_PROFILE_TABS.chargers}/${id}/show`}
      title={translate('resources.charger.edit_title')}
      actions={false}
    >
      <ChargerForm edit online={Boolean(data?.online)} />
    </Edit>
  );
}
