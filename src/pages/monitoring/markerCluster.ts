/**
 * Leaflet.markercluster, loaded once: the plugin is a UMD script that extends the global `L`, so
 * leaflet is made global first (leafletGlobal.ts, imported before the plugin). Import `L` from
 * here where clustering is needed.
 */
import L from './leafletGlobal';
import 'leaflet.markercluster';
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';

export default L;
