// FEATURE UNDER TEST: Engine.deriveSharedTables, the explicit call that builds the tables worker engines view (the deprecated `sharedTables` getter its alias), and an engine of its own decoding its footpaths once whichever of the shared tables and the planner comes first.
import { describe, expect, inject, it } from 'vitest';
import { Engine } from '@transit/engine';
import { readSnapshot } from '../support/snapshots.js';

describe('Engine.deriveSharedTables', () => {
  it('returns the same tables on every call, as the deprecated getter does', () => {
    const e = Engine.open(readSnapshot(inject('demoSnapshot')));
    const tables = e.deriveSharedTables();
    expect(e.deriveSharedTables()).toBe(tables);
    expect(e.sharedTables).toBe(tables);
    expect(tables.streetHierarchies!.walk.upHead).toBe(e.streets!.hierarchy('walk')!.upHead);
    expect(tables.stopBuckets!.stop).toBe(e.streets!.stopBuckets()!.stop);
  });

  it('leaves an engine of its own one copy of the footpaths for the landmark tables and the planner', () => {
    const e = Engine.open(readSnapshot(inject('demoSnapshot')));
    expect(e.reader.has('transfers.packed')).toBe(true); // decoded at first need, not viewed
    const tables = e.deriveSharedTables();
    expect(tables.landmarks).not.toBeNull();
    expect(tables.footpaths).toBeNull(); // not in shared memory: workers derive their own
    const decoded = (e as unknown as { footpathColumns: { stops: Uint32Array; metres: Uint16Array } }).footpathColumns;
    expect(e.planner.transfers.stops).toBe(decoded.stops);
    expect(e.planner.transfers.metres).toBe(decoded.metres);
    const fresh = Engine.open(readSnapshot(inject('demoSnapshot')));
    expect(Array.from(e.planner.transfers.metres)).toEqual(Array.from(fresh.planner.transfers.metres));
  });
});
