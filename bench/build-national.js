// Builder throughput and memory at national scale: the real feeds tiled N times over GB
// (bench/national-feed.js, generated once into .cache/national-N), then built in a fresh Node
// process so its peak RSS is the builder's alone.
// Usage: node bench/build-national.js --tiles 8 [--feeds newport,vilnius,...] [--keep] [--builder DIR] [--in-memory]
// Prints stop times/s, peak RSS (bytes per stop time), snapshot bytes per stop time and the
// snapshot's sha256 (built with a fixed builtAt, so two builders can be compared byte for byte).
// --builder DIR builds with another copy of packages/builder/dist (e.g. a saved baseline); it
// must sit inside this checkout (it imports @transit/engine from node_modules). The build writes
// the file with buildSnapshotFile when the builder has it (--in-memory: buildSnapshot's bytes).
import { existsSync, readFileSync, statSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeNationalFeed } from './national-feed.js';
import { buildToFile, sha256OfFile } from './build-to-file.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};

if (process.argv.includes('--child')) {
  // The build itself, alone in this process.
  const builder = arg('--builder');
  const builderModule = await import(builder ? pathToFileURL(path.resolve(builder, 'index.js')).href : '@transit/builder');
  const dir = arg('--child');
  const options = { gtfs: [path.join(dir, 'gtfs')], quiet: true, builtAt: '2026-01-01T00:00:00.000Z' };
  const file = path.join(dir, 'national.snap');
  const t0 = performance.now();
  const { snapshotBytes, issues } = await buildToFile(builderModule, options, file, process.argv.includes('--in-memory'));
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage();
  const peakRssBytes = process.resourceUsage().maxRSS * 1024; // before hashing, which streams the file
  console.log(JSON.stringify({ seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, peakRssBytes, snapshotBytes, sha256: await sha256OfFile(file), issues: issues.total }));
} else {
  const tiles = Number(arg('--tiles', '8'));
  const feeds = arg('--feeds', 'newport,vilnius,southampton,wales,newport2024');
  const dir = path.join(ROOT, '.cache', `national-${tiles}-${feeds.replaceAll(',', '-')}`);
  if (!existsSync(path.join(dir, 'tiles.json'))) {
    process.stderr.write(`generating ${tiles} tiles into ${dir}\n`);
    await writeNationalFeed({ tiles, out: dir, feeds: feeds.split(','), log: (l) => process.stderr.write(l + '\n') });
  }
  const manifest = JSON.parse(readFileSync(path.join(dir, 'tiles.json'), 'utf8'));
  const stopTimes = manifest.rows['stop_times.txt'];
  const builder = arg('--builder');
  const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--child', dir, ...(builder ? ['--builder', builder] : []), ...(process.argv.includes('--in-memory') ? ['--in-memory'] : [])], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 20 });
  const r = JSON.parse(out.trim().split('\n').pop());
  console.log(
    JSON.stringify({
      tiles,
      feeds,
      stopTimes,
      seconds: +r.seconds.toFixed(1),
      cpuSeconds: +r.cpuSeconds.toFixed(1),
      stopTimesPerSecond: Math.round(stopTimes / r.seconds),
      stopTimesPerCpuSecond: Math.round(stopTimes / r.cpuSeconds),
      peakRssMiB: Math.round(r.peakRssBytes / 1048576),
      peakBytesPerStopTime: +(r.peakRssBytes / stopTimes).toFixed(1),
      snapshotMiB: +(r.snapshotBytes / 1048576).toFixed(1),
      snapshotBytesPerStopTime: +(r.snapshotBytes / stopTimes).toFixed(1),
      gtfsFolderMiB: Math.round(statSync(path.join(dir, 'gtfs', 'stop_times.txt')).size / 1048576),
      issues: r.issues,
      sha256: r.sha256,
    }),
  );
  if (!process.argv.includes('--keep')) rmSync(path.join(dir, 'national.snap'), { force: true });
}
