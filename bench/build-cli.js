// The national build as `transit build` runs it (GTFS, NaPTAN, postcodes, a GB coverage; written
// to a file section by section), timed in this process: wall, CPU (user + system), stop times
// per CPU s and per wall s, peak RSS, and the snapshot's sha256 (fixed builtAt, so two builders
// can be compared byte for byte).
// Usage: node bench/build-cli.js --dir D --out FILE [--builder DIR] [--stop-times N]
//   D: a folder of bench/national-serve.js's cache (os.tmpdir()/transit-national-serve/tiles*-*),
//   holding gtfs/, naptan/Stops.csv and postcodes/postcodes.csv.
//   --builder DIR: another copy of packages/builder/dist inside this checkout (a saved baseline).
//   --stop-times N: the snapshot's stop times (57,301,320 at 200 tiles), else the engine counts them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildToFile, sha256OfFile } from './build-to-file.js';

const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const dir = arg('--dir');
const out = arg('--out');
if (!dir || !out) throw new Error('usage: node bench/build-cli.js --dir D --out FILE [--builder DIR]');
const builder = arg('--builder');
const builderModule = await import(builder ? pathToFileURL(path.resolve(builder, 'index.js')).href : '@transit/builder');
const options = {
  gtfs: [path.join(dir, 'gtfs')],
  naptan: [path.join(dir, 'naptan', 'Stops.csv')],
  postcodes: [path.join(dir, 'postcodes', 'postcodes.csv')],
  coverage: '49,-9,61,3',
  quiet: true,
  builtAt: '2026-01-01T00:00:00.000Z',
};
const t0 = performance.now();
const { snapshotBytes } = await buildToFile(builderModule, options, out, false);
const seconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage();
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
const peakRssMiB = Math.round(process.resourceUsage().maxRSS / 1024); // before hashing, which streams the file
const stopTimes = await snapshotStopTimes(out);
console.log(JSON.stringify({
  builder: builder ?? 'packages/builder/dist',
  seconds: +seconds.toFixed(1),
  cpuSeconds: +cpuSeconds.toFixed(1),
  stopTimes,
  perCpuSecond: Math.round(stopTimes / cpuSeconds),
  perWallSecond: Math.round(stopTimes / seconds),
  peakRssMiB,
  snapshotMiB: +(snapshotBytes / 1048576).toFixed(1),
  sha256: await sha256OfFile(out),
}));

/** Stop times in the snapshot: --stop-times N, or the engine's count from the file (8 and 32 tiles; the 200-tile file is 707 MiB). */
async function snapshotStopTimes(file) {
  if (arg('--stop-times')) return Number(arg('--stop-times'));
  const { Engine } = await import('@transit/engine');
  const tt = Engine.open(new Uint8Array(readFileSync(file)).buffer).timetable;
  return tt.stopTimeCount ?? tt.arrivals.length;
}
