// FEATURE UNDER TEST: destination pruning (TargetBounds): range searches pruned by the lower bounds find exactly the journeys of unpruned ones, in both directions (also when a cached target's bounds are installed again, and with the bounds stopped at a horizon, or once the query's stops are settled, past which the landmarks bound the stops; window estimates equal when the origin lies within the horizon, and no larger past it), no bound exceeds a real fastest time, bounds computed after other targets (cleared in O(reached)) equal fresh ones, and bounds with a horizon equal the unbounded ones below it and read the horizon beyond it, a stop of another component than the target never reaches it, and latest-departure pruning (TargetReach) run after every later run, or right after the first (`afterEmpty` after a dear window, the planner's window after an extension), changes no journey (so the window estimate needs no unbounded Dijkstra for it), on seeded random timetables.
import { describe, expect, it } from 'vitest';
import { buildSnapshot } from '@transit/builder';
import { Engine } from '@transit/engine';
import { mulberry32, randomTimetable, writeRandomTimetable } from '../support/random-timetable.js';
import { RaptorSearch } from '../../packages/engine/src/planner/raptor-search.js';
import { BOUNDS_FLOOR_S, RangeSearch } from '../../packages/engine/src/planner/range-search.js';
import { BUCKET_HORIZON_S, TargetBounds } from '../../packages/engine/src/planner/target-bounds.js';
import { UNREACHED, type StopAccess } from '../../packages/engine/src/planner/planner-api.js';
import type { TimetableTables } from '../../packages/engine/src/timetable/timetable-tables.js';

const SEEDS = Array.from({ length: 12 }, (_, i) => i + 1);
const QUERIES_PER_SEED = 30;
/** Horizons tried, seconds: from a few stops to most of a random timetable. */
const HORIZONS_S = [300, 900, 1800, 3600, 7200];

/** The planner of seed's random timetable, and its stop count. */
async function randomPlanner(seed: number) {
  const { bytes } = await buildSnapshot({ gtfs: [writeRandomTimetable(randomTimetable(seed))], quiet: true });
  const p = Engine.open(bytes.buffer).planner;
  return { p, S: p.tt.stopPatternOffsets.length - 1 };
}

/** `count` random target stops with walks of up to 10 minutes. */
function randomTarget(rand: () => number, S: number, count: number): StopAccess[] {
  return Array.from({ length: count }, () => ({ stop: Math.floor(rand() * S), seconds: Math.floor(rand() * 600), metres: 0 }));
}

