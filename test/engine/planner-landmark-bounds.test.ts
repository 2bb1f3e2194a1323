// FEATURE UNDER TEST: landmark bounds (LandmarkBounds) on the real Newport feed: the bucket-queue Dijkstra finds the binary-heap Dijkstra's distances (also over asymmetric footpaths, on a seeded random timetable), and the landmark tables are those the binary heap builds (the same landmarks, the same seconds); every bound is at most the exhaustive Dijkstra's (both directions, one- and two-stop targets with walks) and consistent along every ride and footpath; a window estimate from an origin past the bounds' horizon runs one Dijkstra, to the horizon (no doubling, none without a horizon), gives a lower bound and a window no wider than the exact one, and the range search over that window finds the journeys the unpruned search finds there.
import { describe, expect, it } from 'vitest';
import { buildSnapshot } from '@transit/builder';
import { Engine } from '@transit/engine';
import { randomTimetable, writeRandomTimetable } from '../support/random-timetable.js';
import type { Transfers } from '../../packages/engine/src/planner/transfers.js';
import { HAVE_DATA } from '../support/data.js';
import { feedEngine } from '../support/snapshots.js';
import { mulberry32 } from '../support/random-timetable.js';
import { buildLandmarkTables, LandmarkBounds } from '../../packages/engine/src/planner/landmark-bounds.js';
import { BucketDijkstra } from '../../packages/engine/src/planner/bucket-dijkstra.js';
import { CAP_S, LANDMARK_COUNT } from '../../packages/engine/src/planner/landmark-tables.js';
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

/** The landmark tables as first built: binary-heap Dijkstras (`TargetBounds.compute`, both ways), column by column, the same farthest-point choice. */
function heapTables(p: ReturnType<typeof newport>['p'], bounds: TargetBounds, S: number) {
  const served = Array.from({ length: S }, (_, s) => s).filter((s) => p.tt.stopPatternOffsets[s + 1] > p.tt.stopPatternOffsets[s]);
  const patterns = (s: number) => p.tt.stopPatternOffsets[s + 1] - p.tt.stopPatternOffsets[s];
  const sizes = new Map<number, number>();
  for (const s of served) sizes.set(bounds.component[s], (sizes.get(bounds.component[s]) ?? 0) + 1);
  const biggest = [...sizes].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
  const candidates = served.filter((s) => bounds.component[s] === biggest);
  const K = Math.min(LANDMARK_COUNT, candidates.length);
  const stops: number[] = [], from = new Uint16Array(S * K).fill(CAP_S), to = new Uint16Array(S * K).fill(CAP_S);
  const nearest = candidates.map(() => 2 * CAP_S);
  let next = candidates.reduce((best, s) => (patterns(s) > patterns(best) ? s : best), candidates[0]);
  for (let l = 0; l < K; l++) {
    stops.push(next);
    for (const [table, reverse] of [[from, true], [to, false]] as const) {
      const d = bounds.compute([{ stop: next, seconds: 0, metres: 0 }], reverse, UNREACHED, { bothWays: true });
      for (let s = 0; s < S; s++) if (d[s] < CAP_S) table[s * K + l] = d[s];
    }
    let far = -1;
    candidates.forEach((s, i) => {
      nearest[i] = Math.min(nearest[i], from[s * K + l] + to[s * K + l]);
      if (far < 0 || nearest[i] > nearest[far]) far = i;
    });
    next = candidates[far];
  }
  return { stops, from, to };
}

describe('the bucket-queue Dijkstra over asymmetric footpaths', () => {
  it('finds the binary heap distances, footpaths walked both ways', async () => {
    const { bytes } = await buildSnapshot({ gtfs: [writeRandomTimetable(randomTimetable(2))], quiet: true });
    const p = Engine.open(bytes.buffer).planner;
    const S = p.tt.stopPatternOffsets.length - 1, t = p.transfers;
    // Every footpath out of the first stop with some takes 100 s more (its ways back do not): the lists in are then a reversed copy, the lists out walked too.
    const first = Array.from({ length: S }, (_, s) => s).find((s) => t.offsets[s + 1] > t.offsets[s])!;
    const seconds = t.seconds.slice();
    for (let i = t.offsets[first]; i < t.offsets[first + 1]; i++) seconds[i] += 100;
    const bounds = new TargetBounds(p.tt, { offsets: t.offsets, stops: t.stops, seconds, metres: t.metres, symmetric: false } as unknown as Transfers);
    expect(bounds.graph(true).walkOut, 'footpaths out walked apart').not.toBeNull();
    const dijkstra = new BucketDijkstra(S, CAP_S);
    for (let stop = 0; stop < S; stop += 7) {
      for (const reverse of [false, true]) {
        const heap = Array.from(bounds.compute([{ stop, seconds: 0, metres: 0 }], reverse, UNREACHED, { bothWays: true }), (d) => Math.min(d, CAP_S));
        dijkstra.run(bounds.graph(reverse), stop);
        expect(Array.from(dijkstra.dist), `stop ${stop} ${reverse ? 'from' : 'to'}`).toEqual(heap);
      }
    }
  });
});

describe.skipIf(!HAVE_DATA)('landmark bounds on the Newport feed', () => {
  it('come from a bucket-queue Dijkstra that finds the binary heap distances, into the tables the binary heap built', () => {
    const { p, S, served } = newport();
    const bounds = new TargetBounds(p.tt, p.transfers);
    const rand = mulberry32(15);
    // Below a cap (1 h here, to see it bind) every distance is the heap's; at or past it, the cap.
    for (const cap of [3600, CAP_S]) {
      const dijkstra = new BucketDijkstra(S, cap);
      for (let i = 0; i < 6; i++) {
        const stop = served[Math.floor(rand() * served.length)], reverse = i % 2 === 0;
        const heap = bounds.compute([{ stop, seconds: 0, metres: 0 }], reverse, UNREACHED, { bothWays: true });
        dijkstra.run(bounds.graph(reverse), stop);
        const want = Int32Array.from(heap, (d) => Math.min(d, cap));
        expect(Array.from(dijkstra.dist).findIndex((d, s) => d !== want[s]), `stop ${stop} ${reverse ? 'from' : 'to'}, cap ${cap}: first stop differing`).toBe(-1);
        expect(dijkstra.settledCount).toBe(want.filter((d) => d < cap).length);
      }
    }
    const built = buildLandmarkTables(p.tt, bounds, LANDMARK_COUNT, false);
    const want = heapTables(p, bounds, S);
    expect(Array.from(built.stops), 'landmarks').toEqual(want.stops);
    expect(built.stops.length).toBe(LANDMARK_COUNT);
    expect(Buffer.from(built.fromLandmark.buffer).equals(Buffer.from(want.from.buffer)), 'seconds from the landmarks').toBe(true);
    expect(Buffer.from(built.toLandmark.buffer).equals(Buffer.from(want.to.buffer)), 'seconds to the landmarks').toBe(true);
  });

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
