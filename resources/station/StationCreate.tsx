/** A new station (`#/Stations/StationProfile/create`); saved, it opens its show view. */
import { Create, useTranslate } from 'react-admin';
import { StationForm } from './StationInputs';
import { STATION_PROFILE_TABS } from '../../domain/routes';

export function StationCreate() {
  const translate = useTranslate();
  return (
    <Create resource="station" redirect={(_r, id) => `${STATION_PROFILE_TABS.stations}/${id}/show`} title={translate('resources.station.create_title')}>
      <StationForm />
    </Create>
  );
}
