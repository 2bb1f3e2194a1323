// The journeys bench/http-journey.js asks for (and bench/journey-http-profile.js plans in process):
// random points up to ~300 m from seeded-random served stops of Newport + streets (mulberry32),
// departures 06:00-20:00, the server's defaults otherwise.
import path from 'node:path';
import { NONE } from '@transit/engine';
import { DATA } from './snapshots.js';
import { mulberry32 } from './suites/stops.js';

/** ensureSnapshot arguments of the Newport + OSM streets snapshot with its coverage area. */
export const NEWPORT_STREETS_COVERED = ['newport-streets-covered', {
  gtfs: [path.join(DATA, 'gtfs/newport_wales_bods_2023-06-13/newport-20230613_gtfs.zip')],
  osm: [path.join(DATA, 'osm/newport_wales_2023-06-13.osm.pbf')],
  coverage: '51.50,-3.10,51.65,-2.85',
}];

/** Journey URLs between random points near served stops (with a street node when the snapshot has streets), inside the coverage area. */
export function journeyUrls(e, count, date, live) {
  const rand = mulberry32(count * 2 + (live ? 1 : 0));
  const st = e.stopTable;
  const stopNode = e.streets?.columns.stopNode;
  const cov = e.coverage;
  const stops = [];
  for (let s = 0; s < st.count; s++) {
    if (st.modes[s] && !(stopNode && stopNode[s] === NONE) && (!cov || cov.contains(st.lat[s], st.lon[s]))) stops.push(s);
  }
  const near = () => {
    for (;;) {
      const s = stops[Math.floor(rand() * stops.length)];
      const lat = st.lat[s] + (rand() - 0.5) * 0.005, lon = st.lon[s] + (rand() - 0.5) * 0.008;
      if (!cov || cov.contains(lat, lon)) return [lat.toFixed(6), lon.toFixed(6)];
    }
  };
  return Array.from({ length: count }, () => {
    const [a, b] = [near(), near()];
    const minute = 360 + Math.floor(rand() * 840);
    const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
    return `/v1/journey.json?from_lat=${a[0]}&from_lon=${a[1]}&to_lat=${b[0]}&to_lon=${b[1]}&datetime=${date}T${time}&include_live=${live}`;
  });
}
