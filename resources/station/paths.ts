/**
 * Console paths of the Stations area. The station profile page (`#/Stations/StationProfile`)
 * holds four tabs: stations (its index), chargers, gateways and rate templates, each with its
 * own create / `:id` edit / `:id/show` sub-paths; the station groups have their own page.
 */
export const STATION_PROFILE_PATH = '/Stations/StationProfile';
export const STATION_GROUP_PATH = '/Stations/StationGroup';
export const CHARGERS_PATH = `${STATION_PROFILE_PATH}/chargers`;
export const GATEWAYS_PATH = `${STATION_PROFILE_PATH}/gateways`;
export const RATE_TEMPLATES_PATH = `${STATION_PROFILE_PATH}/rate-templates`;
export const SEARCH_PATH = '/Search/Search';

/** The station's remote-upgrade view for a gateway (spec §2 query `GatewaySN`). */
export const upgradePath = (gatewaySn: string) => `${STATION_PROFILE_PATH}?${new URLSearchParams({ GatewaySN: gatewaySn })}`;
