// sha256 (first 16 hex digits) of the demo, South Yorkshire, Newport + OSM streets and Vilnius
// snapshots built with a fixed builtAt: two builders (or run sizes) must print the same lines.
// Usage: node bench/build-hashes.js [--builder DIR] [--run-rows N]   (needs ../shared/data)
// --builder DIR builds with another copy of packages/builder/dist inside this checkout;
// --run-rows N spills the stop times to a sorted run every N rows (stopTimeRunRows).
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const builder = arg('--builder');
const { buildSnapshot } = await import(builder ? pathToFileURL(path.resolve(builder, 'index.js')).href : '@transit/builder');
const runRows = arg('--run-rows') === undefined ? undefined : Number(arg('--run-rows'));
const D = path.resolve(ROOT, '../shared/data');
const inputs = {
  demo: { demo: true },
  sy: {
    naptan: [`${D}/naptan/370Stops.csv`, `${D}/naptan/940Stops_tram_metro.csv`],
    railStations: [`${D}/rail_stations/uk_railway_stations.csv`],
    postcodes: ['S', 'LS', 'BD', 'HD', 'WF', 'HX', 'DN'].map((a) => `${D}/postcodes/${a}.csv`),
    gtfs: ['GBRail', 'NW', 'WM'].map((f) => `${D}/gtfs/otp4gb_south_yorkshire_2019-09-10/${f}_GTFS_filtered.zip`),
  },
  newport: { gtfs: [`${D}/gtfs/newport_wales_bods_2023-06-13/newport-20230613_gtfs.zip`], osm: [`${D}/osm/newport_wales_2023-06-13.osm.pbf`], coverage: '-89,-179,89,179' },
  vilnius: { gtfs: [`${D}/gtfs/vilnius_2015-09-01/gtfs.zip`] },
};
for (const [name, options] of Object.entries(inputs)) {
  const { bytes } = await buildSnapshot({ ...options, stopTimeRunRows: runRows, quiet: true, builtAt: '2026-01-01T00:00:00.000Z' });
  console.log(name, bytes.length, createHash('sha256').update(bytes).digest('hex').slice(0, 16));
}
