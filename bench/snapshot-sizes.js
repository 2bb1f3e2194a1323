// Where a snapshot's bytes go (issue 16 item 3): section sizes grouped by table, in bytes per
// stop time, and how the time matrices could shrink: how often arrival equals departure (per stop
// time, per pattern position, per pattern) and how often a pattern's trips are pure time shifts
// of one running-time profile (one profile per pattern, or a few).
// Usage: node bench/snapshot-sizes.js FILE.snap [...] (ENGINE=/path/to/engine/dist/index.js reads with another build)
import { readFileSync } from 'node:fs';
import path from 'node:path';

const { SnapshotReader, DTYPE_BYTES } = await import(process.env.ENGINE ?? '@transit/engine');

for (const file of process.argv.slice(2)) {
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
  if (name.startsWith('times.') || name.startsWith('trips.') || name.startsWith('patterns.')) return name;
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
