import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import yauzl from 'yauzl';

/**
 * The raw GTFS as the CSA oracle sees it (test/support/csa-oracle.ts): read straight from the zip
 * or folder with a small CSV reader of its own, sharing no code with the builder or the engine.
 * It applies the feed rules the builder documents, so both sides start from the same trips:
 * stops with location_type 0 or empty and usable coordinates (first good row wins); routes with
 * an id and a non-negative integer route_type; trips with a known route and service (first
 * trip_id wins); stop_times rows at known stops with an integer stop_sequence and H:MM:SS times
 * (an empty time takes the other one, a departure before its arrival is raised to it, calls with
 * neither are interpolated between known times); a trip whose ends have no time or whose times
 * go backwards is dropped. Calendars: calendar.txt (first row per service wins) then
 * calendar_dates.txt, where an added date beats a removed one.
 */

/** One trip, its calls in stop_sequence order (parallel arrays). */
export interface OracleTrip {
  id: string;
  route: string;
  service: string;
  /** stop_id per call. */
  stops: string[];
  /** GTFS seconds (may exceed 86 400). */
  arr: number[];
  dep: number[];
  /** pickup_type 1 / drop_off_type 1 at the call. */
  noPickup: boolean[];
  noDropOff: boolean[];
}

export interface OracleService {
  /** Bit i = runs on weekday i (0 Monday ... 6 Sunday) within [start, end] (YYYYMMDD), when start is set. */
  weekdays: number;
  start: string;
  end: string;
  added: Set<string>;
  removed: Set<string>;
}

export interface OracleFeed {
  /** stop_id -> WGS84 degrees. */
  stops: Map<string, { lat: number; lon: number }>;
  trips: OracleTrip[];
  services: Map<string, OracleService>;
}

const NO_TIME = -1;
const FILES = ['stops.txt', 'routes.txt', 'trips.txt', 'stop_times.txt', 'calendar.txt', 'calendar_dates.txt'];

/** Reads a GTFS zip or folder. */
export async function loadOracleFeed(target: string): Promise<OracleFeed> {
  const files = statSync(target).isDirectory() ? readFolder(target) : await readZip(target);
  const table = (name: string) => csvTable(files.get(name) ?? '');

  const stops = new Map<string, { lat: number; lon: number }>();
  for (const r of table('stops.txt')) {
    const id = r('stop_id');
    const type = r('location_type');
    if ((type && type !== '0') || !id || stops.has(id)) continue;
    const lat = Number(r('stop_lat'));
    const lon = Number(r('stop_lon'));
    const usable = Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 && !(lat === 0 && lon === 0);
    if (usable) stops.set(id, { lat, lon });
  }

  const routes = new Set<string>();
  for (const r of table('routes.txt')) {
    const type = Number(r('route_type'));
    if (r('route_id') && Number.isInteger(type) && type >= 0) routes.add(r('route_id'));
  }

  const services = new Map<string, OracleService>();
  const service = (id: string) => {
    let s = services.get(id);
    if (!s) services.set(id, (s = { weekdays: 0, start: '', end: '', added: new Set(), removed: new Set() }));
    return s;
  };
  const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
  for (const r of table('calendar.txt')) {
    const id = r('service_id');
    const start = compactDate(r('start_date'));
    const end = compactDate(r('end_date'));
    if (!id || !start || !end || end < start) continue;
    const s = service(id);
    if (s.start) continue;
    s.start = start;
    s.end = end;
    s.weekdays = WEEKDAYS.reduce((mask, d, i) => (r(d) === '1' ? mask | (1 << i) : mask), 0);
  }
  for (const r of table('calendar_dates.txt')) {
    const id = r('service_id');
    const date = compactDate(r('date'));
    const type = r('exception_type');
    if (!id || !date || (type !== '1' && type !== '2')) continue;
    (type === '1' ? service(id).added : service(id).removed).add(date);
  }

  const byId = new Map<string, { trip: OracleTrip; seq: number[] }>();
  for (const r of table('trips.txt')) {
    const id = r('trip_id');
    if (!id || byId.has(id) || !routes.has(r('route_id')) || !services.has(r('service_id'))) continue;
    byId.set(id, { trip: { id, route: r('route_id'), service: r('service_id'), stops: [], arr: [], dep: [], noPickup: [], noDropOff: [] }, seq: [] });
  }
  for (const r of table('stop_times.txt')) {
    const entry = byId.get(r('trip_id'));
    const stopId = r('stop_id');
    if (!entry || !stops.has(stopId)) continue;
    const seq = Number(r('stop_sequence'));
    if (!Number.isInteger(seq) || seq < 0) continue; // Number('') is 0, as in the builder
    let arr = r('arrival_time') ? gtfsTime(r('arrival_time')) : NO_TIME;
    let dep = r('departure_time') ? gtfsTime(r('departure_time')) : NO_TIME;
    if (Number.isNaN(arr) || Number.isNaN(dep)) continue;
    if (arr === NO_TIME) arr = dep;
    if (dep === NO_TIME) dep = arr;
    if (dep < arr) dep = arr;
    const { trip } = entry;
    entry.seq.push(seq);
    trip.stops.push(stopId);
    trip.arr.push(arr);
    trip.dep.push(dep);
    trip.noPickup.push(r('pickup_type') === '1');
    trip.noDropOff.push(r('drop_off_type') === '1');
  }
  const trips: OracleTrip[] = [];
  for (const { trip, seq } of byId.values()) if (trip.stops.length && orderCalls(trip, seq)) trips.push(trip);
  return { stops, trips, services };
}

