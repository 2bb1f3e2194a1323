// FEATURE UNDER TEST: Engine.deriveSharedTables, the explicit call that builds the tables worker engines view, and an engine of its own decoding its footpaths once whichever of the shared tables and the planner comes first.
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { Engine } from '@transit/engine';
import * as packed from '../../packages/engine/src/planner/packed-footpaths.js';
import { readSnapshot } from '../support/snapshots.js';

afterEach(() => vi.restoreAllMocks());

describe('Engine.deriveSharedTables', () => {
  it('returns the same tables on every call', () => {
    const e = Engine.open(readSnapshot(inject('demoSnapshot')));
    const tables = e.deriveSharedTables();
    expect(e.deriveSharedTables()).toBe(tables);
    expect(tables.streetHierarchies!.walk.upHead).toBe(e.streets!.hierarchy('walk')!.upHead);
    expect(tables.stopBuckets!.stop).toBe(e.streets!.stopBuckets()!.stop);
  });

  it('leaves an engine of its own one copy of the footpaths for the landmark tables and the planner', () => {
    const unpack = vi.spyOn(packed, 'unpackFootpaths');
    const e = Engine.open(readSnapshot(inject('demoSnapshot')));
    expect(e.reader.has('transfers.packed')).toBe(true); // decoded at first need, not viewed
    const tables = e.deriveSharedTables();
    expect(tables.landmarks).not.toBeNull();
    expect(tables.footpaths).toBeNull(); // not in shared memory: workers derive their own
    expect(e.planner.transfers.stops.length).toBeGreaterThan(0);
    expect(unpack).toHaveBeenCalledTimes(1); // the landmark tables' and the planner's footpaths are one decoding
    const fresh = Engine.open(readSnapshot(inject('demoSnapshot')));
    expect(Array.from(e.planner.transfers.metres)).toEqual(Array.from(fresh.planner.transfers.metres));
  });
});
