/** Record of `GET /sp/station-group` and `GET /sp/station-group/{id}` (spec §3 "Station group"), built by the server, read by the console; types only. */

/** A station group with its company name and the number of stations in it (times ISO-8601 UTC). */
export interface StationGroupRecord {
  id: number;
  name: string;
  companyCode: string;
  companyName: string | null;
  isDefault: boolean;
  remark: string | null;
  stationCount: number;
  createdAt: string | null;
}
