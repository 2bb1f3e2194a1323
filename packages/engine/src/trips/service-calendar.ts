import { formatDay, serviceDayReference, type DayNumber } from '../time.js';

/**
 * Which services run on which days (the `services.days` bitsets) and each service day's
 * reference instant, precomputed once on first use: this is where clock changes are handled.
 * Day indices count from `firstDay`; days outside [0, dayCount) run nothing.
 */
export class ServiceCalendar {
  /** 32-bit words per service. */
  private readonly words: number;
  private refs: Float64Array | undefined;
  private dates: (string | undefined)[] | undefined;

  constructor(
    /** Row r has day index i when bit i of words [r*W, (r+1)*W) is set. */
    private readonly days: Uint32Array,
    readonly firstDay: DayNumber,
    readonly dayCount: number,
    /** Service -> its row of `days` (`services.dayRows`); null: service s is row s. */
    private readonly rows: Uint32Array | null = null,
  ) {
    this.words = Math.ceil(dayCount / 32);
  }

  /** True when service `s` runs on day index `i`; false outside the calendar. */
  runsOnIndex(s: number, i: number): boolean {
    const row = this.rows ? this.rows[s] : s;
    return i >= 0 && i < this.dayCount && (this.days[row * this.words + (i >>> 5)] & (1 << (i & 31))) !== 0;
  }

  runs(s: number, day: DayNumber): boolean {
    return this.runsOnIndex(s, day - this.firstDay);
  }

  /** Day index -> epoch ms of its reference instant (local noon minus 12 h). Length dayCount. */
  references(): Float64Array {
    if (!this.refs) {
      const refs = new Float64Array(this.dayCount);
      for (let i = 0; i < this.dayCount; i++) refs[i] = serviceDayReference(this.firstDay + i);
      this.refs = refs;
    }
    return this.refs;
  }

  /** Epoch ms of a day's reference instant (inside or outside the calendar). */
  reference(day: DayNumber): number {
    const i = day - this.firstDay;
    return i >= 0 && i < this.dayCount ? this.references()[i] : serviceDayReference(day);
  }

  /** `YYYY-MM-DD` of a day, cached for the days of the calendar. */
  date(day: DayNumber): string {
    const i = day - this.firstDay;
    if (i < 0 || i >= this.dayCount) return formatDay(day);
    const dates = (this.dates ??= new Array(this.dayCount));
    return (dates[i] ??= formatDay(day));
  }

  /** The first day at or after `day` on which service `s` runs, or NaN when none. */
  nextRun(s: number, day: DayNumber): DayNumber {
    for (let i = Math.max(0, day - this.firstDay); i < this.dayCount; i++) if (this.runsOnIndex(s, i)) return this.firstDay + i;
    return NaN;
  }
}
