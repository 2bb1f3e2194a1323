import type { Dataset } from '../../dataset.js';
import { formatDay } from '@transit/engine';
import type { CifSchedule } from './cif-schedule.js';
import type { ParsedMca } from './parse-mca.js';
import type { MsnIndex } from './parse-msn.js';
import { resolveStp } from './resolve-stp.js';
import { CifStops } from './cif-stops.js';
import { cifRouteOf } from './cif-routes.js';

const DAY = 86_400;
/** Trips leaving before this (seconds) run on the previous service day, past 24:00. */
const EARLY = 2 * 3600;

/** Days run moved one day back (Monday -> Sunday): bit 0 Monday ... bit 6 Sunday. */
function dayBefore(days: number): number {
  return (days >> 1) | ((days & 1) << 6);
}

/** Trip (and service) id of a schedule: train UID, date runs from, STP indicator (C04547_20260518_P). */
export function cifTripId(s: CifSchedule): string {
  return `${s.uid}_${formatDay(s.runsFrom).replace(/-/g, '')}_${s.stp}`;
}

/**
 * Adds the STP-resolved CIF schedules to the timetable model: each schedule that applies on
 * some date becomes one trip (id from cifTripId, vehicle journey code = the train UID,
 * headsign = the last call's station) with a service of the same id: its days run between its
 * dates, minus the dates other schedules of its UID take. Schedules with no passenger call are
 * empty stock and skipped silently; one placed call only is an issue.
 * A train leaving before 02:00 is put on the previous service day with times past 24:00 (as
 * dtd2gtfs does): GTFS times count from noon minus 12 h, which is not midnight on the days the
 * clocks change, so only this keeps its early-morning wall-clock times right on those days.
 */
export function cifToModel(ds: Dataset, mca: ParsedMca, msn: MsnIndex, where: string): void {
  const tt = ds.timetable;
  const { calls } = mca;
  const issue = (code: string, severity: 'error' | 'warning', line: number, entityId: string, f: string, value: string, message: string) =>
    ds.issues.add({ code, severity, file: where, line, entityId, field: f, value, message });
  const cifStops = new CifStops(ds, msn, (tiploc, crs, line) => issue('unplaced_station', 'error', line, tiploc, 'tiploc', tiploc, `station ${crs} has no coordinates in the MSN or the station list; calls there dropped`));

  const groups = new Map<string, CifSchedule[]>();
  for (const s of mca.schedules) {
    const g = groups.get(s.uid);
    if (g) g.push(s);
    else groups.set(s.uid, [s]);
  }
  const stops: number[] = [];
  for (const group of groups.values()) {
    for (const { schedule: s, removed } of resolveStp(group)) {
      stops.length = 0;
      let placed = 0;
      for (let c = s.callStart; c < s.callEnd; c++) {
        const stop = cifStops.stopOf(calls.tiplocs[calls.tiploc.get(c)], s.line);
        stops.push(stop);
        if (stop >= 0) placed++;
      }
      let lastPos = stops.length - 1;
      while (lastPos >= 0 && stops[lastPos] < 0) lastPos--;
      if (placed < 2) {
        if (s.callEnd > s.callStart) issue('too_few_calls', 'warning', s.line, s.uid, 'train_uid', s.uid, 'schedule calls at fewer than two placed stations; skipped');
        continue;
      }
      const id = cifTripId(s);
      if (tt.tripById.has(id)) {
        issue('duplicate_id', 'error', s.line, id, 'trip_id', id, 'schedule already read (same UID, start date and STP, here or in an earlier CIF); first kept');
        continue;
      }
      if (!s.atoc) issue('missing_operator', 'warning', s.line, s.uid, 'atoc_code', '', 'schedule without a BX operator code; listed under ZZ');
      const shift = calls.dep.get(s.callStart + stops.findIndex((x) => x >= 0)) < EARLY ? 1 : 0;
      const service = tt.services.length;
      tt.serviceByKey.set(`cif:${id}`, service);
      tt.services.push(shift ? { id, weekdays: dayBefore(s.days), start: s.from - 1, end: s.to - 1, added: [], removed: removed.map((d) => d - 1) } : { id, weekdays: s.days, start: s.from, end: s.to, added: [], removed });
      const trip = tt.trips.length;
      const headsign = cifStops.stationName(calls.tiplocs[calls.tiploc.get(s.callStart + lastPos)]);
      tt.tripById.set(id, trip);
      tt.trips.push({ id, route: cifRouteOf(tt, s), service, headsign, direction: 255, shape: -1, block: '', vehicleJourneyCode: s.uid });
      let seq = 0;
      for (let i = 0; i < stops.length; i++) {
        if (stops[i] < 0) continue;
        const c = s.callStart + i;
        tt.st.push(trip, stops[i], ++seq, calls.arr.get(c) + shift * DAY, calls.dep.get(c) + shift * DAY, calls.flags.get(c));
      }
    }
  }
}
