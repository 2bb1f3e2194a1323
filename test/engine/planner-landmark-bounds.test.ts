// FEATURE UNDER TEST: landmark bounds (LandmarkBounds) on the real Newport feed: every bound is at most the exhaustive Dijkstra's (both directions, one- and two-stop targets with walks) and consistent along every ride and footpath; a window estimate from an origin past the bounds' horizon runs one Dijkstra, to the horizon (no doubling, none without a horizon), gives a lower bound and a window no wider than the exact one, and the range search over that window finds the journeys the unpruned search finds there.
import { describe, expect, it } from 'vitest';
import { HAVE_DATA } from '../support/data.js';
import { feedEngine } from '../support/snapshots.js';
import { mulberry32 } from '../support/random-timetable.js';
import { LandmarkBounds } from '../../packages/engine/src/planner/landmark-bounds.js';
import { TargetBounds } from '../../packages/engine/src/planner/target-bounds.js';
import { RaptorSearch } from '../../packages/engine/src/planner/raptor-search.js';
import { RangeSearch } from '../../packages/engine/src/planner/range-search.js';
import { searchWindowSeconds } from '../../packages/engine/src/planner/journey-planner.js';
import { UNREACHED, type StopAccess } from '../../packages/engine/src/planner/planner-api.js';

const FEED = 'newport-20230613_gtfs.zip';

function newport() {
  const engine = feedEngine(FEED)!.engine;
  const p = engine.planner;
  const S = p.tt.stopPatternOffsets.length - 1;
  const served = Array.from({ length: S }, (_, s) => s).filter((s) => p.tt.stopPatternOffsets[s + 1] > p.tt.stopPatternOffsets[s]);
  return { engine, p, S, served };
}

