// FEATURE UNDER TEST: snapshots since the seventh session store no trips.idRank; every engine derives the ranks from trips.byId
// when it opens the snapshot, so a trips.byId that is no permutation is a SnapshotFormatError at Engine.open (an operator's
// clear error), never at a first board (which a server would answer with a 500).
import { describe, expect, it } from 'vitest';
import { Engine, SnapshotFormatError } from '@transit/engine';
import { demoEngine, rewriteSections, sharedCopy } from '../support/snapshots.js';

describe('trip id ranks derived at open', () => {
  it('equal the ranks inverted from trips.byId, on an engine of its own and a shared one', () => {
    const e = demoEngine();
    expect(e.reader.has('trips.idRank')).toBe(false);
    const byId = e.reader.u32('trips.byId');
    for (const engine of [e, Engine.open(sharedCopy(rewriteSections(e, () => false, {})), { share: true })]) {
      const rank = engine.timetable.tripIds.rank;
      expect(rank.length).toBe(byId.length);
      for (let i = 0; i < byId.length; i++) expect(rank[byId[i]]).toBe(i);
    }
  });

  it('a trips.byId that is no permutation fails Engine.open, with and without share', () => {
    const e = demoEngine();
    const byId = Uint32Array.from(e.reader.u32('trips.byId'));
    byId[1] = byId[0]; // one trip twice, another never
    const bytes = rewriteSections(e, () => false, { 'trips.byId': byId });
    expect(() => Engine.open(bytes)).toThrow(SnapshotFormatError);
    expect(() => Engine.open(bytes)).toThrow(/trips\.byId is not a permutation/);
    expect(() => Engine.open(sharedCopy(bytes), { share: true })).toThrow(/trips\.byId is not a permutation/);
  });
});
