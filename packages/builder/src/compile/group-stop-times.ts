import type { TimetableModel } from '../gtfs/timetable-model.js';

/**
 * Orders stop-time rows by (trip, stop_sequence) without sorting the whole table: a counting
 * sort by trip (O(n)), then an insertion sort per trip (rows are nearly always in order already).
 * Returns trip -> [first, end) offsets into the returned row order.
 */
export function groupStopTimes(tt: TimetableModel): { offsets: Uint32Array; rows: Uint32Array } {
  const trip = tt.st.trip.view();
  const seq = tt.st.seq.view();
  const tripCount = tt.trips.length;
  const offsets = new Uint32Array(tripCount + 1);
  for (let i = 0; i < trip.length; i++) offsets[trip[i] + 1]++;
  for (let t = 0; t < tripCount; t++) offsets[t + 1] += offsets[t];
  const cursor = offsets.slice(0, tripCount);
  const rows = new Uint32Array(trip.length);
  for (let i = 0; i < trip.length; i++) rows[cursor[trip[i]]++] = i;
  for (let t = 0; t < tripCount; t++) {
    for (let i = offsets[t] + 1; i < offsets[t + 1]; i++) {
      const row = rows[i];
      let j = i - 1;
      while (j >= offsets[t] && seq[rows[j]] > seq[row]) {
        rows[j + 1] = rows[j];
        j--;
      }
      rows[j + 1] = row;
    }
  }
  return { offsets, rows };
}
