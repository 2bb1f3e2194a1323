import { parseDay } from '@transit/engine';

/** A service day inside the snapshot's calendar: 2019-09-10 (the real feeds' date) when covered, else the first Tuesday. */
export function routeDay(engine) {
  const h = engine.reader.header;
  const wanted = parseDay('2019-09-10');
  if (wanted >= h.firstServiceDay && wanted < h.firstServiceDay + h.serviceDayCount) return wanted;
  let day = h.firstServiceDay;
  while ((day + 3) % 7 !== 1) day++; // weekday(): 0 = Monday
  return day;
}

/** A fixed list of route detail queries: every route (bus and rail), first page of 50, then its second and third pages. */
export function routeQueries(engine, day) {
  const count = engine.routeIndex.lines.count;
  const out = [];
  for (let page = 0; page < 3; page++) for (let routeIdx = 0; routeIdx < count; routeIdx++) out.push({ routeIdx, q: { day, offset: page * 50, limit: 50 } });
  return out;
}

/** The largest route (most journeys on the day), for a worst-case single query. */
export function largestRoute(engine, day) {
  let best = 0;
  let most = -1;
  for (let l = 0; l < engine.routeIndex.lines.count; l++) {
    const n = engine.route(l, { day, offset: 0, limit: 0 }).timetable.total;
    if (n > most) [best, most] = [l, n];
  }
  return { routeIdx: best, q: { day, offset: 0, limit: 50 }, journeys: most };
}

/**
 * Naive baseline and oracle: scan every trip of the snapshot, keep the route's trips running on
 * the day, sort by first departure then trip_id, slice the page. Returns trip ids.
 */
export function naiveRoute(engine, routeIdx, q) {
  const tt = engine.timetable;
  const lines = engine.routeIndex.lines;
  const cal = engine.calendar;
  const hits = [];
  for (let t = 0; t < tt.tripCount; t++) {
    if (lines.ofRoute[tt.tripRoute[t]] !== routeIdx || !cal.runs(tt.tripService[t], q.day)) continue;
    hits.push({ dep: tt.departureAt(t, 0), id: (tt.tripIds ? tt.tripIds.get(t) : engine.strings.get(tt.tripId[t])) });
  }
  hits.sort((a, b) => a.dep - b.dep || (a.id === b.id ? 0 : Buffer.compare(Buffer.from(a.id), Buffer.from(b.id))));
  return { total: hits.length, ids: hits.slice(q.offset, q.offset + q.limit).map((h) => h.id) };
}

/** Throws unless every route page equals the brute-force scan's. */
export function checkRoutes(engine, queries) {
  for (const { routeIdx, q } of queries) {
    const fast = engine.route(routeIdx, q).timetable;
    const slow = naiveRoute(engine, routeIdx, q);
    if (fast.total !== slow.total) throw new Error(`route ${routeIdx}: ${fast.total} journeys, brute force ${slow.total}`);
    fast.items.forEach((j, k) => {
      if (j.tripId !== slow.ids[k]) throw new Error(`route ${routeIdx}: journey ${q.offset + k} is ${j.tripId}, brute force ${slow.ids[k]}`);
    });
  }
}
