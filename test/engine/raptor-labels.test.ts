// FEATURE UNDER TEST: RaptorLabels.reset clears only the stops the last search wrote (O(touched), not O(stops x rounds)), and afterwards every label of the search's rounds is UNREACHED, whatever the rounds of the searches before.
import { describe, expect, it } from 'vitest';
import { RaptorLabels, MAX_ROUNDS } from '../../packages/engine/src/planner/raptor-labels.js';
import { UNREACHED } from '../../packages/engine/src/planner/planner-api.js';
import { mulberry32 } from '../support/random-timetable.js';

/** Every walk, ride and rideBest label of the rounds the current search uses is UNREACHED. */
const allUnreached = (L: RaptorLabels) => [L.walk, L.ride, L.rideBest].every((a) => a.subarray(0, L.rounds * L.stopCount).every((v) => v === UNREACHED));

describe('RaptorLabels reset', () => {
  it('starts a first search with every label unreached, in every round', () => {
    const L = new RaptorLabels(50);
    L.reset(MAX_ROUNDS);
    expect(allUnreached(L)).toBe(true);
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
        else if (t < L.rideBest[k * S + stop]) L.setRide(k, stop, t, 1, 1, 0, 1);
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
    expect([0, 1, 2, 3, 4].map((k) => L.walk[k * 3 + 2])).toEqual([UNREACHED, 500, 500, 500, 500]);
    L.reset(5);
    expect(L.walk[4 * 3 + 2]).toBe(UNREACHED);
  });
});
