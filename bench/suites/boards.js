import { BoardHits, ukLocalToEpoch, ukDayOf } from '@transit/engine';
import { mulberry32 } from './stops.js';

const MINUTE = 60_000;

/** The service day on which the most trips run (ties: the earliest): a busy day to query. */
export function boardDay(engine) {
  const tt = engine.timetable;
  const cal = engine.calendar;
  const perService = new Uint32Array(tt.serviceCount);
  for (let t = 0; t < tt.tripCount; t++) perService[tt.tripService[t]]++;
  let best = cal.firstDay;
  let bestCount = -1;
  for (let i = 0; i < cal.dayCount; i++) {
    let n = 0;
    for (let s = 0; s < tt.serviceCount; s++) if (cal.runsOnIndex(s, i)) n += perService[s];
    if (n > bestCount) [best, bestCount] = [cal.firstDay + i, n];
  }
  return best;
}

/**
 * A fixed list of board queries (mulberry32, seed 11) on `day` (a day number): every other one
 * at one of the busiest tenth of stops (by calls), the rest at any stop with calls; at 05:00-25:00
 * local (the late ones straddle midnight); 60-minute windows, limit 20; three departures boards
 * to one arrivals board.
 */
export function boardQueries(engine, count, day) {
  const rand = mulberry32(11);
  const tt = engine.timetable;
  const calls = [];
  for (let s = 0; s < engine.stopTable.count; s++) {
    let n = 0;
    for (let e = tt.stopPatternOffsets[s]; e < tt.stopPatternOffsets[s + 1]; e++) n += tt.patternTripOffsets[tt.stopPatterns[e] + 1] - tt.patternTripOffsets[tt.stopPatterns[e]];
    if (n > 0) calls.push([s, n]);
  }
  calls.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const busiest = Math.max(1, Math.ceil(calls.length / 10));
  return Array.from({ length: count }, (_, k) => {
    const stopIdx = calls[Math.floor(rand() * (k % 2 === 0 ? busiest : calls.length))][0];
    const from = ukLocalToEpoch(day, 5 * 3600 + Math.floor(rand() * 20 * 60) * 60);
    return { stopIdx, q: { from, to: from + 60 * MINUTE, limit: 20, type: k % 4 === 3 ? 'arrivals' : 'departures' } };
  });
}

/**
 * Naive baseline and oracle: scan every trip's stop times for calls at the stop, on every
 * service day near the window, then sort by (time, trip_id, position). Same rules as the
 * engine: departures leave out a trip's last call and pickup_type 1; arrivals its first call
 * and drop_off_type 1 (a one-call trip is both).
 */
export function naiveBoard(engine, stopIdx, q) {
  const tt = engine.timetable;
  const cal = engine.calendar;
  const firstDay = ukDayOf(q.from) - 3;
  const lastDay = ukDayOf(q.to) + 1;
  const out = [];
  for (let t = 0; t < tt.tripCount; t++) {
    const p = tt.tripPattern[t];
    const first = tt.patternStopOffsets[p];
    const len = tt.patternStopOffsets[p + 1] - first;
    for (let pos = 0; pos < len; pos++) {
      if (tt.patternStops[first + pos] !== stopIdx) continue;
      const flags = tt.patternStopFlags[first + pos];
      if (q.type === 'departures' && ((pos === len - 1 && len > 1) || flags >> 2 === 1)) continue;
      if (q.type === 'arrivals' && ((pos === 0 && len > 1) || (flags & 3) === 1)) continue;
      const seconds = q.type === 'departures' ? tt.departureAt(t, pos) : tt.arrivalAt(t, pos);
      for (let day = firstDay; day <= lastDay; day++) {
        if (!cal.runs(tt.tripService[t], day)) continue;
        const time = cal.reference(day) + seconds * 1000;
        if (time >= q.from && time < q.to) out.push({ trip: t, tripId: (tt.tripIds ? tt.tripIds.get(t) : engine.strings.get(tt.tripId[t])), day, pos, seconds, time });
      }
    }
  }
  out.sort((a, b) => a.time - b.time || compareBytes(a.tripId, b.tripId) || a.pos - b.pos);
  return out.slice(0, q.limit);
}

function compareBytes(a, b) {
  return a === b ? 0 : Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/** Throws unless the engine's boards equal the naive scan's, call for call. */
export function checkBoards(engine, queries) {
  for (const { stopIdx, q } of queries) {
    const fast = engine.stopBoard(stopIdx, q);
    const slow = naiveBoard(engine, stopIdx, q);
    const key = (c) => `${c.tripIdx ?? c.trip}@${c.serviceDay ?? c.day}#${c.sequence ?? c.pos + 1}=${c.time}`;
    const a = fast.map(key).join(' ');
    const b = slow.map(key).join(' ');
    if (a !== b) throw new Error(`board at stop ${stopIdx} ${JSON.stringify(q)}:\n engine ${a}\n naive  ${b}`);
  }
}

/** Benchmark tasks: the engine's board (records, no serialisation), its raw search into reused columns, and the naive scan. */
export function boardTasks(engine, queries) {
  let i = 0;
  const hits = new BoardHits(32);
  const next = () => queries[i++ % queries.length];
  return [
    ['board: 60 min, limit 20 (records)', () => { const x = next(); return engine.stopBoard(x.stopIdx, x.q).length; }],
    ['board: 60 min, limit 20 (raw search into reused columns)', () => { const x = next(); return engine.boards.searchInto(x.stopIdx, x.q, hits); }],
    ['board: scan every trip (naive baseline)', () => { const x = next(); return naiveBoard(engine, x.stopIdx, x.q).length; }],
  ];
}