describe('range search with target bounds equals range search without', () => {
  for (const seed of SEEDS) {
    it(`seed ${seed}`, async () => {
      const { bytes } = await buildSnapshot({ gtfs: [writeRandomTimetable(randomTimetable(seed))], quiet: true });
      const engine = Engine.open(bytes.buffer);
      const p = engine.planner;
      const S = p.tt.stopPatternOffsets.length - 1;
      const bounds = new TargetBounds(p.tt, p.transfers);
      const pruned = new RangeSearch(p.tt, new RaptorSearch(p.tt, p.transfers, p.days, p.patternMode), p.days, p.patternMode, new TargetBounds(p.tt, p.transfers));
      const plain = new RangeSearch(p.tt, new RaptorSearch(p.tt, p.transfers, p.days, p.patternMode), p.days, p.patternMode, null);
      const horizoned = new RangeSearch(p.tt, new RaptorSearch(p.tt, p.transfers, p.days, p.patternMode), p.days, p.patternMode, new TargetBounds(p.tt, p.transfers));
      // No floor: the Dijkstra stops as soon as the query's stops are settled.
      const early = new RangeSearch(p.tt, new RaptorSearch(p.tt, p.transfers, p.days, p.patternMode), p.days, p.patternMode, new TargetBounds(p.tt, p.transfers), 0);
      // Latest-departure pruning (TargetReach) after every later run that lowers the target, not only in dear windows.
      const reaching = new RangeSearch(p.tt, new RaptorSearch(p.tt, p.transfers, p.days, p.patternMode), p.days, p.patternMode, new TargetBounds(p.tt, p.transfers), BOUNDS_FLOOR_S, undefined, { evidence: 0, projected: 0 });
      // Latest-departure pruning from the window's first run on (`afterEmpty`; evidence 0: after any window with later runs), then as the default trigger says.
      const reachingFirst = new RangeSearch(p.tt, new RaptorSearch(p.tt, p.transfers, p.days, p.patternMode), p.days, p.patternMode, new TargetBounds(p.tt, p.transfers), BOUNDS_FLOOR_S, undefined, { evidence: 0, projected: 8 });
      // Two searches pruning by latest departure over one TargetBounds: its dense array holds whichever computed last, so the bound from the origin each keeps is computed again after the other wrote there.
      const sharedBounds = new TargetBounds(p.tt, p.transfers);
      const [reachA, reachB] = [0, 1].map(() => new RangeSearch(p.tt, new RaptorSearch(p.tt, p.transfers, p.days, p.patternMode), p.days, p.patternMode, sharedBounds, BOUNDS_FLOOR_S, undefined, { evidence: 0, projected: 0 }));
      const rand = mulberry32(seed * 17 + 3);
      const stops = (n: number): StopAccess[] => Array.from({ length: n }, () => ({ stop: Math.floor(rand() * S), seconds: Math.floor(rand() * 600), metres: 0 }));
      let found = 0, within = 0;
      let previous: { q: Parameters<RangeSearch['search']>[0]; day: number; want: string } | null = null;
      for (let i = 0; i < QUERIES_PER_SEED; i++) {
        p.days.set(engine.calendar.firstDay + Math.floor(rand() * 5));
        const from = Math.floor(rand() * 24 * 3600);
        const q = { reverse: i % 2 === 1, access: stops(1 + (i % 3)), egress: stops(1 + ((i >> 1) % 3)), from, to: from + 2 * 3600 + Math.floor(rand() * 12 * 3600), rounds: 7, slack: 60, modeMask: 31, maxTransferM: Infinity };
        const want = plain.search(q);
        // The estimate first (as the planner does), then the search: both the same with the bounds stopped at a horizon.
        const horizonS = HORIZONS_S[i % HORIZONS_S.length];
        const est = horizoned.estimate({ ...q, horizonS }, q.from), exact = pruned.estimate(q, q.from);
        if (withinHorizon(p.tt, bounds, q, horizonS)) {
          within++;
          expect(est, `estimate ${i}, horizon ${horizonS}`).toEqual(exact);
        } else {
          // Past the horizon: a lower bound and a first departure no later, so a window no wider.
          expect(est.minTransitS, `estimate ${i}, horizon ${horizonS}`).toBeLessThanOrEqual(exact.minTransitS);
          expect(est.firstWaitS, `estimate ${i}, horizon ${horizonS}`).toBeLessThanOrEqual(exact.firstWaitS);
        }
        expect(JSON.stringify(horizoned.search({ ...q, horizonS })), `query ${i}, horizon ${horizonS}`).toBe(JSON.stringify(want));
        expect(early.estimate(q, q.from), `estimate ${i}, stopped at the query's stops`).toEqual(exact);
        expect(JSON.stringify(early.search(q)), `query ${i}, stopped at the query's stops`).toBe(JSON.stringify(want));
        expect(JSON.stringify(pruned.search(q)), `query ${i}: ${JSON.stringify(q)}`).toBe(JSON.stringify(want));
        expect(JSON.stringify(reaching.search(q)), `query ${i}, latest-departure pruning`).toBe(JSON.stringify(want));
        expect(JSON.stringify(reachingFirst.search({ ...q, afterEmpty: true })), `query ${i}, latest-departure pruning from the first run`).toBe(JSON.stringify(want));
        expect(JSON.stringify(reachA.search(q)), `query ${i}, latest-departure pruning over shared bounds`).toBe(JSON.stringify(want));
        found += want.length;
        // The previous target again: its cached bounds replace this one's in the search's array.
        const day = p.days.day;
        if (previous) {
          p.days.set(previous.day);
          expect(JSON.stringify(pruned.search(previous.q)), `query ${i - 1} again`).toBe(previous.want);
          expect(JSON.stringify(reachB.search(previous.q)), `query ${i - 1} by the other search over the shared bounds`).toBe(previous.want);
          p.days.set(day);
          expect(JSON.stringify(reachA.search(q)), `query ${i} again, after the other search computed into the shared bounds`).toBe(JSON.stringify(want));
        }
        previous = { q, day, want: JSON.stringify(want) };
        // Each bound is at most the fastest ride there is (one departure, forward): earliest arrival at the target minus the departure.
        if (!q.reverse) {
          const b = bounds.compute(q.egress, false);
          const origin = Math.floor(rand() * S);
          const arr = p.earliestArrival({ origins: [{ stop: origin, seconds: 0 }], departS: from, day: p.days.day, maxTransfers: 15, transferSlackS: 0 });
          let best = UNREACHED;
          for (const e of q.egress) if (arr[e.stop] < UNREACHED) best = Math.min(best, arr[e.stop] + e.seconds);
          if (best < UNREACHED) expect(b[origin], `bound of stop ${origin}`).toBeLessThanOrEqual(best - from);
        }
      }
      expect(found).toBeGreaterThan(0);
      expect(within, 'estimates with the origin within the horizon').toBeGreaterThan(0);
    });
  }
});

