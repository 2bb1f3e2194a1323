// Compares two checkouts' HTTP answers byte for byte, for refactors that must not change them:
// starts `transit serve` from each on the same snapshot file, asks both the same generated URLs
// (every endpoint, ids discovered from the answers, seeded journeys with their page cursors, bad
// values for every parameter, static files under each encoding, methods, keys) at the same
// moment, and reports every difference in status, headers (Date and request ids aside) or body.
// usage: node bench/compare-http.js BASE_CHECKOUT NEW_CHECKOUT SNAPSHOT [--new-snapshot FILE] [--live-config FILE] [--out FILE]
// (--new-snapshot: the new checkout serves FILE instead, e.g. the same feed built by its builder in a new format)
// (each checkout built with `npm run build`; exit status 1 when any answer differs)
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { mulberry32 } from './suites/stops.js';

const [baseDir, newDir, snapshot, ...rest] = process.argv.slice(2);
const opt = (name) => { const i = rest.indexOf(name); return i >= 0 ? rest[i + 1] : undefined; };
const liveConfig = opt('--live-config');
const newSnapshot = opt('--new-snapshot') ?? snapshot;
const outFile = opt('--out');
const KEY = 'cmp-key';

function bin(dir) {
  for (const p of ['packages/cli/bin/transit.js', 'packages/server/bin/transit.js']) if (existsSync(path.join(dir, p))) return path.join(dir, p);
  throw new Error(`no transit bin in ${dir}`);
}

