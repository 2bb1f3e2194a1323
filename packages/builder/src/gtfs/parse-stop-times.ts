import { readCsv, cell } from '../source/csv.js';
import { columns, issueFn, type GtfsContext } from './gtfs-context.js';
import { parseGtfsTime } from './parse-time.js';
import { NO_TIME } from './timetable-model.js';

/**
 * Streams stop_times.txt into the model's typed columns: no per-row objects survive the row,
 * so a national file (tens of millions of rows) needs about 20 bytes per row.
 */
export async function parseStopTimes(ctx: GtfsContext): Promise<void> {
  const { tt } = ctx;
  const issue = issueFn(ctx, 'stop_times.txt');
  let c: Record<string, number> = {};
  const st = tt.st;
  // Cache the last trip lookup: rows come grouped by trip in practice.
  let lastTripId = '';
  let lastTrip = -1;
  // Per model stop: 1 usable here (in stops.txt of some feed), 2 not; one Map lookup per stop, not per row.
  const usable = new Uint8Array(tt.stopAtcos.length);
  await readCsv(
    ctx.source,
    'stop_times.txt',
    (h) => (c = columns(h, ['trip_id', 'arrival_time', 'departure_time', 'stop_id', 'stop_sequence', 'pickup_type', 'drop_off_type'])),
    (rec, line) => {
      const tripId = cell(rec, c.trip_id);
      if (tripId !== lastTripId) {
        lastTripId = tripId;
        lastTrip = tt.tripById.get(tripId) ?? -1;
      }
      if (lastTrip < 0) return issue(line, 'unknown_trip', tripId, 'trip_id', tripId, 'stop time for a trip not in trips.txt');
      const stopId = cell(rec, c.stop_id);
      const stop = tt.stopByAtco.get(stopId);
      if (stop !== undefined && usable[stop] === 0) usable[stop] = ctx.ds.stops.has(stopId) ? 1 : 2;
      if (stop === undefined || usable[stop] !== 1) return issue(line, 'unknown_stop', tripId, 'stop_id', stopId, 'stop time at a stop not in stops.txt; row skipped');
      const seq = Number(cell(rec, c.stop_sequence));
      if (!Number.isInteger(seq) || seq < 0) return issue(line, 'bad_sequence', tripId, 'stop_sequence', cell(rec, c.stop_sequence), 'stop_sequence is not a non-negative integer');
      const arrText = cell(rec, c.arrival_time);
      const depText = cell(rec, c.departure_time);
      let arr = arrText ? parseGtfsTime(arrText) : NO_TIME;
      let dep = depText ? parseGtfsTime(depText) : NO_TIME;
      if (Number.isNaN(arr) || Number.isNaN(dep)) return issue(line, 'bad_time', tripId, Number.isNaN(arr) ? 'arrival_time' : 'departure_time', Number.isNaN(arr) ? arrText : depText, 'time is not H:MM:SS');
      if (arr === NO_TIME) arr = dep;
      if (dep === NO_TIME) dep = arr;
      if (dep !== NO_TIME && dep < arr) {
        issue(line, 'departure_before_arrival', tripId, 'departure_time', depText, 'departure before arrival; departure set to arrival');
        dep = arr;
      }
      const pickup = flag(cell(rec, c.pickup_type));
      const dropOff = flag(cell(rec, c.drop_off_type));
      st.trip.push(lastTrip);
      st.stop.push(stop);
      st.seq.push(seq);
      st.arr.push(arr);
      st.dep.push(dep);
      st.flags.push((pickup << 2) | dropOff);
    },
    ctx.progress,
  );
}

/** pickup_type / drop_off_type: 0 regular (also when empty), 1 none, 2 phone, 3 ask the driver. */
function flag(text: string): number {
  const v = text.charCodeAt(0) - 48;
  return text.length === 1 && v >= 0 && v <= 3 ? v : 0;
}
