import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yauzl from 'yauzl';
import { Engine, formatDay } from '@transit/engine';

/** One call of a dumped trip: stop ATCO code, its station's CRS ('' when none), Seconds, GTFS pickup/drop-off codes. */
export interface DumpCall {
  atco: string;
  crs: string;
  arr: number;
  dep: number;
  pickup: number;
  dropOff: number;
}

/** A trip read back out of a snapshot: what a board or a trip page will see. */
export interface DumpTrip {
  id: string;
  route: string;
  agency: string;
  headsign: string;
  vehicleJourneyCode: string;
  /** Service days, day numbers ascending. */
  days: number[];
  calls: DumpCall[];
}

/** Every trip of a snapshot with its service days and calls (decoded from the columns, no engine query API). */
export function dumpTrips(e: Engine): DumpTrip[] {
  const tt = e.timetable;
  const h = e.reader.header;
  const words = Math.ceil(h.serviceDayCount / 32);
  const crsOfStop = new Map<number, string>();
  const st = e.stationTable;
  for (let s = 0; s < st.count; s++) for (let i = st.stopOffsets[s]; i < st.stopOffsets[s + 1]; i++) crsOfStop.set(st.stops[i], e.strings.get(st.crs[s]));
  const out: DumpTrip[] = [];
  for (let t = 0; t < tt.tripCount; t++) {
    const p = tt.tripPattern[t];
    const calls: DumpCall[] = [];
    for (let i = tt.patternStopOffsets[p], pos = 0; i < tt.patternStopOffsets[p + 1]; i++, pos++) {
      const stop = tt.patternStops[i];
      calls.push({ atco: e.strings.get(e.stopTable.atco[stop]), crs: crsOfStop.get(stop) ?? '', arr: tt.arrivalAt(t, pos), dep: tt.departureAt(t, pos), pickup: tt.patternStopFlags[i] >> 2, dropOff: tt.patternStopFlags[i] & 3 });
    }
    const svc = tt.tripService[t];
    const days: number[] = [];
    for (let d = 0; d < h.serviceDayCount; d++) if (tt.serviceDays[tt.serviceDayRow[svc] * words + (d >>> 5)] & (1 << (d & 31))) days.push(h.firstServiceDay + d);
    const route = tt.tripRoute[t];
    out.push({
      id: tt.tripIds.get(t),
      route: e.strings.get(tt.routeId[route]),
      agency: h.agencies[tt.routeAgency[route]]?.name ?? '',
      headsign: e.strings.get(tt.tripHeadsign[t]),
      vehicleJourneyCode: e.strings.get(tt.tripVehicleJourneyCode[t]),
      days,
      calls,
    });
  }
  return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Seconds as `HH:MM` (hours past 24 kept), or `HH:MM:SS` when not on the minute. */
export function hhmm(secs: number): string {
  const pad = (v: number) => String(v).padStart(2, '0');
  const base = `${pad(Math.floor(secs / 3600))}:${pad(Math.floor((secs % 3600) / 60))}`;
  return secs % 60 ? `${base}:${pad(secs % 60)}` : base;
}

/** Day numbers as `MM-DD` joined by spaces. */
export function mmdd(days: number[]): string {
  return days.map((d) => formatDay(d).slice(5)).join(' ');
}

/** Unzips every file of a zip (flattened to base names) into a new temp folder; returns its path. */
export function unzipToFolder(file: string): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'unzip-'));
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error(`cannot open ${file}`));
      zip.on('error', reject);
      zip.on('end', () => resolve(dir));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error(`cannot read ${entry.fileName}`));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            writeFileSync(path.join(dir, path.posix.basename(entry.fileName)), Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