function start(dir, file) {
  const args = [bin(dir), 'serve', '--snapshot', file, '--port', '0', '--workers', '1'];
  if (liveConfig) args.push('--live-config', liveConfig);
  const child = spawn(process.execPath, args, { cwd: dir, env: { ...process.env, API_KEYS: `${KEY}:unlimited`, LIVE_SIMULATE: 'false' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  return new Promise((resolve, reject) => {
    const onData = (d) => {
      text += d;
      const m = /Serving UK transit API on (http:\/\/[^\s]+)/.exec(text);
      if (m && /Ready/.test(text)) resolve({ child, url: m[1] });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server in ${dir} exited ${code}: ${text}`)));
  });
}

const IGNORED_HEADERS = new Set(['date', 'x-request-id', 'x-response-time', 'server-timing', 'age']);
async function ask(base, req) {
  const res = await fetch(base + req.path, { method: req.method ?? 'GET', headers: req.headers ?? { 'x-api-key': KEY }, redirect: 'manual' });
  const body = Buffer.from(await res.arrayBuffer());
  const headers = [...res.headers].filter(([k]) => !IGNORED_HEADERS.has(k)).sort().map(([k, v]) => `${k}: ${v}`).join('\n');
  return { status: res.status, headers, body };
}
const same = (a, b) => a.status === b.status && a.headers === b.headers && a.body.equals(b.body);
const normal = (r) => ({ ...r, headers: r.headers.replace(/etag: .*/, 'etag: *'), body: Buffer.from(r.body.toString('latin1').replace(/"request_time":"[^"]*"/g, '"request_time":"*"'), 'latin1') });

function collect(json, found) {
  if (Array.isArray(json)) { for (const v of json) collect(v, found); return; }
  if (json && typeof json === 'object') {
    for (const [k, v] of Object.entries(json)) {
      if (typeof v === 'string' && ['atcocode', 'crs_code', 'trip_id', 'route_id', 'next_page', 'previous_page', 'operator', 'operator_code', 'line', 'id'].includes(k)) (found[k] ??= new Set()).add(v);
      else collect(v, found);
    }
    if (typeof json.latitude === 'number' && typeof json.longitude === 'number') (found.points ??= []).push([json.latitude, json.longitude]);
  }
}

async function main() {
  const [a, b] = await Promise.all([start(baseDir, snapshot), start(newDir, newSnapshot)]);
  const random = mulberry32(7);
  const pick = (arr) => arr[Math.floor(random() * arr.length)];
  const found = {};
  const results = { total: 0, same: 0, timeOnly: 0, differ: [] };
  const log = [];
  const seen = new Set();
  async function check(req) {
    if (typeof req === 'string') req = { path: req };
    const id = `${req.method ?? 'GET'} ${req.path} ${JSON.stringify(req.headers ?? {})}`;
    if (seen.has(id)) return null;
    seen.add(id);
    results.total++;
    let x, y;
    for (let attempt = 0; attempt < 3; attempt++) {
      [x, y] = await Promise.all([ask(a.url, req), ask(b.url, req)]);
      if (same(x, y)) break;
    }
    if (same(x, y)) results.same++;
    else if (same(normal(x), normal(y))) results.timeOnly++;
    else results.differ.push({ req: id, base: { status: x.status, headers: x.headers, body: x.body.toString('utf8').slice(0, 2000) }, new: { status: y.status, headers: y.headers, body: y.body.toString('utf8').slice(0, 2000) } });
    log.push(`${x.status} ${createHash('sha256').update(x.body).digest('hex').slice(0, 12)} ${id}`);
    if (x.status === 200 && /json/.test(x.headers)) { try { collect(JSON.parse(x.body.toString('utf8')), found); } catch { /* not JSON */ } }
    return x;
  }
  const q = (p, params) => p + '?' + Object.entries(params).filter(([, v]) => v !== undefined).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');

  // Meta, static and the shell.
  const home = await check('/');
  for (const p of ['/health', '/openapi.json', '/docs', '/docs/', '/nope', '/v1/nope.json', '/v1/places.json?query=' + 'x'.repeat(9000)]) await check(p);
  const assets = home ? [...home.body.toString('utf8').matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]).filter((s) => s.startsWith('/') || !s.includes(':')) : [];
  for (const asset of assets) for (const enc of [undefined, 'gzip', 'br', 'gzip, br']) await check({ path: asset.startsWith('/') ? asset : '/' + asset, headers: enc ? { 'accept-encoding': enc } : {} });
  for (const enc of ['gzip', 'br', 'identity']) await check({ path: '/openapi.json', headers: { 'accept-encoding': enc } });
  for (const method of ['POST', 'HEAD', 'OPTIONS', 'DELETE']) await check({ path: '/v1/places.json?query=leeds', method, headers: { 'x-api-key': KEY, origin: 'http://example.com', 'access-control-request-method': 'GET' } });
  await check({ path: '/v1/places.json?query=leeds', headers: {} });
  await check({ path: '/v1/places.json?query=leeds', headers: { 'x-api-key': 'wrong' } });
  await check({ path: '/v1/places.json?query=leeds&api_key=' + KEY, headers: {} });

  // Places: discover codes and points.
  const words = ['sheffield', 'leeds', 'barnsley', 'newport', 'station', 'road', 'church', 's1 2hh', 'ls1', 'high st', 'x', 'zz', 'hillsborough', 'meadowhall', 'interchange', 'doncaster', 'shefield', 'np20', 'cardiff', 'bus', 'S10', 'wakefield westgate', "king's", 'st. mary'];
  for (const w of words) for (const type of [undefined, 'bus_stop', 'train_station', 'settlement', 'postcode', 'bus_stop,train_station', 'tram_stop']) for (const limit of [undefined, 3, 50]) await check(q('/v1/places.json', { query: w, type, limit }));
  const points = (found.points ?? []).slice(0, 400);
  const samplePoints = Array.from({ length: Math.min(40, points.length) }, () => pick(points));
  for (const [lat, lon] of samplePoints.slice(0, 15)) {
    await check(q('/v1/places.json', { lat, lon }));
    await check(q('/v1/places.json', { min_lat: lat - 0.01, min_lon: lon - 0.01, max_lat: lat + 0.01, max_lon: lon + 0.01, limit: 20, page: 2 }));
    for (const radius of [undefined, 150, 1000]) {
      await check(q('/v1/bus/stops.json', { lat, lon, radius }));
      await check(q('/v1/rail/stations.json', { lat, lon, radius: radius && radius * 20 }));
    }
    await check(q('/v1/bus/stops.json', { min_lat: lat - 0.02, min_lon: lon - 0.02, max_lat: lat + 0.02, max_lon: lon + 0.02, type: 'tram_stop', limit: 5 }));
    await check(q('/v1/shapes.json', { min_lat: lat - 0.015, min_lon: lon - 0.015, max_lat: lat + 0.015, max_lon: lon + 0.015 }));
    await check(q('/v1/shapes.json', { min_lat: lat - 0.05, min_lon: lon - 0.05, max_lat: lat + 0.05, max_lon: lon + 0.05, max_points: 500 }));
    await check(q('/v1/streets.json', { min_lat: lat - 0.003, min_lon: lon - 0.003, max_lat: lat + 0.003, max_lon: lon + 0.003 }));
  }

  // Timetables.
  const health = JSON.parse((await ask(a.url, { path: '/health' })).body.toString('utf8'));
  const first = health.snapshot.service_days.first;
  const mid = new Date(Math.min(Date.parse(first) + 30 * 86400e3, Date.parse(health.snapshot.service_days.last)));
  const day = (offset) => new Date(mid.getTime() + offset * 86400e3).toISOString().slice(0, 10);
  const dates = [day(0), day(1), day(5)];
  const atcos = [...(found.atcocode ?? [])].slice(0, 60);
  for (const atco of atcos.slice(0, 40)) {
    await check(`/v1/bus/stop_timetables/${encodeURIComponent(atco)}.json`);
    for (const dt of [`${dates[0]}T07:30`, `${dates[1]}T23:50`, `${dates[2]}T12:00:00Z`]) {
      await check(q(`/v1/bus/stop_timetables/${encodeURIComponent(atco)}.json`, { datetime: dt, type: pick(['departures', 'arrivals', 'both', undefined]), limit: pick([undefined, 3, 100]), from_offset: pick([undefined, -30, 0]), to_offset: pick([undefined, 120, 600]), live: pick([undefined, true, false]) }));
    }
  }
  for (const crs of [...(found.crs_code ?? [])].slice(0, 20)) {
    await check(`/v1/rail/station_timetables/${crs}.json`);
    await check(q(`/v1/rail/station_timetables/${crs}.json`, { datetime: `${dates[0]}T08:00`, type: pick(['departures', 'arrivals', 'both']), limit: 20 }));
    await check(q('/v1/rail/routes.json', { crs_code: crs }));
  }
  for (const trip of [...(found.trip_id ?? [])].slice(0, 60)) {
    await check(q(`/v1/bus/services/${encodeURIComponent(trip)}.json`, { date: dates[0] }));
    await check(q(`/v1/rail/services/${encodeURIComponent(trip)}.json`, { date: dates[0] }));
    await check(q(`/v1/bus/services/${encodeURIComponent(trip)}.json`, { date: dates[1], live: true }));
  }
  for (const qq of [undefined, '1', 'X', '5', 'tram', 'blue', '52', 'zzz']) for (const page of [undefined, 2]) {
    await check(q('/v1/bus/routes.json', { q: qq, page }));
    await check(q('/v1/rail/routes.json', { q: qq, page }));
  }
  for (const atco of atcos.slice(0, 10)) await check(q('/v1/bus/routes.json', { atcocode: atco }));
  for (const op of [...(found.operator_code ?? [])].slice(0, 10)) { await check(q('/v1/bus/routes.json', { operator: op })); await check(q('/v1/rail/routes.json', { operator: op })); }
  for (const route of [...(found.route_id ?? []), ...(found.id ?? [])].slice(0, 60)) {
    await check(`/v1/bus/routes/${encodeURIComponent(route)}.json`);
    await check(q(`/v1/bus/routes/${encodeURIComponent(route)}.json`, { date: dates[0], direction: pick([0, 1]), limit: 5 }));
    await check(q(`/v1/rail/routes/${encodeURIComponent(route)}.json`, { date: dates[1] }));
  }

  // Journeys.
  for (let i = 0; i < 60 && samplePoints.length > 1; i++) {
    const [fa, fo] = pick(points);
    const [ta, to] = pick(points);
    const params = { from_lat: fa, from_lon: fo, to_lat: ta, to_lon: to, datetime: `${pick(dates)}T${String(5 + Math.floor(random() * 19)).padStart(2, '0')}:${pick(['00', '17', '45'])}`, arrive_by: pick([undefined, true, false]), modes: pick([undefined, 'walk,transit', 'walk', 'bicycle', 'car,transit', 'transit']), transit_modes: pick([undefined, 'bus', 'rail', 'tram,bus']), include_fares: pick([undefined, false]), include_intermediate_stops: pick([undefined, true]), include_steps: pick([undefined, true]), max_walk_distance: pick([undefined, 300, 2000]), limit: pick([undefined, 1, 5]) };
    const r = await check(q('/v1/journey.json', params));
    if (r?.status === 200) {
      const j = JSON.parse(r.body.toString('utf8'));
      for (const cursor of [j.next_page, j.previous_page]) if (cursor) await check(q('/v1/journey.json', { ...params, page_cursor: cursor }));
    }
  }
  await check(q('/v1/journey.json', { from_lat: 53.38, from_lon: -1.47, to_lat: 53.79, to_lon: -1.54 }));

  // Disruptions.
  for (const params of [{}, { mode: 'bus' }, { severity: 'severe,normal' }, { planned: true }, { active_only: false, include_good_service: true }, { lat: 53.38, lon: -1.47, radius: 2000 }, { line: '52' }, { operator: 'FSYO' }, { path: 'ofkdIs~qHqCsB', path_radius: 300 }, { limit: 1, page: 2 }]) await check(q('/v1/disruptions.json', params));

  // Bad input: each parameter of each operation, a few wrong values.
  const doc = JSON.parse((await ask(a.url, { path: '/openapi.json' })).body.toString('utf8'));
  const refs = doc.components?.parameters ?? {};
  const bad = ['', 'abc', '-1', '1e9', '0', '99999999999', '2026-02-30T25:00', '%zz', 'a'.repeat(300), '1,2,3', 'true', '1970-01-01', '2100-01-01T00:00'];
  const sample = { atcocode: atcos[0] ?? 'x', crs_code: [...(found.crs_code ?? ['SHF'])][0], trip_id: [...(found.trip_id ?? ['x'])][0], route_id: [...(found.route_id ?? ['x'])][0] };
  for (const [template, ops] of Object.entries(doc.paths)) {
    const params = (ops.get?.parameters ?? []).map((p) => (p.$ref ? refs[p.$ref.split('/').pop()] : p));
    const pathOf = (over = {}) => template.replace(/\{(\w+)\}/g, (_, n) => encodeURIComponent(over[n] ?? sample[n] ?? 'x'));
    const base = template === '/v1/journey.json' ? { from_lat: 53.38, from_lon: -1.47, to_lat: 53.4, to_lon: -1.5 } : template === '/v1/places.json' ? { query: 'leeds' } : {};
    for (const p of params) for (const v of bad) {
      if (p.in === 'path') await check(pathOf({ [p.name]: v || ' ' }));
      else await check(q(pathOf(), { ...base, [p.name]: v }));
    }
    await check(q(pathOf(), { ...base, unknown_parameter: 1 }));
  }

  a.child.kill('SIGTERM');
  b.child.kill('SIGTERM');
  if (outFile) writeFileSync(outFile, log.join('\n') + '\n');
  const statuses = {};
  for (const line of log) statuses[line.slice(0, 3)] = (statuses[line.slice(0, 3)] ?? 0) + 1;
  console.log(JSON.stringify({ snapshot, total: results.total, identical: results.same, differ_only_in_request_time: results.timeOnly, differ: results.differ.length, statuses }));
  for (const d of results.differ.slice(0, 10)) console.log(JSON.stringify(d, null, 1));
  process.exit(results.differ.length ? 1 : 0);
}

main().catch((e) => { console.error(e); process.exit(2); });
