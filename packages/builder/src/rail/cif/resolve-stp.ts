import { weekday } from '@transit/engine';
import type { CifSchedule } from './cif-schedule.js';

/** A schedule that runs on at least one date, and the dates of its own calendar it does not run. */
export interface ResolvedSchedule {
  schedule: CifSchedule;
  /** Day numbers inside [from, to] on its days run where another schedule of the UID applies. */
  removed: number[];
}

/**
 * Short-term planning (STP) resolution for the schedules of one train UID: on each date the
 * schedule with the lowest STP indicator that covers it (date range and days run) applies, so
 * C (cancellation) beats N (new STP) beats O (overlay) beats P (permanent). Between schedules
 * of the same indicator the one starting later wins, then the one later in the file. Returns
 * the non-cancellation schedules that apply on at least one date, in file order.
 * Bank holiday running (BS column 29) is not applied: no bank holiday calendar is known.
 */
export function resolveStp(group: CifSchedule[]): ResolvedSchedule[] {
  const out: ResolvedSchedule[] = [];
  for (const s of group) {
    if (s.stp === 'C') continue;
    const rivals = group.filter((r) => r !== s && beats(r, s) && r.from <= s.to && r.to >= s.from && (r.days & s.days) !== 0);
    const removed: number[] = [];
    let runs = 0;
    for (let day = s.from; day <= s.to; day++) {
      const bit = 1 << weekday(day);
      if (!(s.days & bit)) continue;
      if (rivals.some((r) => r.from <= day && day <= r.to && (r.days & bit) !== 0)) removed.push(day);
      else runs++;
    }
    if (runs > 0) out.push({ schedule: s, removed });
  }
  return out;
}

/** True when schedule a takes precedence over b on a date both cover. */
function beats(a: CifSchedule, b: CifSchedule): boolean {
  if (a.stp !== b.stp) return a.stp < b.stp;
  return a.runsFrom !== b.runsFrom ? a.runsFrom > b.runsFrom : a.seq > b.seq;
}