/** Sorts a trip's calls by stop_sequence (stable), fills missing times; false when the trip is dropped. */
function orderCalls(trip: OracleTrip, seq: number[]): boolean {
  const order = seq.map((_, i) => i).sort((a, b) => seq[a] - seq[b] || a - b);
  const pick = <T>(xs: T[]) => order.map((i) => xs[i]);
  trip.stops = pick(trip.stops);
  trip.arr = pick(trip.arr);
  trip.dep = pick(trip.dep);
  trip.noPickup = pick(trip.noPickup);
  trip.noDropOff = pick(trip.noDropOff);
  const { arr, dep } = trip;
  const n = arr.length;
  if (arr[0] === NO_TIME || arr[n - 1] === NO_TIME) return false;
  let prev = 0;
  for (let i = 1; i < n; i++) {
    if (arr[i] === NO_TIME) continue;
    for (let j = prev + 1; j < i; j++) arr[j] = dep[j] = Math.round(dep[prev] + ((arr[i] - dep[prev]) * (j - prev)) / (i - prev));
    prev = i;
  }
  for (let i = 0; i < n; i++) if (dep[i] < arr[i] || (i > 0 && arr[i] < dep[i - 1])) return false;
  return true;
}

/** True when `service` runs on `date` (YYYYMMDD). */
export function serviceRuns(s: OracleService, date: string): boolean {
  if (s.added.has(date)) return true;
  if (s.removed.has(date)) return false;
  if (!s.start || date < s.start || date > s.end) return false;
  const weekday = (new Date(Date.UTC(+date.slice(0, 4), +date.slice(4, 6) - 1, +date.slice(6, 8))).getUTCDay() + 6) % 7;
  return (s.weekdays & (1 << weekday)) !== 0;
}

/** GTFS H:MM:SS (hours may exceed 24, minutes and seconds two digits) -> seconds; NaN when malformed. */
function gtfsTime(text: string): number {
  const m = /^(\d{1,3}):([0-5]\d):([0-5]\d)$/.exec(text);
  return m ? +m[1] * 3600 + +m[2] * 60 + +m[3] : NaN;
}

/** YYYYMMDD of a YYYYMMDD or YYYY-MM-DD date that exists; '' otherwise. */
function compactDate(text: string): string {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(text);
  if (!m) return '';
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3] ? `${m[1]}${m[2]}${m[3]}` : '';
}