/**
 * Whether a window estimate's origin lies within the horizon: every access stop (search order),
 * and the next stop of every pattern there, is nearer the target than `horizonS` by the unbounded
 * bounds, or in another component. The estimate is then exact.
 */
function withinHorizon(tt: TimetableTables, bounds: TargetBounds, q: { reverse: boolean; access: StopAccess[]; egress: StopAccess[] }, horizonS: number): boolean {
  const [access, target] = q.reverse ? [q.egress, q.access] : [q.access, q.egress];
  const exact = bounds.compute(target, q.reverse);
  const near = (s: number) => exact[s] < horizonS || !bounds.mayReach(s, target);
  for (const { stop } of access) {
    if (!near(stop)) return false;
    for (let e = tt.stopPatternOffsets[stop]; e < tt.stopPatternOffsets[stop + 1]; e++) {
      const p = tt.stopPatterns[e];
      const next = tt.patternStopOffsets[p] + tt.stopPatternPos[e] + (q.reverse ? -1 : 1);
      if (next >= tt.patternStopOffsets[p] && next < tt.patternStopOffsets[p + 1] && !near(tt.patternStops[next])) return false;
    }
  }
  return true;
}

describe('target bounds after other targets equal fresh ones', () => {
  for (const seed of SEEDS.slice(0, 4)) {
    it(`seed ${seed}`, async () => {
      const { p, S } = await randomPlanner(seed);
      const reused = new TargetBounds(p.tt, p.transfers);
      const rand = mulberry32(seed * 31 + 7);
      let reachedSome = 0;
      for (let i = 0; i < 20; i++) {
        const target = randomTarget(rand, S, 1 + (i % 3));
        const reverse = i % 2 === 1;
        const want = Array.from(new TargetBounds(p.tt, p.transfers).compute(target, reverse));
        expect(Array.from(reused.compute(target, reverse)), `target ${i}`).toEqual(want);
        // The sparse copy lists exactly the stops with a bound.
        const sparse = reused.reachedBounds();
        if (!sparse) continue;
        const fromSparse = new Array<number>(S).fill(UNREACHED);
        sparse.stops.forEach((stop, j) => (fromSparse[stop] = sparse.seconds[j]));
        expect(fromSparse, `sparse target ${i}`).toEqual(want);
        reachedSome += sparse.stops.length > target.length ? 1 : 0;
      }
      expect(reachedSome).toBeGreaterThan(0);
    });
  }
});

describe('target bounds with a horizon', () => {
  for (const seed of SEEDS.slice(0, 6)) {
    it(`seed ${seed}`, async () => {
      const { p, S } = await randomPlanner(seed);
      const full = new TargetBounds(p.tt, p.transfers);
      const bounded = new TargetBounds(p.tt, p.transfers);
      const rand = mulberry32(seed * 13 + 5);
      let beyond = 0;
      for (let i = 0; i < 30; i++) {
        const target = randomTarget(rand, S, 1 + (i % 3));
        const reverse = i % 2 === 1;
        const horizon = HORIZONS_S[i % HORIZONS_S.length];
        const want = full.compute(target, reverse);
        const got = bounded.compute(target, reverse, horizon);
        const h = bounded.horizon;
        expect([UNREACHED, horizon], `horizon of target ${i}`).toContain(h);
        let nearer = 0;
        for (let s = 0; s < S; s++) {
          const b = Math.min(got[s], h);
          expect(b, `stop ${s}, target ${i}`).toBeLessThanOrEqual(want[s]);
          if (want[s] < horizon) nearer++;
          // Below the horizon (or when the Dijkstra ran out before it) the bound is exact; beyond, it reads the horizon.
          if (want[s] < horizon || h === UNREACHED) expect(b, `stop ${s}, target ${i}`).toBe(want[s]);
          else {
            expect(b, `stop ${s} beyond the horizon, target ${i}`).toBe(horizon);
            beyond++;
          }
        }
        // The Dijkstra settles exactly the stops nearer than the horizon.
        expect(bounded.settledCount, `settled, target ${i}`).toBe(h === UNREACHED ? full.settledCount : nearer);
        expect(bounded.reachedBounds()?.horizon).toBe(h);
      }
      expect(beyond).toBeGreaterThan(0);
    });
  }
});

