import proj4 from 'proj4';

// OSGB36 / British National Grid with the OSTN-approximating 7-parameter Helmert shift
// (accurate to a few metres, enough for stops and localities).
const BNG = '+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +ellps=airy +towgs84=446.448,-125.157,542.06,0.15,0.247,0.842,-20.489 +units=m +no_defs';
const toWgs84 = proj4(BNG, 'WGS84');
const fromWgs84 = proj4('WGS84', BNG);

/** British National Grid easting/northing (metres) to WGS84 [lat, lon]; NaN for non-numbers. */
export function osgbToWgs84(easting: number, northing: number): [number, number] {
  if (!Number.isFinite(easting) || !Number.isFinite(northing)) return [NaN, NaN];
  const [lon, lat] = toWgs84.forward([easting, northing]);
  return [lat, lon];
}

/** WGS84 degrees to British National Grid [easting, northing] in whole metres, as NaPTAN lists them. */
export function wgs84ToOsgb(lat: number, lon: number): [number, number] {
  const [easting, northing] = fromWgs84.forward([lon, lat]);
  return [Math.round(easting), Math.round(northing)];
}
