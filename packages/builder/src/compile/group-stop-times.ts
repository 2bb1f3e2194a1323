import type { TimetableModel } from '../gtfs/timetable-model.js';

/**
 * Orders stop-time rows by (trip, stop_sequence) without sorting the whole table: a counting
 * sort by trip (O(n)), then an insertion sort per trip (rows are nearly always in order already).
 * Returns trip -> [first, end) offsets into the returned row order.
 */
export function groupStopTimes(tt: TimetableModel): { offsets: Uint32Array; rows: Uint32Array } {
  const { trip, seq } = tt.st;
  const rowCount = trip.length;
  const tripCount = tt.trips.length;
  const offsets = new Uint32Array(tripCount + 1);
  for (let i = 0; i < rowCount; i++) offsets[trip.get(i) + 1]++;
  for (let t = 0; t < tripCount; t++) offsets[t + 1] += offsets[t];
  const cursor = offsets.slice(0, tripCount);
  const rows = new Uint32Array(rowCount);
  for (let i = 0; i < rowCount; i++) rows[cursor[trip.get(i)]++] = i;
  for (let t = 0; t < tripCount; t++) {
    for (let i = offsets[t] + 1; i < offsets[t + 1]; i++) {
      const row = rows[i];
      const rowSeq = seq.get(row);
      let j = i - 1;
      while (j >= offsets[t] && seq.get(rows[j]) > rowSeq) {
        rows[j + 1] = rows[j];
        j--;
      }
      rows[j + 1] = row;
    }
  }
  return { offsets, rows };
}
