// FEATURE UNDER TEST: the planner's relaxed graph (destination pruning: ride edges both ways, components) and the boards' entry bounds in Engine.open's shared tables: an engine opened with `share` builds the graph once into shared memory, an engine given the tables (a worker thread's) plans on those very arrays, building no graph of its own, and answers as an engine of its own; the entry bounds one worker fills serve another's boards, with the same answers; tables that do not fit the snapshot are refused with a SnapshotFormatError.
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { Engine, SnapshotFormatError } from '@transit/engine';
import { buildSnapshot } from '@transit/builder';
import * as relaxedGraph from '../../packages/engine/src/planner/relaxed-graph.js';
import { randomTimetable, writeRandomTimetable } from '../support/random-timetable.js';
import { readSnapshot, sharedCopy } from '../support/snapshots.js';

const SHEFFIELD = { lat: 53.3811, lon: -1.4701 };
const ROTHERHAM = { lat: 53.4302, lon: -1.3568 };
const plans = (e: Engine) =>
  [8, 12, 17].map((h) => e.planJourney({ from: SHEFFIELD, to: ROTHERHAM, time: Date.UTC(2026, 2, 3, h), arriveBy: h === 12, modeMask: 31, limit: 3, maxWalkM: null, maxTotalWalkM: null, intermediateStops: false, steps: false, alternatives: [] }));

describe('shared relaxed graph', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is built once into shared memory and viewed by a worker engine, which builds none and plans as an engine of its own', () => {
    const shared = sharedCopy(readSnapshot(inject('demoSnapshot')));
    const build = vi.spyOn(relaxedGraph, 'buildRelaxedGraph');
    const main = Engine.open(shared, { share: true });
    const tables = main.deriveSharedTables();
    expect(build, 'once, for the landmark tables and the tables alike').toHaveBeenCalledTimes(1);
    const graph = tables.relaxedGraph!;
    for (const col of [graph.predOffsets, graph.predStops, graph.predSeconds, graph.succOffsets, graph.succStops, graph.succSeconds, graph.component]) expect(col.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(graph.succStops.length, 'ride edges').toBeGreaterThan(0);
    expect(main.planner.bounds.graphColumns, 'the main engine plans on it too').toBe(graph);
    expect(build).toHaveBeenCalledTimes(1);

    build.mockClear();
    const worker = Engine.open(shared, { tables });
    worker.prepareJourneys();
    const got = plans(worker);
    expect(build, 'a worker builds no graph').not.toHaveBeenCalled();
    expect(worker.planner.bounds.graphColumns).toBe(graph);
    expect(worker.planner.bounds.component).toBe(graph.component);
    // Footpaths in: the snapshot's own lists when symmetric (the graph holds none), viewed through the shared footpath columns.
    if (graph.walkIn === null) expect(worker.planner.bounds.walkInStops).toBe(tables.footpaths!.stops);

    const own = Engine.open(readSnapshot(inject('demoSnapshot')));
    expect(JSON.stringify(got)).toBe(JSON.stringify(plans(own)));
    expect(build, 'an engine of its own builds its own').toHaveBeenCalledTimes(1);
    expect(own.planner.bounds.graphColumns.succOffsets.buffer).toBeInstanceOf(ArrayBuffer);
    // The same graph, edge for edge, whichever engine built it.
    const mine = own.planner.bounds.graphColumns;
    for (const k of ['predOffsets', 'predStops', 'predSeconds', 'succOffsets', 'succStops', 'succSeconds', 'component'] as const) expect(Array.from(graph[k]), k).toEqual(Array.from(mine[k]));
    expect(graph.usable).toBe(mine.usable);
  });

  it('derived from another snapshot are refused at open, even when every size fits (the same feed built at another time)', async () => {
    const gtfs = writeRandomTimetable(randomTimetable(2));
    const [a, b] = await Promise.all(['2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z'].map(async (builtAt) => (await buildSnapshot({ gtfs: [gtfs], quiet: true, builtAt })).bytes.buffer));
    const fromB = Engine.open(b, { share: true }).deriveSharedTables();
    expect(() => Engine.open(a, { tables: fromB })).toThrow(SnapshotFormatError);
    expect(() => Engine.open(a, { tables: fromB })).toThrow(/tables given to Engine.open were derived from another snapshot/);
    expect(() => Engine.open(a, { tables: Engine.open(a, { share: true }).deriveSharedTables() })).not.toThrow();
  });

  it('that does not fit the snapshot is refused at open', async () => {
    const other = Engine.open((await buildSnapshot({ gtfs: [writeRandomTimetable(randomTimetable(1))], quiet: true })).bytes.buffer, { share: true }).deriveSharedTables();
    const demo = readSnapshot(inject('demoSnapshot'));
    const own = Engine.open(demo).deriveSharedTables();
    expect(() => Engine.open(demo, { tables: { ...own, relaxedGraph: other.relaxedGraph } })).toThrow(SnapshotFormatError);
    expect(() => Engine.open(demo, { tables: { ...own, relaxedGraph: other.relaxedGraph } })).toThrow(/relaxed graph given to Engine.open \(\d+ stops, \d+ edges\) does not fit this snapshot's \d+ stops/);
    const g = own.relaxedGraph!;
    // The right stop count, edges cut short: still refused.
    expect(() => Engine.open(demo, { tables: { ...own, relaxedGraph: { ...g, predStops: g.predStops.subarray(1) } } })).toThrow(SnapshotFormatError);
    expect(() => Engine.open(demo, { tables: { ...own, boardBounds: other.boardBounds } })).toThrow(/board entry bounds given to Engine.open \(\d+ entries, \d+ stops\) do not fit/);
  });
});

describe('shared board entry bounds', () => {
  it('are filled by whichever engine boards a stop first and read by the others, with the answers of an engine of its own', () => {
    const shared = sharedCopy(readSnapshot(inject('demoSnapshot')));
    const tables = Engine.open(shared, { share: true }).deriveSharedTables();
    const b = tables.boardBounds!;
    for (const col of [b.min, b.max, b.arrivalRow, b.departureRow, b.listed, b.filled]) expect(col.buffer).toBeInstanceOf(SharedArrayBuffer);
    const first = Engine.open(shared, { tables });
    const second = Engine.open(shared, { tables });
    const own = Engine.open(readSnapshot(inject('demoSnapshot')));
    const day = own.calendar.firstDay;
    const from = own.calendar.reference(day) + 7 * 3_600_000;
    const board = (e: Engine, s: number, type: 'departures' | 'arrivals') => JSON.stringify(e.stopBoard(s, { from, to: from + 3 * 3_600_000, limit: 20, type }));
    const stops = Array.from({ length: own.stopTable.count }, (_, s) => s);
    const half = stops.slice(0, stops.length >> 1);
    // The first worker fills half the stops; the second then boards every stop, filling only the rest.
    for (const s of half) board(first, s, 'departures');
    expect(half.every((s) => b.filled[s] === 1)).toBe(true);
    expect(b.filled.slice(half.length).every((f) => f === 0), 'the rest not filled yet').toBe(true);
    for (const type of ['departures', 'arrivals'] as const) for (const s of stops) expect(board(second, s, type), `stop ${s} ${type}`).toBe(board(own, s, type));
    expect(b.filled.every((f) => f === 1)).toBe(true);
  });
});