/** Rows of a CSV text as accessors by column name (trimmed; absent columns and R's `NA` read as ''). */
function* csvTable(text: string): Generator<(column: string) => string> {
  const records = csvRecords(text);
  const first = records.next();
  if (first.done) return;
  const index = new Map<string, number>();
  first.value.forEach((name, i) => {
    if (!index.has(name.trim())) index.set(name.trim(), i);
  });
  let record: string[] = [];
  const get = (column: string) => {
    const i = index.get(column);
    const v = i === undefined ? undefined : record[i];
    if (v === undefined) return '';
    const t = v.length && (v[0] === ' ' || v[v.length - 1] === ' ') ? v.trim() : v;
    return t === 'NA' ? '' : t;
  };
  for (const r of records) {
    record = r;
    yield get;
  }
}

/** CSV records: a leading BOM dropped, CRLF or LF, empty lines skipped, `"` quoting (`""` escapes) only at a field's start. */
function* csvRecords(text: string): Generator<string[]> {
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const n = text.length;
  while (pos < n) {
    let end = text.indexOf('\n', pos);
    if (end < 0) end = n;
    let line = text.slice(pos, end);
    pos = end + 1;
    if (line.endsWith('\r')) line = line.slice(0, -1);
    if (line === '') continue;
    if (!line.includes('"')) {
      yield line.split(',');
      continue;
    }
    // Quoted fields: take further lines while a quote is open.
    const fields: string[] = [];
    let field = '';
    let i = 0;
    let quoted = false;
    let startOfField = true;
    for (;;) {
      if (i >= line.length) {
        if (quoted && pos < n) {
          let next = text.indexOf('\n', pos);
          if (next < 0) next = n;
          line += '\n' + text.slice(pos, next).replace(/\r$/, '');
          pos = next + 1;
          continue;
        }
        break;
      }
      const ch = line[i++];
      if (quoted) {
        if (ch === '"' && line[i] === '"') {
          field += '"';
          i++;
        } else if (ch === '"') quoted = false;
        else field += ch;
      } else if (ch === ',') {
        fields.push(field);
        field = '';
        startOfField = true;
        continue;
      } else if (ch === '"' && startOfField) quoted = true;
      else field += ch;
      startOfField = false;
    }
    fields.push(field);
    yield fields;
  }
}

function readFolder(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of readdirSync(dir)) if (FILES.includes(name)) out.set(name, readFileSync(path.join(dir, name), 'utf8'));
  return out;
}

/** The GTFS files of a zip by base name (first entry wins, as zips may nest a folder). */
function readZip(file: string): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error(`cannot open ${file}`));
      const out = new Map<string, string>();
      zip.on('error', reject);
      zip.on('end', () => resolve(out));
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName.split('/').pop()!;
        if (entry.fileName.endsWith('/') || !FILES.includes(name) || out.has(name)) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error(`cannot read ${name}`));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            out.set(name, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** The date (YYYY-MM-DD) with the most trips running, the earliest among equals; null without any. */
export function busiestDate(feed: OracleFeed): string | null {
  const tripsOf = new Map<string, number>();
  for (const t of feed.trips) tripsOf.set(t.service, (tripsOf.get(t.service) ?? 0) + 1);
  const perDate = new Map<string, number>();
  for (const [id, trips] of tripsOf) {
    const s = feed.services.get(id)!;
    const dates = new Set(s.added);
    if (s.start) {
      const end = Date.UTC(+s.end.slice(0, 4), +s.end.slice(4, 6) - 1, +s.end.slice(6, 8));
      for (let t = Date.UTC(+s.start.slice(0, 4), +s.start.slice(4, 6) - 1, +s.start.slice(6, 8)); t <= end; t += 86_400_000) dates.add(new Date(t).toISOString().slice(0, 10).replaceAll('-', ''));
    }
    for (const d of dates) if (serviceRuns(s, d)) perDate.set(d, (perDate.get(d) ?? 0) + trips);
  }
  let best: string | null = null;
  for (const [d, n] of perDate) if (best === null || n > perDate.get(best)! || (n === perDate.get(best)! && d < best)) best = d;
  return best && `${best.slice(0, 4)}-${best.slice(4, 6)}-${best.slice(6, 8)}`;
}