describe.skipIf(!HAVE_DATA)('landmark bounds on the Newport feed', () => {
  it('are lower bounds of the exhaustive Dijkstra and consistent along every edge', () => {
    const { p, S, served } = newport();
    const bounds = new TargetBounds(p.tt, p.transfers);
    const landmarks = new LandmarkBounds(p.tt, bounds);
    expect(landmarks.count, 'landmarks').toBeGreaterThan(1);
    const { tt, transfers } = p;
    const rand = mulberry32(16);
    let positive = 0, checked = 0;
    for (let i = 0; i < 24; i++) {
      const reverse = i % 2 === 1;
      const target: StopAccess[] = Array.from({ length: 1 + (i % 3 === 0 ? 1 : 0) }, () => ({ stop: served[Math.floor(rand() * served.length)], seconds: Math.floor(rand() * 300), metres: 0 }));
      const exact = bounds.compute(target, reverse);
      landmarks.aim(target, reverse);
      const lb = Int32Array.from({ length: S }, (_, s) => landmarks.bound(s));
      for (let s = 0; s < S; s++) {
        if (exact[s] >= UNREACHED) continue;
        checked++;
        if (lb[s] > 0) positive++;
        if (lb[s] > exact[s]) expect.fail(`target ${i} (${reverse ? 'reverse' : 'forward'}): stop ${s} bound ${lb[s]} > exact ${exact[s]}`);
      }
      // Consistent: along an edge u -> v in search direction weighing w, lb[u] <= w + lb[v] (rides at their fastest, footpaths as RAPTOR walks them).
      for (let pat = 0; pat < tt.patternCount; pat++) {
        const first = tt.patternStopOffsets[pat], n = tt.patternStopOffsets[pat + 1] - first;
        const tc = tt.patternTripOffsets[pat + 1] - tt.patternTripOffsets[pat];
        for (let pos = 0; pos + 1 < n; pos++) {
          let w = UNREACHED;
          const dep0 = tt.timeRows[first + pos + 1] - tc, arr1 = tt.timeRows[first + pos + 1];
          for (let r = 0; r < tc; r++) w = Math.min(w, tt.times[arr1 + r] - tt.times[dep0 + r]);
          const [u, v] = reverse ? [tt.patternStops[first + pos + 1], tt.patternStops[first + pos]] : [tt.patternStops[first + pos], tt.patternStops[first + pos + 1]];
          if (lb[u] > w + lb[v]) expect.fail(`target ${i}: ride ${u} -> ${v} (${w} s): ${lb[u]} > ${w} + ${lb[v]}`);
        }
      }
      for (let u = 0; u < S; u++) {
        for (let e = transfers.offsets[u]; e < transfers.offsets[u + 1]; e++) {
          const v = transfers.stops[e], w = transfers.seconds[e];
          // Both searches walk the lists as listed (the reverse one in search order).
          if (lb[u] > w + lb[v]) expect.fail(`target ${i}: walk ${u} -> ${v} (${w} s): ${lb[u]} > ${w} + ${lb[v]}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
    expect(positive / checked, 'share of stops the landmarks bound above 0').toBeGreaterThan(0.5);
  });

  it('size the window of an origin past the horizon with one Dijkstra to the horizon, no wider than the exact one, and the window finds the unpruned journeys', () => {
    const { engine, p, served } = newport();
    const HORIZON_S = 900;
    const rand = mulberry32(17);
    const full = new TargetBounds(p.tt, p.transfers);
    const raptor = () => new RaptorSearch(p.tt, p.transfers, p.days, p.patternMode);
    const bounds = new TargetBounds(p.tt, p.transfers);
    const horizons: number[] = [];
    const compute = bounds.compute.bind(bounds);
    bounds.compute = (t, reverse, horizon = UNREACHED, opts = {}) => (opts.bothWays || horizons.push(horizon), compute(t, reverse, horizon, opts));
    const horizoned = new RangeSearch(p.tt, raptor(), p.days, p.patternMode, bounds);
    const exactSearch = new RangeSearch(p.tt, raptor(), p.days, p.patternMode, new TargetBounds(p.tt, p.transfers));
    const plain = new RangeSearch(p.tt, raptor(), p.days, p.patternMode, null);
    p.days.set(engine.calendar.firstDay + 1);
    let far = 0, found = 0;
    for (let i = 0; far < 12 && i < 400; i++) {
      const reverse = i % 2 === 1;
      const a: StopAccess = { stop: served[Math.floor(rand() * served.length)], seconds: 60, metres: 0 };
      const b: StopAccess = { stop: served[Math.floor(rand() * served.length)], seconds: 60, metres: 0 };
      const exact = full.compute([reverse ? a : b], reverse);
      const origin = reverse ? b : a;
      // Far: the origin (search order) is reachable but past the horizon.
      if (exact[origin.stop] >= UNREACHED || exact[origin.stop] < HORIZON_S) continue;
      far++;
      const from = 7 * 3600 + Math.floor(rand() * 10 * 3600);
      const q = { reverse, access: [a], egress: [b], from, to: from, rounds: 7, slack: 60, modeMask: 31, maxTransferM: Infinity };
      const tau0 = reverse ? -from : from;
      horizons.length = 0;
      const est = horizoned.estimate({ ...q, horizonS: HORIZON_S }, tau0);
      expect(horizons, `query ${i}: the Dijkstras a far origin runs`).toEqual([HORIZON_S]);
      const want = exactSearch.estimate(q, tau0);
      expect(est.minTransitS, `query ${i}`).toBeGreaterThanOrEqual(HORIZON_S + origin.seconds);
      expect(est.minTransitS, `query ${i}`).toBeLessThanOrEqual(want.minTransitS);
      expect(est.firstWaitS, `query ${i}`).toBeLessThanOrEqual(want.firstWaitS);
      const width = searchWindowSeconds(est);
      expect(width, `query ${i}`).toBeLessThanOrEqual(searchWindowSeconds(want));
      // The window the estimate sized: the same journeys as the unpruned search.
      const window = reverse ? { ...q, from: from - width, to: from } : { ...q, to: from + width };
      const got = horizoned.search({ ...window, horizonS: HORIZON_S });
      expect(JSON.stringify(got), `query ${i}`).toBe(JSON.stringify(plain.search(window)));
      found += got.length;
    }
    expect(far, 'far origins tried').toBe(12);
    expect(found, 'journeys found in the far windows').toBeGreaterThan(0);
  });
});
