import { createRequire } from 'node:module';
import type { Converter } from 'proj4';

// OSGB36 / British National Grid with the OSTN-approximating 7-parameter Helmert shift
// (accurate to a few metres, enough for stops and localities).
const BNG = '+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +ellps=airy +towgs84=446.448,-125.157,542.06,0.15,0.247,0.842,-20.489 +units=m +no_defs';
let converters: { toWgs84: Converter; fromWgs84: Converter } | undefined;

/** The two converters, made on first use: proj4 loads only for inputs in grid references (a GTFS-only build never needs it, nor the 3.6 MiB of RSS its import costs: `node -e "const a = process.memoryUsage().rss; require('proj4'); console.log(process.memoryUsage().rss - a)"` in packages/builder). */
function bng(): { toWgs84: Converter; fromWgs84: Converter } {
  if (converters) return converters;
  const proj4 = createRequire(import.meta.url)('proj4') as typeof import('proj4');
  converters = { toWgs84: proj4(BNG, 'WGS84'), fromWgs84: proj4('WGS84', BNG) };
  return converters;
}

/** British National Grid easting/northing (metres) to WGS84 [lat, lon]; NaN for non-numbers. */
export function osgbToWgs84(easting: number, northing: number): [number, number] {
  if (!Number.isFinite(easting) || !Number.isFinite(northing)) return [NaN, NaN];
  const [lon, lat] = bng().toWgs84.forward([easting, northing]);
  return [lat, lon];
}

/** WGS84 degrees to British National Grid [easting, northing] in whole metres, as NaPTAN lists them. */
export function wgs84ToOsgb(lat: number, lon: number): [number, number] {
  const [easting, northing] = bng().fromWgs84.forward([lon, lat]);
  return [Math.round(easting), Math.round(northing)];
}
