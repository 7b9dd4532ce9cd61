/**
 * Editing a station (`#/Stations/StationProfile/:id`), pessimistic (the server's refusal is
 * shown and nothing changes), with delete behind a confirmation.
 */
import { Edit, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { StationForm } from './StationInputs';
import { STATION_PROFILE_TABS } from '../../domain/routes';

export function StationEdit() {
  const { id } = useParams();
  const translate = useTranslate();
  return (
    <Edit
      resource="station"
      id={id}
      mutationMode="pessimistic"
      redirect={() => `${STATION_PROFILE_TABS.stations}/${id}/show`}
      title={translate('resources.station.edit_title')}
      actions={false}
    >
      <StationForm edit />
    </Edit>
  );
}
