/** Pattern time matrices in the snapshot's form (`times.values` / `patterns.timeRows` in docs/engine.md). */
export interface CompactTimes {
  /** Seconds: each pattern stop's rows in order, its arrival row then, where some trip dwells, its departure row. */
  times: Int32Array;
  /** Pattern stop -> [first, end) of its rows in `times`; length pattern stops + 1. */
  timeRows: Uint32Array;
}

/**
 * Packs full stop-major matrices (pattern p's row pos at timeOffsets[p] + pos * tripCount in
 * `arrivals` and `departures`) into one column that stores a pattern stop's departures only when
 * some trip dwells there (departure != arrival); elsewhere its departure row is its arrival row.
 * The builder writes this form; the engine packs older snapshots' matrices with it at open.
 */
export function compactTimes(patternStopOffsets: Uint32Array, patternTripOffsets: Uint32Array, timeOffsets: Uint32Array, arrivals: Int32Array, departures: Int32Array): CompactTimes {
  const patternCount = patternStopOffsets.length - 1;
  const timeRows = new Uint32Array(patternStopOffsets[patternCount] + 1);
  const dwells = new Uint8Array(patternStopOffsets[patternCount]);
  let size = 0;
  for (let p = 0; p < patternCount; p++) {
    const n = patternTripOffsets[p + 1] - patternTripOffsets[p];
    for (let i = patternStopOffsets[p], row = timeOffsets[p]; i < patternStopOffsets[p + 1]; i++, row += n) {
      for (let r = row; r < row + n; r++) {
        if (arrivals[r] !== departures[r]) {
          dwells[i] = 1;
          break;
        }
      }
      size += n * (1 + dwells[i]);
    }
  }
  const times = new Int32Array(size);
  let at = 0;
  for (let p = 0; p < patternCount; p++) {
    const n = patternTripOffsets[p + 1] - patternTripOffsets[p];
    for (let i = patternStopOffsets[p], row = timeOffsets[p]; i < patternStopOffsets[p + 1]; i++, row += n) {
      timeRows[i] = at;
      times.set(arrivals.subarray(row, row + n), at);
      at += n;
      if (dwells[i]) {
        times.set(departures.subarray(row, row + n), at);
        at += n;
      }
    }
  }
  timeRows[timeRows.length - 1] = at;
  return { times, timeRows };
}
