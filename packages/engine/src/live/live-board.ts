import type { BoardCall, BoardQuery } from '../api.js';
import { LiveOverlay, type LiveTrip } from './live-overlay.js';

/** A board call with its live estimate, when a vehicle works the journey and has not passed the stop. */
export interface LiveBoardCall extends BoardCall {
  live: LiveCall | null;
}

/** The live part of a board call. */
export interface LiveCall {
  /** Expected time at this stop, epoch ms. */
  expected: number;
  /** Expected minus aimed, seconds. */
  delayS: number;
  trip: LiveTrip;
}

/** Furthest a live board looks back for late journeys, ms (30 minutes; at a stop, only to the earliest aimed time of a late journey still to call there). */
export const LIVE_LOOKBACK_MS = 30 * 60_000;

/**
 * A live board: the scheduled board of [from, to) plus journeys aimed up to LIVE_LOOKBACK_MS
 * before `from` whose vehicle is late enough to be expected at or after `from`, each call
 * annotated from the overlay. Calls a vehicle has already passed keep no estimate. Ordered by
 * best estimate (expected, else aimed), then aimed time, then trip_id; at most q.limit.
 */
export function liveBoard(board: (q: BoardQuery) => BoardCall[], q: BoardQuery, overlay: LiveOverlay, stopIdx: number): LiveBoardCall[] {
  const calls = board(q) as LiveBoardCall[];
  for (let i = 0; i < calls.length; i++) annotate(calls[i], overlay);
  // Look back only where a late journey aimed before the window is expected inside it (the overlay keeps that per stop).
  const back = q.type === 'departures' ? overlay.lookbackFrom(stopIdx, q.from) : NaN;
  if (Number.isNaN(back)) return sortLive(calls, q.limit, false);
  const late = board({ ...q, from: Math.max(back, q.from - LIVE_LOOKBACK_MS), to: q.from, limit: Math.min(q.limit + 100, 10_000) });
  let added = false;
  for (const c of late) {
    const live = overlay.get(c.tripIdx, c.serviceDay);
    if (!live) continue;
    const a = annotate(c, overlay);
    if (a.live && a.live.expected >= q.from) {
      calls.push(a);
      added = true;
    }
  }
  return sortLive(calls, q.limit, added);
}

const best = (c: LiveBoardCall) => (c.live ? c.live.expected : c.time);
const order = (a: LiveBoardCall, b: LiveBoardCall) => best(a) - best(b) || a.time - b.time || (a.tripId < b.tripId ? -1 : a.tripId > b.tripId ? 1 : 0);

/** Orders by best estimate when any call has a live estimate (else the board order stands) and keeps at most `limit`. */
function sortLive(calls: LiveBoardCall[], limit: number, force: boolean): LiveBoardCall[] {
  // Already in order (the common case: no estimate, or delays that do not overtake)? Then no sort.
  let sorted = !force;
  for (let i = 1; sorted && i < calls.length; i++) sorted = order(calls[i - 1], calls[i]) <= 0;
  if (!sorted) calls.sort(order);
  if (calls.length > limit) calls.length = limit;
  return calls;
}

/** One call with its live estimate (null when unmatched or already passed). */
export function annotate(c: BoardCall, overlay: LiveOverlay): LiveBoardCall {
  const trip = overlay.get(c.tripIdx, c.serviceDay);
  const expected = trip ? LiveOverlay.expected(trip, c.sequence, c.time) : null;
  const out = c as LiveBoardCall;
  out.live = trip && expected !== null ? { expected, delayS: Math.round((expected - c.time) / 1000), trip } : null;
  return out;
}
