/**
 * The region catalogue of `transit fetch`: which official public sources make a region's
 * snapshot. Data only; `regionSources()` (sources.ts) turns a region into download jobs.
 *
 * URLs were checked against public code and documentation that use them (see the README,
 * "Real data in one command"); no machine here reaches the hosts, so none was fetched live.
 */

/** A builder input a source feeds: the `transit build` flag without its dashes. */
export type SourceKind = 'gtfs' | 'naptan' | 'nptg' | 'postcodes' | 'rail_stations' | 'osm' | 'rail_timetable';

/** How each kind is stored, passed to the builder, licensed, and whether a build needs it. */
export const KINDS: Record<SourceKind, { ext: string; flag: string; required: boolean; what: string }> = {
  gtfs: { ext: '.zip', flag: '--gtfs', required: true, what: 'bus timetables (BODS regional GTFS)' },
  naptan: { ext: '.csv', flag: '--naptan', required: true, what: 'stops (NaPTAN Stops.csv of the ATCO areas)' },
  nptg: { ext: '.csv', flag: '--nptg', required: false, what: 'localities (NPTG Localities.csv)' },
  postcodes: { ext: '.csv', flag: '--postcodes', required: false, what: 'postcode centroids (Postcode,lat,long)' },
  rail_stations: { ext: '.csv', flag: '--rail-stations', required: false, what: 'rail stations (CRS, name, position)' },
  osm: { ext: '.osm.pbf', flag: '--osm', required: false, what: 'OpenStreetMap extract (streets)' },
  rail_timetable: { ext: '.zip', flag: '--cif', required: false, what: 'RDG/ATOC CIF rail timetable (needs a login upstream)' },
};

/** One region: BODS region id, NaPTAN ATCO areas, postcode areas, OSM extracts, planner coverage. */
export interface Region {
  name: string;
  title: string;
  /** Region id of the BODS GTFS download (`gtfs-file/<id>/`). */
  bods: string;
  /** NaPTAN ATCO area codes (3 digits): the region's areas, then national rail 910 and tram 940; empty = every area. */
  atcoAreas: string[];
  /** Postcode areas (outward letters), one centroid file each. */
  postcodeAreas: string[];
  /** OpenStreetMap extracts, as paths under the mirror (Geofabrik layout). */
  osm: string[];
  /**
   * Extracts fetched instead of `osm` only when the user narrows the coverage (`--coverage`):
   * the build cuts them to it, so a national region never makes a national street graph.
   */
  osmWithCoverage?: string[];
  /** Journey-planner coverage `minLat,minLon,maxLat,maxLon` (the union of the OSM extracts' boxes). */
  coverage: string;
}

/** Where each default comes from (overridable per source with `--source NAME=URL`). */
export const DEFAULT_URLS = {
  bods: (region: string) => `https://data.bus-data.dft.gov.uk/timetable/download/gtfs-file/${region}/`,
  naptan: (areas: string[]) => `https://naptan.api.dft.gov.uk/v1/access-nodes?dataFormat=csv${areas.length ? `&atcoAreaCodes=${areas.join(',')}` : ''}`,
  nptg: 'https://naptan.api.dft.gov.uk/v1/nptg/localities',
  postcodes: (area: string) => `https://odileeds.github.io/Postcodes2LatLon/postcodes/${area}.csv`,
  railStations: 'https://raw.githubusercontent.com/davwheat/uk-railway-stations/main/stations.csv',
  osmMirror: 'https://download.geofabrik.de',
} as const;

/** Licence of each kind's default source, shown by `--list` and in the README. */
export const LICENCES: Record<SourceKind, string> = {
  gtfs: 'OGL v3 (Bus Open Data Service, DfT)',
  naptan: 'OGL v3 (NaPTAN, DfT)',
  nptg: 'OGL v3 (NPTG, DfT)',
  postcodes: 'OGL v3 (ONS Postcode Directory via ODI Leeds Postcodes2LatLon; contains OS and Royal Mail data)',
  rail_stations: 'ODbL (davwheat/uk-railway-stations, Trainline EU)',
  osm: 'ODbL (© OpenStreetMap contributors)',
  rail_timetable: 'as agreed with the Rail Delivery Group data feeds',
};

const ENGLAND = 'europe/united-kingdom/england';
const osm = (...counties: string[]) => counties.map((c) => `${ENGLAND}/${c}-latest.osm.pbf`);
const NATIONAL = ['910', '940'];

/** Every postcode area of Great Britain (Northern Ireland's BT is not in GB's bus data). */
const GB_POSTCODE_AREAS = (
  'AB AL B BA BB BD BH BL BN BR BS CA CB CF CH CM CO CR CT CV CW DA DD DE DG DH DL DN DT DY E EC EH EN EX FK FY ' +
  'G GL GU HA HD HG HP HR HS HU HX IG IP IV KA KT KW KY L LA LD LE LL LN LS LU M ME MK ML N NE NG NN NP NR NW OL ' +
  'OX PA PE PH PL PO PR RG RH RM S SA SE SG SK SL SM SN SO SP SR SS ST SW SY TA TD TF TN TQ TR TS TW UB W WA WC ' +
  'WD WF WN WR WS WV YO ZE'
).split(' ');

