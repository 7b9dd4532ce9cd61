/** Record of `GET /sp/search` (spec §2 "Search": Charger SN, Gateway SN or Station Name), built by the server, read by the console; types only. */

/** One hit: what a link to its record needs. */
export interface SearchHit {
  type: 'charger' | 'gateway' | 'station';
  id: number;
  /** SN of a charger or gateway, name of a station. */
  name: string;
  serialNum: string | null;
  stationId: number | null;
  stationName: string | null;
  companyCode: string;
  companyName: string | null;
  /** Live connection of a charger or gateway; null for stations. */
  online: boolean | null;
  /** Life status of a device, status of a station. */
  status: string;
}
