// A national-size SIRI-VM fleet poll (issue 16 item 4, live): parse and match a BODS SIRI-VM
// document of ~28,000 vehicle activities against a cached tiled snapshot, CPU per poll for the
// parse and the match apart.
// The document: every VehicleActivity is one of the real BODS sample's 841 activities
// (`shared/data/siri_vm/bods_sirivm_2020-07-24.xml`, taken in turn: its element order, the
// fields it leaves out, its ItemIdentifier and names kept) with the matcher's fields rewritten to a
// bus of the snapshot running at 08:30 on tile 0's busiest day, as the simulated fleet of
// bench/national-serve.js places them (`simulateVehicles`: every running bus journey of every
// tile, along its shape). The snapshot runs only ~700 buses at once, so each journey gets about
// 40 vehicles, copy c of journey j placed at its own seeded delay (−1.5 to +7.5 minutes):
// each is parsed and matched in full; the overlay keeps one per journey (the rest: `duplicate`).
// A template whose VehicleJourneyRef is UNKNOWN keeps it and gets no FramedVehicleJourneyRef
// (matched by origin time or position); the others carry the journey's code as
// DatedVehicleJourneyRef and VehicleJourneyRef, as BODS feeds do.
// Usage: node bench/national-fleet.js [--tiles 32] [--naptan-tiles K] [--postcode-tiles K] [--vehicles 28000] [--time MS] [--dist dist-base]
//        [--loop parse|match|poll SECONDS]  (one workload in a loop, for --cpu-prof) [--save FILE] (the document)
// --dist loads the engine and feeds from packages/<pkg>/<dist> (a copy of an earlier build) to
// compare before and after in the same way. The snapshot must be built (node bench/national-serve.js
// --tiles N); it is only read. Prints one JSON line: CPU and wall per call, stats and answer hashes.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cacheDir, copiesArgs, hash, readSnapshot } from './national-serve.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SAMPLE = path.resolve(ROOT, '../shared/data/siri_vm/bods_sirivm_2020-07-24.xml');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const log = (line) => process.stderr.write(line + '\n');

const dist = arg('--dist', 'dist');
const load = (pkg) => import(pathToFileURL(path.join(ROOT, 'packages', pkg, dist, 'index.js')).href);
const { Engine, ukLocalToEpoch } = await load('engine');
const { parseSiriVm } = await load('feeds');
const { simulateVehicles, positionAt, seededRandom } = await import('@transit/builder');

const tiles = Number(arg('--tiles', '32'));
const vehicleCount = Number(arg('--vehicles', '28000'));
const time = Number(arg('--time', '4000'));
const feeds = arg('--feeds', 'newport,vilnius,southampton,wales,newport2024').split(',');
// Tile 0's busiest day, 2023-06-13 (bench/national-serve.js prints it as `day`).
const day = Number(arg('--day', '19521'));

const engine = Engine.open(readSnapshot(path.join(cacheDir({ tiles, feeds, ...copiesArgs() }), 'national.snap')));
const now = ukLocalToEpoch(day, 8.5 * 3600);

/** The real sample's activities, as text. */
function templates() {
  return readFileSync(SAMPLE, 'utf8').match(/<VehicleActivity>[\s\S]*?<\/VehicleActivity>/g);
}

const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const iso = (ms) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');
/** `xml` with the text of element `name` replaced by `value` (escaped); unchanged when the element is absent. */
const put = (xml, name, value) => xml.replace(new RegExp(`<${name}>[^<]*</${name}>`), `<${name}>${esc(String(value))}</${name}>`);