/** Every region `transit fetch` knows by name. */
export const REGIONS: Region[] = [
  {
    name: 'gb',
    title: 'Great Britain (all of BODS, NaPTAN and postcodes; streets only with --coverage)',
    bods: 'all',
    atcoAreas: [],
    postcodeAreas: GB_POSTCODE_AREAS,
    osm: [],
    osmWithCoverage: ['europe/great-britain-latest.osm.pbf'],
    coverage: '49.85,-8.7,60.9,1.8',
  },
  {
    name: 'yorkshire',
    title: 'Yorkshire and the Humber',
    bods: 'yorkshire',
    atcoAreas: ['370', '450', '320', '329', '220', '229', ...NATIONAL],
    postcodeAreas: ['S', 'DN', 'LS', 'BD', 'HD', 'HX', 'WF', 'HG', 'YO', 'HU'],
    osm: osm('south-yorkshire', 'west-yorkshire', 'north-yorkshire', 'east-yorkshire-with-hull'),
    coverage: '53.2989,-2.5672,54.7022,0.4894',
  },
  {
    name: 'south_yorkshire',
    title: 'South Yorkshire (from the Yorkshire BODS feed)',
    bods: 'yorkshire',
    atcoAreas: ['370', ...NATIONAL],
    postcodeAreas: ['S', 'DN'],
    osm: osm('south-yorkshire'),
    coverage: '53.2989,-1.8259,53.6633,-0.8529',
  },
  {
    name: 'west_yorkshire',
    title: 'West Yorkshire (from the Yorkshire BODS feed)',
    bods: 'yorkshire',
    atcoAreas: ['450', ...NATIONAL],
    postcodeAreas: ['LS', 'BD', 'HD', 'HX', 'WF'],
    osm: osm('west-yorkshire'),
    coverage: '53.5182,-2.1755,53.9649,-1.196',
  },
  {
    name: 'north_west',
    title: 'North West England',
    bods: 'north_west',
    atcoAreas: ['180', '280', '250', '258', '259', '060', '061', '068', '069', '090', ...NATIONAL],
    postcodeAreas: ['M', 'SK', 'OL', 'BL', 'WN', 'WA', 'L', 'CH', 'CW', 'PR', 'BB', 'FY', 'LA', 'CA'],
    osm: osm('greater-manchester', 'merseyside', 'lancashire', 'cheshire', 'cumbria'),
    coverage: '52.9455,-3.9075,55.1886,-1.908',
  },
  {
    name: 'north_east',
    title: 'North East England',
    bods: 'north_east',
    atcoAreas: ['410', '130', '310', '075', '076', '077', '078', '079', ...NATIONAL],
    postcodeAreas: ['NE', 'SR', 'DH', 'DL', 'TS'],
    // Middlesbrough and Redcar lie in the North Yorkshire extract: streets there are missing.
    osm: osm('tyne-and-wear', 'durham', 'northumberland'),
    coverage: '54.4502,-2.6907,55.8487,-0.78',
  },
  {
    name: 'west_midlands',
    title: 'West Midlands',
    bods: 'west_midlands',
    atcoAreas: ['430', '380', '389', '420', '200', '209', '350', '359', ...NATIONAL],
    postcodeAreas: ['B', 'CV', 'WV', 'WS', 'DY', 'ST', 'WR', 'HR', 'SY', 'TF'],
    osm: osm('west-midlands', 'staffordshire', 'warwickshire', 'worcestershire', 'herefordshire', 'shropshire'),
    coverage: '51.8262,-3.2356,53.2274,-1.1711',
  },
  {
    name: 'east_midlands',
    title: 'East Midlands',
    bods: 'east_midlands',
    atcoAreas: ['339', '330', '109', '100', '269', '260', '268', '270', '300', '305', '227', '228', ...NATIONAL],
    postcodeAreas: ['NG', 'DE', 'LE', 'LN', 'NN'],
    osm: osm('nottinghamshire', 'derbyshire', 'leicestershire', 'rutland', 'lincolnshire', 'northamptonshire'),
    coverage: '51.9765,-2.0358,53.73,0.4944',
  },
  {
    name: 'london',
    title: 'London',
    bods: 'london',
    atcoAreas: ['490', ...NATIONAL],
    postcodeAreas: ['E', 'EC', 'N', 'NW', 'SE', 'SW', 'W', 'WC', 'BR', 'CR', 'DA', 'EN', 'HA', 'IG', 'KT', 'RM', 'SM', 'TW', 'UB'],
    osm: osm('greater-london'),
    coverage: '51.2855,-0.5115,51.6934,0.3354',
  },
];

/** The region called `name` (`-` and `_` alike, any case), or undefined. */
export function findRegion(name: string): Region | undefined {
  const key = name.toLowerCase().replace(/-/g, '_');
  return REGIONS.find((r) => r.name === key);
}
