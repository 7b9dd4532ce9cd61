/**
 * Editing a station (`#/Stations/StationProfile/:id`), pessimistic (the server's refusal is
 * shown and nothing changes), with delete behind a confirmation.
 */
import { Edit, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { STATION_PROFILE_PATH } from './paths';
import { StationForm } from './StationInputs';

export function StationEdit() {
  const { id } = useParams();
  const translate = useTranslate();
  return (
    <Edit
      resource="station"
      id={id}
      mutationMode="pessimistic"
      redirect={() => `${STATION_PROFILE_PATH}/${id}/show`}
      title={translate('resources.station.edit_title')}
      actions={false}
    >
      <StationForm edit />
    </Edit>
  );
}

