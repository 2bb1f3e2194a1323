import { csvText } from './csv-text.js';
import { wgs84ToOsgb } from '../geo/osgb.js';
import type { DemoStop } from './model.js';

/** The 43 columns of a NaPTAN Stops.csv export, in order (as in 370Stops.csv). */
export const NAPTAN_COLUMNS = [
  'ATCOCode', 'NaptanCode', 'PlateCode', 'CleardownCode', 'CommonName', 'CommonNameLang', 'ShortCommonName', 'ShortCommonNameLang',
  'Landmark', 'LandmarkLang', 'Street', 'StreetLang', 'Crossing', 'CrossingLang', 'Indicator', 'IndicatorLang', 'Bearing',
  'NptgLocalityCode', 'LocalityName', 'ParentLocalityName', 'GrandParentLocalityName', 'Town', 'TownLang', 'Suburb', 'SuburbLang',
  'LocalityCentre', 'GridType', 'Easting', 'Northing', 'Longitude', 'Latitude', 'StopType', 'BusStopType', 'TimingStatus',
  'DefaultWaitTime', 'Notes', 'NotesLang', 'AdministrativeAreaCode', 'CreationDateTime', 'ModificationDateTime', 'RevisionNumber',
  'Modification', 'Status',
] as const;

type NaptanColumn = (typeof NAPTAN_COLUMNS)[number];

/** A fixed record date: the demo must not depend on the clock. */
const RECORD_DATE = '2024-01-01T09:00:00';

/** NaPTAN AdministrativeAreaCode: South Yorkshire 099, West Yorkshire 107, national tram 147, national rail 110. */
function adminArea(stop: DemoStop): string {
  if (stop.stopType === 'PLT') return '147';
  if (stop.stopType === 'RLY') return '110';
  return stop.locality.area === 'south' ? '099' : '107';
}

function naptanRecord(stop: DemoStop): Partial<Record<NaptanColumn, string>> {
  const [easting, northing] = wgs84ToOsgb(stop.lat, stop.lon);
  const bus = stop.stopType === 'BCT' || stop.stopType === 'BCS';
  const parent = stop.locality.town === stop.locality.name ? '' : stop.locality.town;
  return {
    ATCOCode: stop.atco,
    NaptanCode: stop.naptanCode,
    PlateCode: stop.locality.area === 'south' ? stop.naptanCode : '',
    CommonName: stop.name,
    ShortCommonName: stop.shortName,
    Landmark: stop.stopType === 'BCT' && !/(Street|Road|Lane)$/.test(stop.name) ? stop.name : '',
    Street: stop.street,
    Indicator: stop.indicator,
    Bearing: stop.bearing,
    NptgLocalityCode: stop.locality.code,
    LocalityName: stop.locality.name,
    ParentLocalityName: parent,
    Town: stop.locality.town,
    LocalityCentre: stop.stopType === 'BCS' ? 'true' : 'false',
    GridType: 'UKOS',
    Easting: String(easting),
    Northing: String(northing),
    Longitude: stop.lon.toFixed(9),
    Latitude: stop.lat.toFixed(9),
    StopType: stop.stopType,
    BusStopType: stop.stopType === 'BCT' ? 'MKD' : '',
    TimingStatus: bus ? (stop.timingPoint ? 'PTP' : 'OTH') : '',
    AdministrativeAreaCode: adminArea(stop),
    CreationDateTime: RECORD_DATE,
    ModificationDateTime: RECORD_DATE,
    RevisionNumber: '0',
    Modification: 'new',
    Status: stop.active ? 'active' : 'inactive',
  };
}

/** Stops.csv text for every stop (bus, tram, rail; active and inactive), in the given order. */
export function naptanCsv(stops: readonly DemoStop[]): string {
  return csvText(NAPTAN_COLUMNS, stops.map((s) => {
    const record = naptanRecord(s);
    return NAPTAN_COLUMNS.map((c) => record[c] ?? '');
  }));
}
