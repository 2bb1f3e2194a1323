// Journey planner benchmarks on the real feeds (Vilnius, Newport, Southampton): one-departure
// earliest arrival (RAPTOR) beside a naive connection scan over the same snapshot, and 2-hour
// range queries (range RAPTOR) beside repeated one-departure RAPTOR runs. Seeded queries; every
// RAPTOR answer is checked against the connection scan first (throws on a difference).
import path from 'node:path';
import { Engine, UNREACHED, ModeBit } from '@transit/engine';
import { ensureSnapshot, readArrayBuffer, haveRealData, DATA } from '../snapshots.js';

const FEEDS = [
  ['vilnius', 'gtfs/vilnius_2015-09-01/gtfs.zip'],
  ['newport', 'gtfs/newport_wales_bods_2023-06-13/newport-20230613_gtfs.zip'],
  ['southampton', 'gtfs/bluestar_southampton_2025-07-10/bluestar_1752137428.zip'],
];

/** Tasks [name, fn] per feed, or [] without ../shared/data. */
export async function journeySuite({ queries = 100 } = {}) {
  if (!haveRealData()) return [];
  const tasks = [];
  for (const [name, rel] of FEEDS) {
    // Outside Yorkshire: these snapshots plan anywhere (the coverage check is not what is measured).
    const snap = await ensureSnapshot(`journey-${name}`, { gtfs: [path.join(DATA, rel)], coverage: '-89,-179,89,179' });
    const engine = Engine.open(readArrayBuffer(snap.file));
    const day = busiestDay(engine);
    const qs = seededQueries(engine, day, queries);
    const csa = new NaiveCsa(engine, day);
    for (const q of qs.slice(0, 20)) check(engine, csa, q);
    const stopTimes = engine.timetable.stopTimeCount;
    let i = 0;
    const planner = engine.planner;
    tasks.push([`${name} (${stopTimes.toLocaleString('en-GB')} stop times): earliest arrival, one departure (RAPTOR)`, () => {
      const q = qs[i++ % qs.length];
      return planner.earliestArrival({ origins: [{ stop: q.from, seconds: 0, metres: 0 }], day, departS: q.departS })[q.to];
    }]);
    tasks.push([`${name}: earliest arrival, one departure: connection scan (naive baseline)`, () => {
      const q = qs[i++ % qs.length];
      return csa.earliest(q.from, q.departS)[q.to];
    }]);
    tasks.push([`${name}: 2-hour range query, Pareto arrival x transfers (range RAPTOR)`, () => {
      const q = qs[i++ % qs.length];
      planner.days.set(day);
      return planner.range({ reverse: false, access: [{ stop: q.from, seconds: 0, metres: 0 }], egress: [{ stop: q.to, seconds: 0, metres: 0 }], from: q.departS, to: q.departS + 7200, rounds: 7, slack: 60, modeMask: 31, maxTransferM: Infinity }).length;
    }]);
    tasks.push([`${name}: 2-hour range query: one RAPTOR per departure minute (naive baseline)`, () => {
      const q = qs[i++ % qs.length];
      let n = 0;
      for (let t = q.departS; t < q.departS + 7200; t += 60) n += planner.earliestArrival({ origins: [{ stop: q.from, seconds: 0, metres: 0 }], day, departS: t, maxTransfers: 5, transferSlackS: 60 })[q.to] < UNREACHED ? 1 : 0;
      return n;
    }]);
    const lat = engine.stopTable.lat, lon = engine.stopTable.lon;
    tasks.push([`${name}: planJourney door to door (access + 2 h range + itineraries + alternatives)`, () => {
      const q = qs[i++ % qs.length];
      return engine.planJourney({ from: { lat: lat[q.from], lon: lon[q.from] }, to: { lat: lat[q.to], lon: lon[q.to] }, time: engine.calendar.reference(day) + q.departS * 1000, arriveBy: false, modeMask: 31, limit: 5, maxWalkM: null, maxTotalWalkM: null, intermediateStops: false, steps: false, alternatives: ['walk'] }).itineraries.length;
    }]);
  }
  return tasks;
}

