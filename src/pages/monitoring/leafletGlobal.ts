/** Makes leaflet the global `L` that UMD plugins (Leaflet.markercluster) extend. */
import L from 'leaflet';

(globalThis as unknown as { L: typeof L }).L = L;

export default L;
