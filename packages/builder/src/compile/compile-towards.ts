import type { CompiledPatterns } from './compile-patterns.js';
import type { StopTable } from '../stop-table.js';
import type { TripColumns } from '../gtfs/trip-columns.js';
import type { StringPool } from '../write/string-pool.js';

/**
 * For every stop, from the timetable: `towards`, the commonest destination (trip headsign, else
 * the last stop's name) of journeys that call there and go on; and `towardsNext`, the commonest
 * first differently named stop those journeys call at next. Each journey counts once.
 * Returns string-table indices per dense stop (0 = none, e.g. a terminus or an unserved stop).
 */
export function compileTowards(p: CompiledPatterns, trips: TripColumns, stops: StopTable, pool: StringPool): { towards: Uint32Array; towardsNext: Uint32Array } {
  const towardsTally: (Map<string, number> | undefined)[] = new Array(stops.size);
  const nextTally: (Map<string, number> | undefined)[] = new Array(stops.size);
  const add = (tally: (Map<string, number> | undefined)[], stop: number, text: string, weight: number) => {
    if (!text) return;
    const m = (tally[stop] ??= new Map());
    m.set(text, (m.get(text) ?? 0) + weight);
  };
  const patternCount = p.patternRoute.length;
  for (let pat = 0; pat < patternCount; pat++) {
    const s0 = p.patternStopOffsets[pat];
    const s1 = p.patternStopOffsets[pat + 1];
    const lastName = stops.name(p.patternStops[s1 - 1]);
    // Trips of a pattern share stops, so tally destinations per pattern, then spread them.
    const dest = new Map<string, number>();
    for (let i = p.patternTripOffsets[pat]; i < p.patternTripOffsets[pat + 1]; i++) {
      const d = trips.headsign(p.tripOrder[i]) || lastName;
      dest.set(d, (dest.get(d) ?? 0) + 1);
    }
    const tripCount = p.patternTripOffsets[pat + 1] - p.patternTripOffsets[pat];
    for (let pos = s0; pos < s1 - 1; pos++) {
      const stop = p.patternStops[pos];
      const name = stops.name(stop);
      for (const [d, n] of dest) if (d !== name) add(towardsTally, stop, d, n);
      for (let next = pos + 1; next < s1; next++) {
        const nextName = stops.name(p.patternStops[next]);
        if (nextName !== name) {
          add(nextTally, stop, nextName, tripCount);
          break;
        }
      }
    }
  }
  const pick = (m: Map<string, number> | undefined) => {
    if (!m) return 0;
    let best = '';
    let bestCount = -1;
    for (const [text, n] of m) if (n > bestCount || (n === bestCount && text < best)) [best, bestCount] = [text, n];
    return pool.intern(best);
  };
  return { towards: Uint32Array.from(towardsTally, pick), towardsNext: Uint32Array.from(nextTally, pick) };
}
