import yauzl from 'yauzl';
import { parse } from 'csv-parse/sync';

/**
 * An independent reference reader for boards and service detail: reads stops, trips,
 * stop_times, calendar and calendar_dates straight from a GTFS zip (yauzl + csv-parse) and
 * answers from the raw rows, with its own calendar and clock arithmetic (Intl for
 * Europe/London). It shares no code with the engine or the builder; it applies the feed rules
 * the builder documents (rows at unknown or non-boarding stops dropped, a trip whose times go
 * backwards dropped, departure before arrival raised to the arrival, first trip_id wins).
 */

/** One call of a trip, after cleaning, in stop_sequence order. */
export interface RefCall {
  stopId: string;
  arr: number;
  dep: number;
  noPickup: boolean;
  noDropOff: boolean;
}

export interface RefTrip {
  id: string;
  serviceId: string;
  calls: RefCall[];
}

/** One call on a reference board. */
export interface RefBoardCall {
  tripId: string;
  /** Service date YYYY-MM-DD. */
  date: string;
  /** Position in the trip, from 1. */
  sequence: number;
  /** GTFS seconds. */
  seconds: number;
  /** Epoch ms (as UK local time). */
  time: number;
}

interface RefService {
  weekdays: boolean[];
  start: string;
  end: string;
  added: Set<string>;
  removed: Set<string>;
}

const FILES = ['stops.txt', 'trips.txt', 'stop_times.txt', 'calendar.txt', 'calendar_dates.txt', 'routes.txt'];

export class GtfsReference {
  private readonly byStop = new Map<string, { trip: RefTrip; index: number }[]>();

  private constructor(
    readonly trips: Map<string, RefTrip>,
    private readonly services: Map<string, RefService>,
    /** stop_id -> stop_code (CRS on rail feeds) and name. */
    readonly stops: Map<string, { code: string; name: string }>,
  ) {
    for (const trip of trips.values()) {
      trip.calls.forEach((c, index) => {
        let list = this.byStop.get(c.stopId);
        if (!list) this.byStop.set(c.stopId, (list = []));
        list.push({ trip, index });
      });
    }
  }

  static async open(zipPath: string): Promise<GtfsReference> {
    const files = await readZip(zipPath, FILES);
    const rows = (name: string): Record<string, string>[] =>
      files.has(name) ? parse(files.get(name)!, { columns: true, bom: true, trim: true, skip_empty_lines: true, relax_column_count: true }) : [];
    const stops = new Map<string, { code: string; name: string }>();
    for (const r of rows('stops.txt')) if (!r.location_type || r.location_type === '0') stops.set(r.stop_id, { code: r.stop_code ?? '', name: r.stop_name ?? '' });
    const services = new Map<string, RefService>();
    const service = (id: string) => {
      let s = services.get(id);
      if (!s) services.set(id, (s = { weekdays: Array(7).fill(false), start: '', end: '', added: new Set(), removed: new Set() }));
      return s;
    };
    const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
    for (const r of rows('calendar.txt')) {
      const s = service(r.service_id);
      if (s.start) continue;
      s.weekdays = days.map((d) => r[d] === '1');
      s.start = r.start_date;
      s.end = r.end_date;
    }
    for (const r of rows('calendar_dates.txt')) (r.exception_type === '1' ? service(r.service_id).added : service(r.service_id).removed).add(r.date);
    const routes = new Set(rows('routes.txt').map((r) => r.route_id));
    const trips = new Map<string, RefTrip>();
    for (const r of rows('trips.txt')) {
      if (trips.has(r.trip_id) || !routes.has(r.route_id) || !services.has(r.service_id)) continue;
      trips.set(r.trip_id, { id: r.trip_id, serviceId: r.service_id, calls: [] });
    }
    const seq = new Map<RefCall, number>();
    for (const r of rows('stop_times.txt')) {
      const trip = trips.get(r.trip_id);
      if (!trip || !stops.has(r.stop_id)) continue;
      const arr = seconds(r.arrival_time || r.departure_time);
      const dep = Math.max(arr, seconds(r.departure_time || r.arrival_time));
      const call = { stopId: r.stop_id, arr, dep, noPickup: r.pickup_type === '1', noDropOff: r.drop_off_type === '1' };
      seq.set(call, Number(r.stop_sequence));
      trip.calls.push(call);
    }
    for (const [id, trip] of trips) {
      trip.calls.sort((a, b) => seq.get(a)! - seq.get(b)!);
      const backwards = trip.calls.some((c, i) => i > 0 && c.arr < trip.calls[i - 1].dep);
      if (trip.calls.length === 0 || backwards || trip.calls.some((c) => Number.isNaN(c.arr))) trips.delete(id);
    }
    return new GtfsReference(trips, services, stops);
  }