/** The calendar day on which the most trips run. */
function busiestDay(engine) {
  const cal = engine.calendar;
  const tt = engine.timetable;
  let best = cal.firstDay, bestCount = -1;
  for (let d = 0; d < Math.min(cal.dayCount, 60); d++) {
    let n = 0;
    for (let t = 0; t < tt.tripCount; t++) if (cal.runsOnIndex(tt.tripService[t], d)) n++;
    if (n > bestCount) [best, bestCount] = [cal.firstDay + d, n];
  }
  return best;
}

/** Random served origin/destination stops and a departure between 06:00 and 20:00 (mulberry32). */
function seededQueries(engine, day, n) {
  let seed = 42;
  const rnd = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const served = [];
  for (let s = 0; s < engine.stopTable.count; s++) if (engine.stopTable.modes[s]) served.push(s);
  return Array.from({ length: n }, () => ({ from: served[Math.floor(rnd() * served.length)], to: served[Math.floor(rnd() * served.length)], departS: 6 * 3600 + Math.floor(rnd() * 14 * 3600) }));
}

function check(engine, csa, q) {
  const a = engine.planner.earliestArrival({ origins: [{ stop: q.from, seconds: 0, metres: 0 }], day: csa.day, departS: q.departS, maxTransfers: 15 });
  const b = csa.earliest(q.from, q.departS);
  if (a[q.to] !== b[q.to] && b[q.to] < UNREACHED) {
    // The scan has no round limit; RAPTOR stops at 16 trips: only a later RAPTOR answer is a bug.
    if (a[q.to] < b[q.to] || a[q.to] === UNREACHED) throw new Error(`journey bench: RAPTOR ${a[q.to]} vs connection scan ${b[q.to]} (stop ${q.to} from ${q.from} at ${q.departS})`);
  }
}

/**
 * Connection scan straight over the snapshot's stop times (three service days), the naive
 * earliest-arrival baseline: footpaths once after the origin and after each alighting.
 */
class NaiveCsa {
  constructor(engine, day) {
    this.day = day;
    const tt = engine.timetable;
    const cal = engine.calendar;
    const ref = cal.reference(day);
    const conns = [];
    for (let d = -1; d <= 1; d++) {
      const shift = Math.round((cal.reference(day + d) - ref) / 1000);
      for (let trip = 0; trip < tt.tripCount; trip++) {
        if (!cal.runs(tt.tripService[trip], day + d)) continue;
        const p = tt.tripPattern[trip];
        const first = tt.patternStopOffsets[p], n = tt.patternStopOffsets[p + 1] - first;
        for (let pos = 0; pos + 1 < n; pos++) {
          conns.push([tt.departureAt(trip, pos) + shift, tt.arrivalAt(trip, pos + 1) + shift, tt.patternStops[first + pos], tt.patternStops[first + pos + 1], (trip * 3 + d + 1), tt.patternStopFlags[first + pos] >> 2 !== 1, (tt.patternStopFlags[first + pos + 1] & 3) !== 1]);
        }
      }
    }
    conns.sort((x, y) => x[0] - y[0]);
    this.conns = conns;
    this.transfers = engine.planner.transfers;
    this.best = new Int32Array(engine.stopTable.count);
    this.onTrip = new Uint8Array(tt.tripCount * 3);
  }

  earliest(origin, departS) {
    const { best, onTrip, conns, transfers } = this;
    best.fill(UNREACHED);
    onTrip.fill(0);
    const walkFrom = (s, t) => {
      for (let e = transfers.offsets[s]; e < transfers.offsets[s + 1]; e++) {
        const to = transfers.stops[e];
        if (t + transfers.seconds[e] < best[to]) best[to] = t + transfers.seconds[e];
      }
    };
    best[origin] = departS;
    walkFrom(origin, departS);
    let lo = 0, hi = conns.length;
    while (lo < hi) { const m = (lo + hi) >> 1; if (conns[m][0] < departS) lo = m + 1; else hi = m; }
    for (let i = lo; i < conns.length; i++) {
      const [dep, arr, from, to, trip, board, alight] = conns[i];
      if (!onTrip[trip] && !(board && best[from] <= dep)) continue;
      onTrip[trip] = 1;
      if (alight && arr < best[to]) best[to] = arr;
      if (alight) walkFrom(to, arr);
    }
    return best;
  }
}
