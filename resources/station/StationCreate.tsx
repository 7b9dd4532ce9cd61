/** A new station (`#/Stations/StationProfile/create`); saved, it opens its show view. */
import { Create, useTranslate } from 'react-admin';
import { STATION_PROFILE_PATH } from './paths';
import { StationForm } from './StationInputs';

export function StationCreate() {
  const translate = useTranslate();
  return (
    <Create resource="station" redirect={(_r, id) => `${STATION_PROFILE_PATH}/${id}/show`} title={translate('resources.station.create_title')}>
      <StationForm />
    </Create>
  );
}
