// FEATURE UNDER TEST: the walking and cycling contraction hierarchies and the stop buckets as shared tables: an engine opened with `share` builds them once into shared memory (also when its planner was made first), an engine given them (a worker thread's) routes and walks on those very arrays without building its own and answers as an engine of its own does, and hierarchies or buckets of another street graph are refused with a clear SnapshotFormatError.
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { Engine, SnapshotFormatError } from '@transit/engine';
import { ContractionHierarchy } from '../../packages/engine/src/streets/hierarchy.js';
import { StopBuckets } from '../../packages/engine/src/streets/hierarchy-stops.js';
import { readSnapshot, sharedCopy } from '../support/snapshots.js';

const SHEFFIELD = { lat: 53.3811, lon: -1.4701 };
const ROTHERHAM = { lat: 53.4302, lon: -1.3568 };

describe('shared street hierarchies', () => {
  afterEach(() => vi.restoreAllMocks());

  it('are built once into shared memory and routed on by an engine given them', () => {
    const bytes = readSnapshot(inject('demoSnapshot'));
    const shared = sharedCopy(bytes);
    const main = Engine.open(shared, { share: true });
    const tables = main.deriveSharedTables();
    const { walk, bicycle } = tables.streetHierarchies!;
    for (const h of [walk, bicycle]) for (const col of [h.upHead, h.upCost, h.downTail, h.arcHalves]) expect(col.buffer).toBeInstanceOf(SharedArrayBuffer);
    const build = vi.spyOn(ContractionHierarchy, 'build');
    const worker = Engine.open(shared, { tables });
    worker.prepareJourneys();
    expect(build).not.toHaveBeenCalled();
    expect(worker.streets!.hierarchy('walk')!.upHead).toBe(walk.upHead);
    expect(worker.streets!.hierarchy('bicycle')!.downCost).toBe(bicycle.downCost);
    const own = Engine.open(bytes).streets!;
    for (const mode of ['walk', 'bicycle'] as const) expect(worker.streets!.route(SHEFFIELD, ROTHERHAM, mode)).toEqual(own.route(SHEFFIELD, ROTHERHAM, mode));
  });

  it('of another street graph are refused', () => {
    const main = Engine.open(readSnapshot(inject('demoSnapshot')));
    const walk = main.streets!.hierarchy('walk')!;
    const tables = { ...main.deriveSharedTables(), streetHierarchies: { walk: { ...walk, upOffsets: walk.upOffsets.subarray(1) }, bicycle: main.streets!.hierarchy('bicycle')! } };
    expect(() => Engine.open(readSnapshot(inject('demoSnapshot')), { tables }).streets).toThrow(SnapshotFormatError);
    expect(() => Engine.open(readSnapshot(inject('demoSnapshot')), { tables }).streets).toThrow(/walk street hierarchy given to Engine.open covers \d+ nodes, not this snapshot's \d+/);
    const buckets = main.deriveSharedTables().stopBuckets!;
    const short = { ...main.deriveSharedTables(), stopBuckets: { ...buckets, metres: buckets.metres.subarray(1) } };
    expect(() => Engine.open(readSnapshot(inject('demoSnapshot')), { tables: short }).streets).toThrow(/stop buckets given to Engine.open \(\d+ nodes, \d+ entries\) do not fit/);
    // The same sizes, a stop past this snapshot's (buckets of another timetable on the same streets).
    const stop = Uint32Array.from(buckets.stop);
    stop[0] = main.stopTable.count;
    const foreign = { ...main.deriveSharedTables(), stopBuckets: { ...buckets, stop } };
    expect(() => Engine.open(readSnapshot(inject('demoSnapshot')), { tables: foreign }).streets).toThrow(/stop buckets given to Engine.open \(\d+ nodes, \d+ entries\) do not fit this snapshot's \d+ street nodes and \d+ stops/);
  });

  it('include the stop buckets, in shared memory even when the planner was made first, walked on by an engine given them', () => {
    const bytes = readSnapshot(inject('demoSnapshot'));
    const shared = sharedCopy(bytes);
    const main = Engine.open(shared, { share: true });
    // The planner's street model asks for the buckets, so for the walking hierarchy, before the tables are derived.
    main.prepareJourneys();
    const tables = main.deriveSharedTables();
    expect(main.deriveSharedTables()).toBe(tables);
    const b = tables.stopBuckets!;
    for (const col of [b.offsets, b.stop, b.metres, b.arc, b.next, tables.streetHierarchies!.walk.upHead]) expect(col.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(b).not.toBeInstanceOf(StopBuckets);
    const build = vi.spyOn(StopBuckets, 'build');
    const worker = Engine.open(shared, { tables });
    worker.prepareJourneys();
    expect(build).not.toHaveBeenCalled();
    expect(worker.streets!.stopBuckets()!.stop).toBe(b.stop);
    const own = Engine.open(bytes);
    const { lat, lon } = own.stopTable;
    for (let s = 0; s < lat.length; s += Math.ceil(lat.length / 20)) {
      const p = { lat: lat[s] + 0.002, lon: lon[s] - 0.003 };
      for (const toPoint of [false, true]) expect(worker.streetModel.stopsNear(p, 1000, toPoint)).toEqual(own.streetModel.stopsNear(p, 1000, toPoint));
    }
  });
});