  /** True when the trip's service runs on `date` (YYYYMMDD). */
  runs(trip: RefTrip, date: string): boolean {
    const s = this.services.get(trip.serviceId)!;
    if (s.added.has(date)) return true;
    if (s.removed.has(date)) return false;
    if (!s.start || date < s.start || date > s.end) return false;
    const weekday = (new Date(Date.UTC(+date.slice(0, 4), +date.slice(4, 6) - 1, +date.slice(6))).getUTCDay() + 6) % 7;
    return s.weekdays[weekday];
  }

  /**
   * Calls at any of `stopIds` in [from, to) (epoch ms), earliest first, ties by trip_id bytes then
   * position, at most `limit`. Departures leave out a trip's last call and pickup_type 1; arrivals
   * its first call and drop_off_type 1; a one-call trip is both.
   */
  board(stopIds: readonly string[], from: number, to: number, type: 'departures' | 'arrivals', limit: number): RefBoardCall[] {
    const out: RefBoardCall[] = [];
    // Service days from three days before the window (times up to 72 h) to the day after it.
    const dates: string[] = [];
    for (let t = ukDate(from) - 3 * 86_400_000; t <= ukDate(to) + 86_400_000; t += 86_400_000) dates.push(isoDate(t));
    for (const stopId of stopIds) {
      for (const { trip, index } of this.byStop.get(stopId) ?? []) {
        const c = trip.calls[index];
        const last = trip.calls.length - 1;
        if (type === 'departures' && ((index === last && last > 0) || c.noPickup)) continue;
        if (type === 'arrivals' && ((index === 0 && last > 0) || c.noDropOff)) continue;
        const secs = type === 'departures' ? c.dep : c.arr;
        for (const date of dates) {
          if (!this.runs(trip, date.replaceAll('-', ''))) continue;
          const time = serviceDayStart(date) + secs * 1000;
          if (time >= from && time < to) out.push({ tripId: trip.id, date, sequence: index + 1, seconds: secs, time });
        }
      }
    }
    out.sort((a, b) => a.time - b.time || Buffer.compare(Buffer.from(a.tripId), Buffer.from(b.tripId)) || a.sequence - b.sequence);
    return out.slice(0, limit);
  }

  /** stop_ids whose stop_code is this CRS code (rail feeds). */
  stopsWithCode(code: string): string[] {
    return [...this.stops].filter(([, s]) => s.code === code).map(([id]) => id);
  }
}

/** GTFS H:MM:SS -> seconds (NaN when malformed). */
function seconds(text: string): number {
  const m = /^(\d+):(\d\d):(\d\d)$/.exec(text);
  return m ? +m[1] * 3600 + +m[2] * 60 + +m[3] : NaN;
}

const LONDON = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', timeZoneName: 'shortOffset', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Europe/London offset from UTC, minutes, at an instant (Intl: "GMT" or "GMT+1"). */
export function londonOffsetMinutes(epochMs: number): number {
  const name = LONDON.formatToParts(new Date(epochMs)).find((p) => p.type === 'timeZoneName')!.value;
  const m = /GMT([+-]\d+)?/.exec(name)!;
  return m[1] ? +m[1] * 60 : 0;
}

/** Epoch ms of the GTFS service day start of `date` (YYYY-MM-DD): local noon minus 12 hours. */
export function serviceDayStart(date: string): number {
  const noonUtc = Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10), 12);
  return noonUtc - londonOffsetMinutes(noonUtc) * 60_000 - 12 * 3_600_000;
}

/** Epoch ms of a London wall-clock time on `date` (first instant when ambiguous; the skipped hour moves forward). */
export function londonTime(date: string, hh: number, mm: number): number {
  const wall = Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10), hh, mm);
  const bst = wall - 3_600_000;
  return londonOffsetMinutes(bst) === 60 ? bst : wall;
}

/** UK local date (as an epoch ms of its UTC midnight) of an instant. */
function ukDate(epochMs: number): number {
  const local = epochMs + londonOffsetMinutes(epochMs) * 60_000;
  return Math.floor(local / 86_400_000) * 86_400_000;
}

function isoDate(utcMidnight: number): string {
  return new Date(utcMidnight).toISOString().slice(0, 10);
}

/** Reads the named files (those present) from a zip into buffers. */
function readZip(file: string, names: readonly string[]): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName.split('/').pop()!;
        if (!names.includes(name)) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(name, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
