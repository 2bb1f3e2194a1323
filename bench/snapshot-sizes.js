// Where a snapshot's bytes go (issue 16 item 3): section sizes grouped by table, in bytes per
// stop time, and how the time matrices could shrink: how often arrival equals departure (per stop
// time, per pattern position, per pattern) and how often a pattern's trips are pure time shifts
// of one running-time profile (one profile per pattern, or a few).
// Usage: node bench/snapshot-sizes.js [--strings] FILE.snap [...] (ENGINE=/path/to/engine/dist/index.js reads with another build)
// --strings also splits strings.bytes by the column that references each string (the first of STRING_COLUMNS).
// --transfers also prints the footpaths: how many, how many seconds rounding the metres would move
// (what transfers.secondsFix keeps), how many targets fit an i16 delta from their stop, and the CPU
// of the engine's Transfers constructor (min of 7; it derives the seconds at open).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const ENGINE = process.env.ENGINE ?? createRequire(import.meta.url).resolve('@transit/engine');
const { SnapshotReader, DTYPE_BYTES, walkSeconds, STOP_DICTIONARY_COLUMNS = [] } = await import(pathToFileURL(ENGINE).href);
// Not public: the planner's footpath reader, from the same build (for the --transfers open time only).
const { Transfers } = await import(pathToFileURL(path.join(path.dirname(ENGINE), 'planner/transfers.js')).href);

/** String columns in the order a shared string is attributed (a string used by two columns counts once, for the first). */
const STRING_COLUMNS = ['trips.id', 'trips.vehicleJourneyCode', 'trips.block', 'trips.headsign', 'patterns.headsign', 'shapes.polyline', 'shapes.id', 'services.id', 'stops.atco', 'stops.naptan', 'stops.name', 'stops.shortName', 'stops.indicator', 'stops.street', 'stops.locality', 'stops.town', 'stops.localityCode', 'stops.towards', 'stops.towardsNext', 'stops.bearing', ...STOP_DICTIONARY_COLUMNS.map((c) => `stops.${c}Values`), 'routes.id', 'routes.shortName', 'routes.longName', 'lines.id', 'lines.line', 'lines.name', 'lines.operatorName', 'lines.operatorCode', 'settlements.code', 'settlements.name', 'search.tokens', 'stations.crs', 'stations.name', 'streets.edgeName', 'coverage.name'];

