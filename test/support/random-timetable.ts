import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** mulberry32: a small seeded PRNG, uniform in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A generated feed: its GTFS files (name -> CSV text) and the dates its calendars cover. */
export interface RandomTimetable {
  seed: number;
  files: Map<string, string>;
  /** YYYY-MM-DD, the five days the calendars are about (some seeds straddle a clock change). */
  dates: string[];
}

/** Date windows: around the 2026 spring and autumn clock changes, and an ordinary week. */
const WINDOWS = ['2026-03-27', '2026-10-23', '2026-06-05'];

/**
 * A seeded random GTFS feed (deterministic per seed) for the planner oracle tests: 25-45 stops on a
 * 3 km square (a third of them placed 0-420 m from another stop so footpaths matter, one stop no
 * trip calls at, one parent station), 4-7 routes each running a few patterns (full, reverse,
 * short working, express skipping stops), trips at varied headways, some on the same stops but
 * faster (they overtake: the builder splits them into FIFO patterns), some zero-minute hops,
 * evening trips running past 24:00 and night trips filed after 24:00, pickup_type and
 * drop_off_type 1 (and 2/3) on some calls, stop_sequence gaps and rows out of order, and
 * services from calendar.txt and calendar_dates.txt (weekdays, weekends, daily with a date
 * removed, weekdays with a Saturday added, dates only) over five days.
 */
