import { vi } from 'vitest';

/** Tuesday 10 March 2026, 10:00 UK time (GMT): buses of the demo timetable are running. */
export const DAYTIME_MS = Date.UTC(2026, 2, 10, 10, 0);

/**
 * Makes `Date` (only: timers stay real) start at DAYTIME_MS and run on from there, for tests whose
 * live data is simulated from the demo timetable at "now" and read by a server that asks the clock:
 * at 03:00-06:00 the demo has no bus running, and such a test would find nothing to check.
 */
export function runAtDaytime(): void {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(DAYTIME_MS);
}
