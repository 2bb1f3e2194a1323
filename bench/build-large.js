// Builds a synthetic national-size feed to measure stop_times streaming: rows/s and peak RSS.
// Usage: node bench/build-large.js [--rows 20000000] [--builder DIR] [--in-memory]   (writes its feed to the OS temp folder)
// Prints wall and CPU seconds of the build, rows per CPU second, peak RSS and the snapshot's sha256
// (fixed builtAt). --builder DIR builds with another copy of packages/builder/dist inside this checkout.
import { mkdtempSync, mkdirSync, createWriteStream, writeFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildToFile, sha256OfFile } from './build-to-file.js';

const builderArg = process.argv.indexOf('--builder');
const builderModule = await import(builderArg > 0 ? pathToFileURL(path.resolve(process.argv[builderArg + 1], 'index.js')).href : '@transit/builder');

const arg = process.argv.indexOf('--rows');
const rows = arg > 0 ? Number(process.argv[arg + 1]) : 5_000_000;
const STOPS_PER_TRIP = 25;
const trips = Math.ceil(rows / STOPS_PER_TRIP);
const stopCount = 50_000;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'large-feed-'));
const dir = path.join(tmp, 'large-feed'); // a fixed feed name: the snapshot (and its sha256) does not depend on the temp folder
mkdirSync(dir);

writeFileSync(path.join(dir, 'agency.txt'), 'agency_id,agency_name,agency_url,agency_timezone\nA,Agency,https://example.org,Europe/London\n');
writeFileSync(path.join(dir, 'routes.txt'), 'route_id,agency_id,route_short_name,route_type\n' + Array.from({ length: 2000 }, (_, r) => `R${r},A,${r},3`).join('\n') + '\n');
writeFileSync(path.join(dir, 'calendar.txt'), 'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWK,1,1,1,1,1,0,0,20260105,20260630\n');
writeFileSync(path.join(dir, 'stops.txt'), 'stop_id,stop_name,stop_lat,stop_lon\n' + Array.from({ length: stopCount }, (_, s) => `S${s},Stop ${s},${(50 + (s % 500) / 100).toFixed(4)},${(-4 + Math.floor(s / 500) / 50).toFixed(4)}`).join('\n') + '\n');
let out = createWriteStream(path.join(dir, 'trips.txt'));
out.write('route_id,service_id,trip_id\n');
for (let t = 0; t < trips; t++) if (!out.write(`R${t % 2000},WK,T${t}\n`)) await once(out, 'drain');
out.end();
await once(out, 'finish');
out = createWriteStream(path.join(dir, 'stop_times.txt'));
out.write('trip_id,arrival_time,departure_time,stop_id,stop_sequence\n');
const hhmmss = (s) => `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:00`;
for (let t = 0; t < trips; t++) {
  const route = t % 2000;
  const start = 5 * 3600 + (Math.floor(t / 2000) * 600) % (18 * 3600);
  let chunk = '';
  for (let i = 0; i < STOPS_PER_TRIP; i++) {
    const time = hhmmss(start + i * 120);
    chunk += `T${t},${time},${time},S${(route * 25 + i) % stopCount},${i + 1}\n`;
  }
  if (!out.write(chunk)) await once(out, 'drain');
}
out.end();
await once(out, 'finish');

const t0 = performance.now();
const cpu0 = process.cpuUsage();
const options = { gtfs: [dir], quiet: !process.stderr.isTTY, builtAt: '2026-01-01T00:00:00.000Z' };
const file = path.join(tmp, 'large.snap');
const { snapshotBytes, issues } = await buildToFile(builderModule, options, file, process.argv.includes('--in-memory'));
const secs = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
const cpuSecs = (cpu.user + cpu.system) / 1e6;
const maxRssMiB = process.resourceUsage().maxRSS / 1024; // before hashing, which streams the file
const sha256 = await sha256OfFile(file);
console.log(JSON.stringify({ rows: trips * STOPS_PER_TRIP, trips, seconds: +secs.toFixed(1), cpuSeconds: +cpuSecs.toFixed(1), rowsPerSecond: Math.round((trips * STOPS_PER_TRIP) / secs), rowsPerCpuSecond: Math.round((trips * STOPS_PER_TRIP) / cpuSecs), peakRssMiB: Math.round(maxRssMiB), bytesPerRow: +((maxRssMiB * 1048576) / (trips * STOPS_PER_TRIP)).toFixed(1), snapshotMiB: +(snapshotBytes / 1048576).toFixed(1), issues: issues.total, sha256 }));
rmSync(tmp, { recursive: true, force: true });
