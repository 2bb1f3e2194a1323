// What the HTTP benchmarks share (http-load.js, soak.js, worker-memory.js): options, the real
// `transit serve` process, its resident memory, wrk runs and their parsed results, the request mix.
import { spawn, execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { servedStops } from './national-serve.js';

/** Numeric `--name value` option, else `dflt`. */
export function opt(name, dflt) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
}

/** Exits with a message when Debian's wrk is missing. */
export function requireWrk() {
  if (spawnSync('wrk', ['--version']).error) {
    console.error('wrk is not installed: apt-get install wrk');
    process.exit(2);
  }
}

/** Starts `transit serve --snapshot FILE --workers N` (key bench-key, unlimited) and resolves with { proc, url } once it listens. */
export async function startCli(file, workers, env = {}) {
  const bin = new URL('../packages/cli/bin/transit.js', import.meta.url).pathname;
  const proc = spawn(process.execPath, [bin, 'serve', '--snapshot', file, '--port', '0', '--workers', String(workers)], { env: { ...process.env, API_KEYS: 'bench-key:unlimited', ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  proc.stdout.on('data', (d) => (out += d));
  for (let t = 0; !/on (http:\S+) /.test(out); t++) {
    if (t > 2400 || proc.exitCode !== null) throw new Error(`server did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { proc, url: /on (http:\S+) /.exec(out)[1] };
}

/** Resident memory of a process, MiB (Linux /proc). */
export function rssMiB(pid) {
  return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
}

/** Writes a wrk Lua script cycling through `urls` (each thread from a random start), waiting `delayMs` before each request when > 0. */
export function mixScript(dir, name, urls, delayMs = 0) {
  const file = path.join(dir, `${name}.lua`);
  const delay = delayMs > 0 ? `delay = function() return ${delayMs} end\n` : '';
  writeFileSync(file, `local paths = {\n${urls.map((u) => JSON.stringify(u)).join(',\n')}\n}\nlocal i = 0\ninit = function(args) i = math.random(#paths) end\nrequest = function()\n  i = i % #paths + 1\n  return wrk.format("GET", paths[i])\nend\n${delay}`);
  return file;
}

/** `url` with the benchmark key added. */
export const withKey = (url) => url + (url.includes('?') ? '&' : '?') + 'api_key=bench-key';

/** Runs wrk (two threads) against `url`, with a Lua `script` when given; parsed results. */
export async function runWrk({ url, seconds, connections, script }) {
  const args = ['-t2', `-c${connections}`, `-d${seconds}s`, '--latency', ...(script ? ['-s', script] : []), url];
  const { stdout } = await promisify(execFile)('wrk', args, { encoding: 'utf8', maxBuffer: 1 << 24 });
  return {
    requestsPerSecond: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1])),
    requests: Number(/(\d+) requests in/.exec(stdout)?.[1]),
    p50: /50%\s+([\d.]+\w+)/.exec(stdout)?.[1],
    p99: /99%\s+([\d.]+\w+)/.exec(stdout)?.[1],
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0),
    socketErrors: /Socket errors: (.*)/.exec(stdout)?.[1] ?? 'none',
  };
}

/**
 * A request mix: 45% stop boards (busy stops, times across the day), 15% station boards, 15%
 * nearby stops, 10% places, 5% train operators at a station, 5% stops in a box, 5% disruptions
 * near a stop. `unique` makes every URL
 * distinct (a different minute or radius), so nothing can be reused; `boardsOnly` asks for stop
 * boards alone.
 */
export function mixUrls(e, count, day, unique, boardsOnly = false) {
  let seed = 12345;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const pick = (arr) => arr[Math.floor(rand() * arr.length)];
  const off = e.timetable.stopPatternOffsets;
  const busy = servedStops(e).sort((a, b) => (off[b + 1] - off[b]) - (off[a + 1] - off[a])).slice(0, 400);
  // Stations with platforms in the timetable (a board that lists trains).
  const stationStops = e.reader.u32('stations.stopOffsets');
  const crs = [...Array(e.stationTable.count).keys()].filter((i) => stationStops[i + 1] > stationStops[i]).map((i) => e.station(i).crsCode);
  const words = ['sheffield', 'rotherham', 'barnsley', 'doncaster', 'meadowhall', 'interchange', 'hospital', 'road', 'station', 'park', 'high street', 'S1', 'S10 2', 'crookes', 'hillsborough'];
  const urls = [];
  for (let n = 0; n < count; n++) {
    const minute = unique ? n % 1440 : Math.floor(rand() * 96) * 15;
    const t = `${day}T${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00`;
    const r = boardsOnly ? 0 : rand();
    const s = e.stop(pick(busy));
    if (r < 0.45) urls.push(`/v1/bus/stop_timetables/${encodeURIComponent(s.atcocode)}.json?datetime=${t}${unique ? `&limit=${1 + (n % 50)}` : ''}`);
    else if (r < 0.6) urls.push(`/v1/rail/station_timetables/${pick(crs)}.json?datetime=${t}${unique ? `&limit=${1 + (n % 50)}` : ''}`);
    else if (r < 0.75) urls.push(`/v1/bus/stops.json?lat=${s.latitude.toFixed(4)}&lon=${s.longitude.toFixed(4)}&radius=${unique ? 200 + (n % 4000) : 400}`);
    else if (r < 0.85) urls.push(`/v1/places.json?query=${encodeURIComponent(pick(words))}${unique ? `&lat=${(53.3 + rand() * 0.2).toFixed(5)}&lon=${(-1.6 + rand() * 0.4).toFixed(5)}` : ''}`);
    else if (r < 0.9) urls.push(`/v1/rail/routes.json?crs_code=${pick(crs)}${unique ? `&limit=${1 + (n % 100)}` : ''}`);
    else if (r < 0.95) urls.push(`/v1/bus/stops.json?min_lat=${(s.latitude - 0.01).toFixed(4)}&min_lon=${(s.longitude - 0.01).toFixed(4)}&max_lat=${(s.latitude + 0.01).toFixed(4)}&max_lon=${(s.longitude + 0.01).toFixed(4)}${unique ? `&limit=${1 + (n % 100)}` : ''}`);
    else urls.push(`/v1/disruptions.json?lat=${s.latitude.toFixed(4)}&lon=${s.longitude.toFixed(4)}${unique ? `&radius=${1000 + (n % 40000)}` : ''}`);
  }
  return urls;
}