/** The national document: vehicleCount activities (see the head comment). */
function nationalDocument() {
  const t0 = performance.now();
  const running = simulateVehicles(engine, now, { limit: 1e9 });
  const sample = templates();
  const parts = [
    '<Siri xmlns="http://www.siri.org.uk/siri" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="2.0"><ServiceDelivery>',
    `<ResponseTimestamp>${iso(now)}</ResponseTimestamp><ProducerRef>ItoWorld</ProducerRef><VehicleMonitoringDelivery><ResponseTimestamp>${iso(now)}</ResponseTimestamp><ValidUntil>${iso(now + 300_000)}</ValidUntil><ShortestPossibleCycle>PT5S</ShortestPossibleCycle>`,
  ];
  const tt = engine.timetable;
  const rand = seededRandom(16);
  for (let k = 0; k < vehicleCount; k++) {
    const v = running[k % running.length];
    const copy = Math.floor(k / running.length);
    // Copy 0 where simulateVehicles put it; the others at their own delay (null: off the end of the journey, keep copy 0's place).
    const delayS = copy === 0 ? v.delayS : Math.round((rand() * 9 - 1.5) * 60);
    const at = (copy === 0 ? v : positionAt(engine, v.trip, now - delayS * 1000)) ?? v;
    const first = v.trip.calls[0];
    const last = v.trip.calls[v.trip.calls.length - 1];
    const code = engine.strings.get(tt.tripVehicleJourneyCode[v.tripIdx]) || v.trip.tripId;
    const op = v.trip.operatorCode;
    let a = sample[k % sample.length];
    const unknown = a.includes('<VehicleJourneyRef>UNKNOWN<');
    a = put(a, 'RecordedAtTime', iso(now - Math.floor(rand() * 60) * 1000));
    a = put(a, 'ValidUntilTime', new Date(now + 300_000).toISOString().slice(0, -1));
    a = put(a, 'LineRef', v.trip.line);
    a = put(a, 'PublishedLineName', v.trip.line);
    a = put(a, 'DirectionRef', v.trip.direction === 1 ? 'inbound' : 'outbound');
    a = put(a, 'OperatorRef', op);
    a = put(a, 'OriginRef', first.atcocode);
    a = put(a, 'OriginName', first.name);
    a = put(a, 'DestinationRef', last.atcocode);
    a = put(a, 'DestinationName', v.trip.destination);
    a = put(a, 'OriginAimedDepartureTime', iso(first.departure));
    a = put(a, 'Longitude', at.longitude.toFixed(6));
    a = put(a, 'Latitude', at.latitude.toFixed(6));
    a = put(a, 'VehicleRef', a.includes(`<VehicleRef>${a.match(/<OperatorRef>([^<]*)</)?.[1]}-`) ? `${op}-N${k}` : `N${k}`);
    if (!unknown) {
      a = put(a, 'VehicleJourneyRef', code);
      const framed = `<FramedVehicleJourneyRef><DataFrameRef>${v.trip.serviceDate}</DataFrameRef><DatedVehicleJourneyRef>${esc(code)}</DatedVehicleJourneyRef></FramedVehicleJourneyRef>`;
      a = a.replace('<OperatorRef>', `${framed}<OperatorRef>`);
    }
    parts.push(a);
  }
  parts.push('</VehicleMonitoringDelivery></ServiceDelivery></Siri>');
  const xml = parts.join('');
  log(`document: ${vehicleCount} activities on ${running.length} running journeys, ${(xml.length / 1048576).toFixed(1)} MiB, made in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return new TextEncoder().encode(xml);
}

/** Mean CPU and wall ms per call of `fn` over about `ms` (after two warm-up calls), as [cpu, wall]. */
function cpuPerCall(fn, ms) {
  fn();
  fn();
  let calls = 0;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  while (performance.now() - t0 < ms || calls < 3) {
    fn();
    calls++;
  }
  const cpu = process.cpuUsage(cpu0);
  return { cpuMs: +((cpu.user + cpu.system) / 1000 / calls).toFixed(1), wallMs: +((performance.now() - t0) / calls).toFixed(1), calls };
}

/** A live overlay as text, as bench/national-serve.js hashes it. */
function liveAnswer(overlay) {
  const trips = [...overlay.values()].map((t) => `${t.tripIdx}/${t.serviceDay}/${t.delayS}/${t.stopSequence}/${t.atStop}/${t.progressM}/${t.offRouteM}/${t.method}/${t.vehicle.vehicleRef}`);
  return JSON.stringify(overlay.stats) + trips.sort().join(';');
}

const bytes = nationalDocument();
if (arg('--save', null)) writeFileSync(arg('--save'), bytes);
const parsed = parseSiriVm(bytes);
const records = parsed.records;
const loop = arg('--loop', null);
if (loop) {
  const work = { parse: () => parseSiriVm(bytes), match: () => engine.matchVehicles(records, now), poll: () => engine.matchVehicles(parseSiriVm(bytes).records, now) }[loop];
  const end = performance.now() + Number(process.argv[process.argv.indexOf('--loop') + 2] ?? 20) * 1000;
  let n = 0;
  while (performance.now() < end) work(), n++;
  log(`${loop}: ${n} calls`);
} else {
  const firstMatch = performance.now();
  const overlay = engine.matchVehicles(records, now);
  const firstMatchMs = performance.now() - firstMatch;
  const parse = cpuPerCall(() => parseSiriVm(bytes), time);
  const match = cpuPerCall(() => engine.matchVehicles(records, now), time);
  const poll = cpuPerCall(() => engine.matchVehicles(parseSiriVm(bytes).records, now), time);
  const out = {
    tiles,
    dist,
    activities: parsed.seen,
    records: records.length,
    documentMiB: +(bytes.length / 1048576).toFixed(1),
    parse,
    match,
    poll,
    firstMatchMs: Math.round(firstMatchMs),
    stats: overlay.stats,
    answers: { records: hash(JSON.stringify(parsed)), overlay: hash(liveAnswer(overlay)) },
  };
  console.log(JSON.stringify(out));
}
