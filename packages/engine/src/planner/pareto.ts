import type { Scored } from './itinerary-builder.js';

/** True when `a` is at least as good as `b` on every criterion (later start, earlier end, fewer transfers) and better on one, or equal on those and walks less. */
export function dominates(a: Scored, b: Scored): boolean {
  if (a.start < b.start || a.end > b.end || a.transfers > b.transfers) return false;
  if (a.start > b.start || a.end < b.end || a.transfers < b.transfers) return true;
  return a.walk < b.walk;
}

/** The non-dominated itineraries (quadratic: the candidate lists are tens long). Of exact ties the first is kept. */
export function paretoFront(items: readonly Scored[]): Scored[] {
  const out: Scored[] = [];
  for (let i = 0; i < items.length; i++) {
    let dominated = false;
    for (let j = 0; j < items.length && !dominated; j++) {
      if (j === i) continue;
      dominated = dominates(items[j], items[i]) || (j < i && sameScore(items[j], items[i]));
    }
    if (!dominated) out.push(items[i]);
  }
  return out;
}

function sameScore(a: Scored, b: Scored): boolean {
  return a.start === b.start && a.end === b.end && a.transfers === b.transfers && a.walk === b.walk;
}

/** Trips, days and positions ridden: two candidates with the same signature are the same itinerary. */
export function itinerarySignature(c: Scored): string {
  return c.rides.map((r) => `${r.trip}/${r.day}/${r.boardPos}/${r.alightPos}`).join(' ');
}
