import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { ServiceCalendar } from '../trips/service-calendar.js';
import type { DayNumber } from '../time.js';

/** Service days a search uses: the day before the query day, the day, and the day after. */
export const DAY_SPAN = 3;

/** Which services and patterns run on one query day's three service days. */
interface DayState {
  /** Pattern -> bit d set when some trip of it runs on service day d. */
  patternDays: Uint8Array;
  /** Trip -> bit d set when it runs on service day d (a pattern's trips are contiguous): the boarding test in one load. One byte a trip, not one a trip and day (a third of the memory a cached day held). */
  slotDays: Uint8Array;
}

const CACHE_DAYS = 8;

/**
 * The service days around a query day and the shift of each into the query day's Seconds (the
 * true difference of their reference instants: 23, 24 or 25 h). Activity per day is computed
 * once per query day (a pass over the trips) and cached for a few days.
 */
export class QueryDays {
  /** Seconds to add to a time of service day d to count it from the query day's reference. */
  readonly shift = new Int32Array(DAY_SPAN);
  patternDays: Uint8Array = new Uint8Array(0);
  slotDays: Uint8Array = new Uint8Array(0);
  /** The query day; the reference instant its Seconds count from (epoch ms). */
  day = NaN;
  reference = 0;
  private readonly cache = new Map<DayNumber, DayState>();

  constructor(
    private readonly tt: TimetableTables,
    private readonly calendar: ServiceCalendar,
  ) {}

  /** Points the state at `day`. */
  set(day: DayNumber): void {
    if (day === this.day) return;
    this.day = day;
    this.reference = this.calendar.reference(day);
    for (let d = 0; d < DAY_SPAN; d++) this.shift[d] = Math.round((this.calendar.reference(day + d - 1) - this.reference) / 1000);
    let state = this.cache.get(day);
    if (!state) {
      if (this.cache.size >= CACHE_DAYS) this.cache.clear();
      state = this.compute(day);
      this.cache.set(day, state);
    }
    this.patternDays = state.patternDays;
    this.slotDays = state.slotDays;
  }

  private compute(day: DayNumber): DayState {
    const { tt, calendar } = this;
    const sc = tt.serviceCount;
    // Service -> bit d set when it runs on service day d (0 = the day before).
    const serviceDays = new Uint8Array(sc);
    for (let d = 0; d < DAY_SPAN; d++) for (let s = 0; s < sc; s++) if (calendar.runs(s, day + d - 1)) serviceDays[s] |= 1 << d;
    // One pass over the trips: a trip's days are its service's, a pattern's the union of its trips'.
    const patternDays = new Uint8Array(tt.patternCount);
    const slotDays = new Uint8Array(tt.tripCount);
    for (let t = 0; t < tt.tripCount; t++) {
      const days = serviceDays[tt.tripService[t]];
      slotDays[t] = days;
      patternDays[tt.tripPattern[t]] |= days;
    }
    return { patternDays, slotDays };
  }
}
