/**
 * Registering a charger (`#/Stations/StationProfile/chargers/create`, `?stationId=` presets the
 * station): once saved the charger may connect over OCPP; it opens its show view. Duplicates
 * answer 302 / 303, shown as the server's message.
 */
import { Create, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { ChargerForm } from './ChargerInputs';
import { STATION_PROFILE_TABS } from '../../domain/routes';

export function ChargerCreate() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const stationId = Number(params.get('stationId')) || undefined;
  return (
    <Create
      resource="charger"
      record={stationId ? { stationId } : undefined}
      redirect={(_r, id) => `${STATION_PROFILE_TABS.chargers}/${id}/show`}
      title={translate('resources.charger.create_title')}
    >
      <ChargerForm />
    </Create>
  );
}