export function randomTimetable(seed: number): RandomTimetable {
  const rand = mulberry32(seed * 7919 + 17);
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const chance = (p: number) => rand() < p;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];

  const first = WINDOWS[seed % WINDOWS.length];
  const dates = [0, 1, 2, 3, 4].map((d) => shiftDate(first, d));
  const compact = dates.map((d) => d.replaceAll('-', ''));

  // Stops on a local plane (metres from a centre), some close to another stop.
  const stopCount = int(25, 45);
  const xy: [number, number][] = [];
  for (let i = 0; i < stopCount; i++) {
    if (i > 0 && chance(0.35)) {
      const [x, y] = pick(xy);
      const r = chance(0.1) ? 0 : chance(0.15) ? int(395, 420) : int(20, 380);
      const a = rand() * 2 * Math.PI;
      xy.push([x + r * Math.cos(a), y + r * Math.sin(a)]);
    } else xy.push([rand() * 3000, rand() * 3000]);
  }
  const lat = (y: number) => (53 + y / 111_320).toFixed(7);
  const lon = (x: number) => (-1.5 + x / (111_320 * Math.cos((53 * Math.PI) / 180))).toFixed(7);
  const stopIds = xy.map((_, i) => `R${seed}S${i}`);
  const stops = ['stop_id,stop_name,stop_lat,stop_lon,location_type'];
  xy.forEach(([x, y], i) => stops.push(`${stopIds[i]},Stop ${i},${lat(y)},${lon(x)},0`));
  stops.push(`R${seed}UNUSED,No calls,${lat(1500)},${lon(1501)},`);
  stops.push(`R${seed}STATION,A parent station,${lat(1500)},${lon(1500)},1`);

  const services = ['DAILY', 'WK', 'WE', 'DATES', 'WKSAT'];
  const calendar = ['service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date'];
  calendar.push(`DAILY,1,1,1,1,1,1,1,${compact[0]},${compact[4]}`);
  calendar.push(`WK,1,1,1,1,1,0,0,${compact[0]},${compact[4]}`);
  calendar.push(`WE,0,0,0,0,0,1,1,${compact[0]},${compact[4]}`);
  calendar.push(`WKSAT,1,1,1,1,1,0,0,${compact[0]},${compact[4]}`);
  const calendarDates = ['service_id,date,exception_type'];
  calendarDates.push(`DAILY,${pick(compact)},2`);
  calendarDates.push(`WKSAT,${compact[1]},1`); // every window starts on a Friday: [1] is a Saturday
  for (const d of compact) if (chance(0.5)) calendarDates.push(`DATES,${d},1`);
  if (!calendarDates.some((r) => r.startsWith('DATES'))) calendarDates.push(`DATES,${compact[2]},1`);

  const routes = ['route_id,agency_id,route_short_name,route_type'];
  const trips = ['route_id,service_id,trip_id'];
  const stopTimes = ['trip_id,arrival_time,departure_time,stop_id,stop_sequence,pickup_type,drop_off_type'];
  const routeCount = int(4, 7);
  let tripNo = 0;
  for (let r = 0; r < routeCount; r++) {
    const routeId = `L${r}`;
    routes.push(`${routeId},A,${r + 1},3`);
    const base = distinct(int(5, 12), stopCount, rand);
    const patterns: number[][] = [base, [...base].reverse()];
    if (chance(0.7)) {
      const from = int(0, base.length - 3);
      patterns.push(base.slice(from, int(from + 2, base.length)));
    }
    if (chance(0.7) && base.length > 3) patterns.push(base.filter((_, i) => i === 0 || i === base.length - 1 || chance(0.6)));
    for (const stopsOf of patterns) {
      const hops = stopsOf.slice(1).map(() => (chance(0.05) ? 0 : int(1, 6) * 60));
      const flagsOf = stopsOf.map(() => [chance(0.1) ? 1 : chance(0.05) ? pick([2, 3]) : 0, chance(0.1) ? 1 : chance(0.05) ? pick([2, 3]) : 0]);
      const start = int(4 * 60, 9 * 60) * 60;
      const end = chance(0.5) ? int(23 * 60, 26 * 60) * 60 : int(15 * 60, 22 * 60) * 60;
      const headway = int(8, 50) * 60;
      const slot = (t: number) => {
        const service = pick(services);
        const id = `T${seed}_${tripNo++}`;
        trips.push(`${routeId},${service},${id}`);
        const fast = chance(0.15); // leaves a little later, runs faster: overtakes the trip before it
        let time = t + (fast ? int(1, 4) * 60 : int(0, 3) * 60);
        const rows: string[] = [];
        stopsOf.forEach((s, i) => {
          if (i > 0) time += fast ? Math.floor(hops[i - 1] / 2) : hops[i - 1] + (chance(0.2) ? 60 : 0);
          const dwell = chance(0.2) ? int(1, 2) * 60 : 0;
          let [pickup, dropOff] = flagsOf[i];
          if (chance(0.05)) pickup = pickup === 1 ? 0 : 1;
          if (chance(0.05)) dropOff = dropOff === 1 ? 0 : 1;
          rows.push(`${id},${clock(time)},${clock(time + dwell)},${stopIds[s]},${(i + 1) * 10 + int(0, 5)},${pickup || (chance(0.3) ? '' : 0)},${dropOff || (chance(0.3) ? '' : 0)}`);
          time += dwell;
        });
        if (chance(0.1)) rows.reverse(); // rows out of order: stop_sequence decides
        stopTimes.push(...rows);
      };
      for (let t = start; t <= end; t += headway + int(-3, 3) * 60) slot(t);
      if (chance(0.5)) slot(int(0, 90) * 60); // an early-morning trip
      if (chance(0.5)) slot(int(24 * 60, 27 * 60) * 60); // a night trip filed after 24:00
    }
  }

  const files = new Map<string, string>([
    ['agency.txt', 'agency_id,agency_name,agency_url,agency_timezone\nA,Random Buses,https://example.org,Europe/London\n'],
    ['stops.txt', stops.join('\n') + '\n'],
    ['routes.txt', routes.join('\n') + '\n'],
    ['trips.txt', trips.join('\n') + '\n'],
    ['stop_times.txt', stopTimes.join('\n') + '\n'],
    ['calendar.txt', calendar.join('\n') + '\n'],
    ['calendar_dates.txt', calendarDates.join('\n') + '\n'],
  ]);
  return { seed, files, dates };
}

/** Writes a generated feed to a new temp folder (a GTFS folder the builder and the oracle read) and returns its path. */
export function writeRandomTimetable(tt: RandomTimetable): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `random-gtfs-${tt.seed}-`));
  for (const [name, text] of tt.files) writeFileSync(path.join(dir, name), text);
  return dir;
}

/** `count` distinct integers of [0, n), in random order. */
function distinct(count: number, n: number, rand: () => number): number[] {
  const all = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [all[i], all[j]] = [all[j], all[i]];
  }
  return all.slice(0, Math.min(count, n));
}

/** GTFS H:MM:SS of seconds (hours past 24 kept). */
function clock(s: number): string {
  const p = (x: number) => String(x).padStart(2, '0');
  return `${p(Math.floor(s / 3600))}:${p(Math.floor(s / 60) % 60)}:${p(s % 60)}`;
}

function shiftDate(date: string, days: number): string {
  return new Date(Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10) + days)).toISOString().slice(0, 10);
}
