// FEATURE UNDER TEST: RaptorLabels hold the stops a search reached (a slot each, taken on first write; unreached stops read UNREACHED), reset clears only those, and afterwards every label of the search's rounds is UNREACHED whatever the rounds of the searches before; the arrays grow keeping what was written and shrink after searches that used little of them.
import { describe, expect, it } from 'vitest';
import { RaptorLabels, MAX_ROUNDS, MIN_ENTRIES, SHRINK_AFTER } from '../../packages/engine/src/planner/raptor-labels.js';
import { UNREACHED } from '../../packages/engine/src/planner/planner-api.js';
import { mulberry32 } from '../support/random-timetable.js';

/** Every walk, ride and rideBest label of every stop, in the rounds the current search uses, is UNREACHED. */
function allUnreached(L: RaptorLabels): boolean {
  for (let s = 0; s < L.stopCount; s++) {
    for (let k = 0; k < L.rounds; k++) {
      const i = L.at(k, s);
      if (L.walk[i] !== UNREACHED || L.ride[i] !== UNREACHED || L.rideBest[i] !== UNREACHED) return false;
    }
  }
  return true;
}

describe('RaptorLabels reset', () => {
  it('starts a first search with every label unreached, in every round', () => {
    const L = new RaptorLabels(50);
    L.reset(MAX_ROUNDS);
    expect(allUnreached(L)).toBe(true);
    expect(L.slotCount).toBe(0);
  });

  it('leaves every label unreached after searches of any rounds, few or most stops written', () => {
    const S = 40;
    const L = new RaptorLabels(S);
    const rand = mulberry32(9);
    for (const [rounds, writes] of [[10, 5], [3, 30], [MAX_ROUNDS, 200], [2, 1], [7, 0], [5, 12]]) {
      L.reset(rounds);
      expect(allUnreached(L)).toBe(true);
      for (let w = 0; w < writes; w++) {
        const k = Math.floor(rand() * rounds);
        const stop = Math.floor(rand() * S);
        const t = 1000 + Math.floor(rand() * 5000);
        if (rand() < 0.5) L.setWalk(k, stop, t, -1);
        else if (t < L.rideBest[L.at(k, stop)]) L.setRide(k, stop, t, 1, 1, 0, 1);
      }
      expect(L.rounds).toBe(rounds);
    }
    L.reset(MAX_ROUNDS);
    expect(allUnreached(L)).toBe(true);
  });

  it('keeps a later round at least as good as an earlier one (lower fills the rounds after k)', () => {
    const L = new RaptorLabels(3);
    L.reset(5);
    L.setWalk(1, 2, 500, -1);
    expect([0, 1, 2, 3, 4].map((k) => L.walk[L.at(k, 2)])).toEqual([UNREACHED, 500, 500, 500, 500]);
    expect(L.walk[L.at(1, 1)]).toBe(UNREACHED); // no slot: reads unreached
    L.reset(5);
    expect(L.walk[L.at(4, 2)]).toBe(UNREACHED);
  });
});

describe('RaptorLabels by reached stop', () => {
  it('gives a slot to each stop written, keeps every label through growth, and reads the same as a dense array of stops x rounds', () => {
    const S = 5000, R = 9;
    const L = new RaptorLabels(S, 70_000); // positions past Uint16: Int32 columns
    const dense = new Int32Array(S * R).fill(UNREACHED);
    const rand = mulberry32(4);
    L.reset(R);
    for (let w = 0; w < 20_000; w++) {
      const k = Math.floor(rand() * R);
      const stop = Math.floor(rand() * S);
      const t = Math.floor(rand() * 90_000);
      if (t >= L.walk[L.at(k, stop)]) continue;
      L.setWalk(k, stop, t, 7);
      for (let j = k; j < R && dense[j * S + stop] > t; j++) dense[j * S + stop] = t;
    }
    let reached = 0;
    for (let s = 0; s < S; s++) {
      if (dense[(R - 1) * S + s] < UNREACHED) reached++;
      for (let k = 0; k < R; k++) expect(L.walk[L.at(k, s)]).toBe(dense[k * S + s]);
    }
    expect(L.slotCount).toBe(reached);
    expect(L.capacity).toBeGreaterThan(MIN_ENTRIES); // grew
    expect(L.capacity).toBeLessThan(2 * (reached + 1) * R);
    L.setRide(3, 0, -5, 1, 2, 69_999, 1);
    expect(L.rideFrom[L.at(3, 0)]).toBe(69_999);
  });

  it('shrinks after SHRINK_AFTER searches in a row that used under a quarter of the arrays, not before', () => {
    const L = new RaptorLabels(20_000);
    L.reset(MAX_ROUNDS);
    for (let s = 0; s < 20_000; s++) L.setWalk(0, s, s, -1);
    const big = L.capacity;
    expect(big).toBeGreaterThanOrEqual(20_001 * MAX_ROUNDS);
    const small = () => {
      L.reset(5);
      for (let s = 0; s < 100; s++) L.setWalk(1, s * 7, s, -1);
    };
    for (let i = 0; i < SHRINK_AFTER - 1; i++) small();
    L.reset(5); // counts the last small search: SHRINK_AFTER - 1 in a row
    expect(L.capacity).toBe(big);
    for (let s = 0; s < 100; s++) L.setWalk(1, s * 7, s, -1);
    small();
    expect(L.capacity).toBe(MIN_ENTRIES);
    expect(L.walk[L.at(1, 7)]).toBe(1);
    expect(L.walk[L.at(0, 7)]).toBe(UNREACHED);
    expect(L.slotCount).toBe(100);
  });
});
