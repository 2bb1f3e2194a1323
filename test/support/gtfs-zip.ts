import yauzl from 'yauzl';
import { parse } from 'csv-parse/sync';

/** A GTFS file's rows as objects keyed by column name (every value a string). */
export type CsvRows = Record<string, string>[];

/**
 * Reads the named files of a GTFS zip straight from their CSV rows, for oracles independent of
 * the builder (yauzl + csv-parse/sync, nothing shared with packages/builder). Absent files are [].
 */
export async function readGtfsZip(file: string, names: readonly string[]): Promise<Record<string, CsvRows>> {
  const texts = await unzipTexts(file, new Set(names));
  const out: Record<string, CsvRows> = {};
  for (const name of names) out[name] = texts.has(name) ? (parse(texts.get(name)!, { columns: true, bom: true, skip_empty_lines: true, trim: true, relax_column_count: true }) as CsvRows) : [];
  return out;
}

function unzipTexts(file: string, wanted: Set<string>): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error(`cannot open ${file}`));
      const texts = new Map<string, string>();
      zip.on('error', reject);
      zip.on('end', () => resolve(texts));
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName.split('/').pop()!;
        if (!wanted.has(name)) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error(`cannot read ${name}`));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            texts.set(name, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** YYYYMMDD of a YYYY-MM-DD date. */
const compact = (date: string) => date.replaceAll('-', '');

/**
 * service_ids running on `date` (YYYY-MM-DD) by GTFS rules: calendar.txt weekday within
 * [start_date, end_date], then calendar_dates.txt (1 adds, 2 removes).
 */
export function servicesOn(calendar: CsvRows, calendarDates: CsvRows, date: string): Set<string> {
  const d = compact(date);
  const weekday = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'][new Date(date + 'T12:00:00Z').getUTCDay()];
  const on = new Set(calendar.filter((c) => c.start_date <= d && d <= c.end_date && c[weekday] === '1').map((c) => c.service_id));
  for (const x of calendarDates) {
    if (x.date !== d) continue;
    if (x.exception_type === '1') on.add(x.service_id);
    else if (x.exception_type === '2') on.delete(x.service_id);
  }
  return on;
}

/** Seconds of a GTFS time `H:MM:SS` (hours may exceed 24). */
export function gtfsSeconds(time: string): number {
  const [h, m, s] = time.split(':').map(Number);
  return h * 3600 + m * 60 + s;
}

/** trip_id -> departure time (seconds) at its lowest stop_sequence. */
export function firstDepartures(stopTimes: CsvRows, tripIds: Set<string>): Map<string, number> {
  const best = new Map<string, { seq: number; dep: number }>();
  for (const r of stopTimes) {
    if (!tripIds.has(r.trip_id)) continue;
    const seq = Number(r.stop_sequence);
    const cur = best.get(r.trip_id);
    if (!cur || seq < cur.seq) best.set(r.trip_id, { seq, dep: callTimes(r).dep });
  }
  return new Map([...best].map(([id, v]) => [id, v.dep]));
}

/**
 * Arrival and departure seconds of a stop_times row as GTFS cleaning goes: an empty time takes the
 * other one, a departure before its arrival is moved to the arrival; NaN when both are empty.
 */
export function callTimes(r: Record<string, string>): { arr: number; dep: number } {
  let arr = r.arrival_time ? gtfsSeconds(r.arrival_time) : NaN;
  let dep = r.departure_time ? gtfsSeconds(r.departure_time) : NaN;
  if (Number.isNaN(arr)) arr = dep;
  if (Number.isNaN(dep)) dep = arr;
  return { arr, dep: Math.max(arr, dep) };
}

/** trip_ids whose calls, in stop_sequence order, never arrive before the previous departure (empty times skipped): the builder drops the others. */
export function forwardTrips(stopTimes: CsvRows): Set<string> {
  const byTrip = new Map<string, { seq: number; arr: number; dep: number }[]>();
  for (const r of stopTimes) {
    const list = byTrip.get(r.trip_id) ?? [];
    list.push({ seq: Number(r.stop_sequence), ...callTimes(r) });
    byTrip.set(r.trip_id, list);
  }
  const ok = new Set<string>();
  for (const [trip, calls] of byTrip) {
    calls.sort((a, b) => a.seq - b.seq);
    let last = -Infinity;
    let forward = true;
    for (const c of calls) {
      if (Number.isNaN(c.arr)) continue;
      if (c.arr < last) forward = false;
      last = c.dep;
    }
    if (forward) ok.add(trip);
  }
  return ok;
}