const withStrings = process.argv.includes('--strings');
const withTransfers = process.argv.includes('--transfers');
for (const file of process.argv.slice(2).filter((a) => !a.startsWith('--'))) {
  const buf = readFileSync(file);
  const r = new SnapshotReader(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
  const stopTimes = stopTimeCount(r);
  const groups = new Map();
  for (const s of r.header.sections) {
    const bytes = s.length * DTYPE_BYTES[s.dtype];
    const key = groupOf(s.name);
    groups.set(key, (groups.get(key) ?? 0) + bytes);
  }
  const perSt = (b) => (b / stopTimes).toFixed(2);
  console.log(`\n${path.basename(path.dirname(file))}/${path.basename(file)}: ${buf.length} bytes, ${stopTimes} stop times, ${perSt(buf.length)} B/st`);
  const rows = [...groups].sort((a, b) => b[1] - a[1]);
  console.log('| sections | bytes | B/st |\n|---|---|---|');
  for (const [k, b] of rows) if (b / stopTimes >= 0.01) console.log(`| ${k} | ${b} | ${perSt(b)} |`);
  // Place search sections grow with stops and postcodes (NaPTAN and postcode copies per tile in the national bench), not with stop times.
  const placeBytes = ['places.*', 'postcodes.*', 'search.*', 'settlements.*'].reduce((n, k) => n + (groups.get(k) ?? 0), 0);
  console.log(`without place search (places, postcodes, search, settlements): ${perSt(buf.length - placeBytes)} B/st`);
  const biggest = r.header.sections.map((s) => [s.name, s.length * DTYPE_BYTES[s.dtype]]).sort((a, b) => b[1] - a[1]).slice(0, 12);
  console.log('largest sections: ' + biggest.map(([n, b]) => `${n} ${perSt(b)}`).join(', '));
  console.log(JSON.stringify(timeShapes(r)));
  if (withStrings) printStringClasses(r, perSt);
  if (withTransfers) printTransfers(r);
}

/** Footpath counts: rounding shifts of the seconds, i16 deltas of the targets, Transfers open CPU. */
function printTransfers(r) {
  let best = Infinity, t;
  for (let k = 0; k < 7; k++) {
    const c = process.cpuUsage();
    t = new Transfers(r);
    const d = process.cpuUsage(c);
    best = Math.min(best, (d.user + d.system) / 1000);
  }
  let later = 0, earlier = 0, i16 = 0, most = 0;
  for (let s = 0; s + 1 < t.offsets.length; s++) {
    for (let e = t.offsets[s]; e < t.offsets[s + 1]; e++) {
      const shift = t.seconds[e] - walkSeconds(t.metres[e]);
      if (shift > 0) later++;
      else if (shift < 0) earlier++;
      const delta = t.stops[e] - s;
      if (delta >= -32768 && delta < 32768) i16++;
      if (t.metres[e] > most) most = t.metres[e];
    }
  }
  console.log(JSON.stringify({ footpaths: t.stops.length, longestMetres: most, secondsAboveWalkSecondsOfRoundedMetres: later, secondsBelow: earlier, targetsWithinI16OfTheirStop: i16, transfersOpenCpuMs: +best.toFixed(2) }));
}


/** strings.bytes by referencing column: strings, references, bytes, B/st and mean length; then what no listed column references. */
function printStringClasses(r, perSt) {
  const off = r.u32('strings.offsets');
  const n = off.length - 1;
  const owner = new Int32Array(n).fill(-1);
  const listed = STRING_COLUMNS.filter((c) => r.has(c));
  // Fare ids and sources are strings too; any u32 fares column named *Id / *Source is counted with them.
  const fares = r.header.sections.filter((s) => /^fares\..*(Id|Source|Operators)$/.test(s.name)).map((s) => s.name);
  const rows = [...listed, ...fares].map((c, ci) => {
    const col = r.u32(c);
    let strings = 0, bytes = 0;
    for (let i = 0; i < col.length; i++) {
      const s = col[i];
      if (s > 0 && s < n && owner[s] < 0) [owner[s], strings, bytes] = [ci, strings + 1, bytes + off[s + 1] - off[s]];
    }
    return { c, strings, refs: col.length, bytes };
  });
  let restStrings = 0, restBytes = 0;
  for (let s = 1; s < n; s++) if (owner[s] < 0) [restStrings, restBytes] = [restStrings + 1, restBytes + off[s + 1] - off[s]];
  console.log(`strings: ${n} strings, strings.bytes ${off[n]} (${perSt(off[n])} B/st), strings.offsets ${off.byteLength} (${perSt(off.byteLength)} B/st)`);
  console.log('| column | strings | references | bytes | B/st | mean length |\n|---|---|---|---|---|---|');
  for (const x of rows.sort((a, b) => b.bytes - a.bytes)) if (x.strings) console.log(`| ${x.c} | ${x.strings} | ${x.refs} | ${x.bytes} | ${perSt(x.bytes)} | ${(x.bytes / x.strings).toFixed(1)} |`);
  console.log(`| (no column above) | ${restStrings} | | ${restBytes} | ${perSt(restBytes)} | |`);
}

/** Stop times: each pattern's positions times its trips (whatever the time columns' form). */
function stopTimeCount(r) {
  const stopOff = r.u32('patterns.stopOffsets'), tripOff = r.u32('patterns.tripOffsets');
  let n = 0;
  for (let p = 0; p + 1 < stopOff.length; p++) n += (stopOff[p + 1] - stopOff[p]) * (tripOff[p + 1] - tripOff[p]);
  return n;
}

/** Section name -> the table it belongs to, the time matrices and trip columns on their own. */
function groupOf(name) {
  if (name.startsWith('times.') || name.startsWith('trips.') || name.startsWith('patterns.') || name.startsWith('transfers.')) return name;
  if (name.startsWith('stops.pattern')) return 'stops.pattern*';
  return name.split('.')[0] + '.*';
}

/** Dwell and time-shift statistics over the pattern time matrices (base layout: times.arr / times.dep). */
function timeShapes(r) {
  if (!r.has('times.arr')) return {};
  const arr = r.i32('times.arr'), dep = r.i32('times.dep');
  const stopOff = r.u32('patterns.stopOffsets'), tripOff = r.u32('patterns.tripOffsets'), timeOff = r.u32('patterns.timeOffsets');
  const patternCount = stopOff.length - 1;
  let st = 0, stSame = 0, positions = 0, positionsSame = 0, stInSamePositions = 0, patternsSame = 0, stInSamePatterns = 0;
  let stShiftPatterns = 0, shiftPatterns = 0, profiles = 0, trips = 0, profileTimes = 0;
  for (let p = 0; p < patternCount; p++) {
    const m = stopOff[p + 1] - stopOff[p], n = tripOff[p + 1] - tripOff[p], base = timeOff[p];
    let allSame = true;
    for (let pos = 0; pos < m; pos++) {
      let same = true;
      for (let k = 0; k < n; k++) {
        const i = base + pos * n + k;
        if (arr[i] === dep[i]) stSame++;
        else same = false;
      }
      positions++;
      if (same) positionsSame++, stInSamePositions += n;
      else allSame = false;
    }
    st += m * n;
    trips += n;
    if (allSame) patternsSame++, stInSamePatterns += m * n;
    // Running-time profiles: each trip's times minus its first departure.
    const seen = new Set();
    for (let k = 0; k < n; k++) {
      const start = dep[base + k];
      let key = '';
      for (let pos = 0; pos < m; pos++) key += `${arr[base + pos * n + k] - start},${dep[base + pos * n + k] - start};`;
      seen.add(key);
    }
    profiles += seen.size;
    profileTimes += seen.size * m;
    if (seen.size === 1) shiftPatterns++, stShiftPatterns += m * n;
  }
  const pct = (a, b) => +((100 * a) / Math.max(1, b)).toFixed(1);
  return {
    patterns: patternCount, trips, positions, stopTimes: st,
    'arr==dep % of stop times': pct(stSame, st),
    'positions with no dwell %': pct(positionsSame, positions), 'stop times in them %': pct(stInSamePositions, st),
    'patterns with no dwell %': pct(patternsSame, patternCount), 'stop times in them % ': pct(stInSamePatterns, st),
    'patterns that are one profile shifted %': pct(shiftPatterns, patternCount), 'stop times in them %  ': pct(stShiftPatterns, st),
    'distinct profiles per pattern': +(profiles / patternCount).toFixed(2), 'profile positions / stop times %': pct(profileTimes, st),
  };
}
