import { ID_MASK, TOUCH_MAX } from './word-matcher.js';

/** Postings a scan reads ahead of visiting them (see touchPlaces). */
export const TOUCH_BLOCK = TOUCH_MAX;

/**
 * Reads perPlace[id] of the places of postings[from, to) in one loop of independent loads, so
 * their cache misses overlap, before the caller's loop over the same postings meets them one by
 * one (at national size a cold query is bound by such misses, not by instructions). Returns a
 * value made of them only so the reads are kept. Per block of postings: must not allocate.
 */
export function touchPlaces(postings: Uint32Array, from: number, to: number, perPlace: Uint32Array): number {
  let sink = 0;
  for (let i = from; i < to; i++) sink |= perPlace[postings[i] & ID_MASK];
  return sink;
}