describe('target bounds on the bucket queue and the heap', () => {
  for (const seed of SEEDS.slice(0, 3)) {
    it(`seed ${seed}: one instance alternating both, at BUCKET_HORIZON_S and just past it, equals fresh unbounded bounds below the horizon`, async () => {
      const { p, S } = await randomPlanner(seed);
      const alternating = new TargetBounds(p.tt, p.transfers);
      const rand = mulberry32(seed * 29 + 11);
      // Buckets at exactly the cap, the heap a second past it, and a horizon that leaves entries queued in the buckets.
      const horizons = [BUCKET_HORIZON_S, 120, BUCKET_HORIZON_S + 1, 300, 900, UNREACHED];
      for (let i = 0; i < 48; i++) {
        const target = randomTarget(rand, S, 1 + (i % 3));
        const reverse = i % 4 >= 2;
        const horizon = horizons[i % horizons.length];
        const want = new TargetBounds(p.tt, p.transfers).compute(target, reverse);
        const got = alternating.compute(target, reverse, horizon);
        const h = alternating.horizon;
        for (let s = 0; s < S; s++) expect(want[s] < horizon || h === UNREACHED ? got[s] : Math.min(got[s], h), `stop ${s}, target ${i}, horizon ${horizon}`).toBe(want[s] < horizon || h === UNREACHED ? want[s] : horizon);
      }
    });
  }
});

describe('target bounds with a target stop of negative or fractional seconds', () => {
  it('are the heap\'s below a short horizon too', async () => {
    const { p, S } = await randomPlanner(3);
    const rand = mulberry32(41);
    for (let i = 0; i < 10; i++) {
      const target = randomTarget(rand, S, 2).map((a, j) => (j === 0 ? { ...a, seconds: i % 4 < 2 ? -30 : 30.5 } : a));
      const want = new TargetBounds(p.tt, p.transfers).compute(target, i % 2 === 1);
      const got = new TargetBounds(p.tt, p.transfers).compute(target, i % 2 === 1, 900);
      for (let s = 0; s < S; s++) if (want[s] < 900) expect(got[s], `stop ${s}, target ${i}`).toBe(want[s]);
    }
  });
});

describe('target bounds components', () => {
  it('a stop of another component never reaches the target, and the estimate learns it without a search to exhaustion', async () => {
    let elsewhere = 0;
    for (const seed of SEEDS) {
      const { p, S } = await randomPlanner(seed);
      const full = new TargetBounds(p.tt, p.transfers);
      const rand = mulberry32(seed * 31 + 7);
      for (let i = 0; i < 20; i++) {
        const target = randomTarget(rand, S, 1 + (i % 2));
        const want = full.compute(target, i % 2 === 1);
        // Sound: every stop the unbounded Dijkstra reaches shares a component with the target.
        for (let s = 0; s < S; s++) if (want[s] < UNREACHED) expect(full.mayReach(s, target), `seed ${seed}, stop ${s}, target ${i}`).toBe(true);
      }
      // A query from a stop of another component than the target's: the estimate equals the
      // unbounded one, and no Dijkstra runs without a horizon (on a national snapshot that one
      // would sweep the whole connected country).
      const target = randomTarget(rand, S, 1);
      const island = Array.from({ length: S }, (_, s) => s).find((s) => !full.mayReach(s, target));
      if (island === undefined) continue;
      elsewhere++;
      const bounds = new TargetBounds(p.tt, p.transfers);
      const horizons: number[] = [];
      const compute = bounds.compute.bind(bounds);
      // The landmark tables' Dijkstras (both ways, built once per snapshot) are not a query's.
      bounds.compute = (t, reverse, horizon = UNREACHED, opts = {}) => (opts.bothWays || horizons.push(horizon), compute(t, reverse, horizon, opts));
      const search = new RangeSearch(p.tt, new RaptorSearch(p.tt, p.transfers, p.days, p.patternMode), p.days, p.patternMode, bounds);
      const plain = new RangeSearch(p.tt, new RaptorSearch(p.tt, p.transfers, p.days, p.patternMode), p.days, p.patternMode, new TargetBounds(p.tt, p.transfers));
      const q = { reverse: false, access: [{ stop: island, seconds: 0, metres: 0 }], egress: target, from: 8 * 3600, to: 10 * 3600, rounds: 7, slack: 60, modeMask: 31, maxTransferM: Infinity };
      expect(search.estimate({ ...q, horizonS: 300 }, q.from), `seed ${seed}`).toEqual(plain.estimate(q, q.from));
      expect(horizons, `seed ${seed}: horizons of the Dijkstras run`).toEqual([300]);
    }
    expect(elsewhere, 'seeds with a stop in another component').toBeGreaterThan(0);
  });
});
