// FEATURE UNDER TEST: the grid of shape pieces the builder stores (`shapes.grid*` sections): it
// equals the grid the engine builds from the timetable (compileShapeGrid), column for column, on
// the demo and real Newport; a snapshot without the sections (built before them) gives the same
// answers by building the grid at the first query; some sections without the others, or lengths
// that disagree, fail with a clear SnapshotFormatError.
import { describe, expect, it } from 'vitest';
import { Engine, SnapshotReader, SnapshotFormatError, SHAPE_GRID_SECTIONS, compileShapeGrid, readShapeGrid } from '@transit/engine';
import { SnapshotWriter } from '@transit/builder';
import { demoEngine, feedEngine } from '../support/snapshots.js';
import { HAVE_DATA } from '../support/data.js';
import { mulberry32 } from '../support/random-timetable.js';

const GRID_NAMES = new Set(Object.values(SHAPE_GRID_SECTIONS));

/** The grid the engine would build from the snapshot's own columns. */
function builtGrid(e: Engine) {
  return compileShapeGrid(e.timetable, e.timetable.shapeLines, e.stopTable.lat, e.stopTable.lon);
}

/** The snapshot rewritten with only the sections `keep` accepts (an older build, or a damaged one). */
function rewritten(e: Engine, keep: (name: string) => boolean, replace: Record<string, Float64Array | Uint32Array> = {}): Engine {
  const r = e.reader;
  const w = new SnapshotWriter();
  for (const s of r.header.sections) if (keep(s.name)) w.add(s.name, replace[s.name] ?? r.any(s.name));
  const { sections: _, ...header } = r.header;
  const bytes = w.toBytes(header);
  return Engine.open(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
}

function storedEqualsBuilt(e: Engine): void {
  const stored = readShapeGrid(e.reader, e.timetable.shapeCount);
  expect(stored).not.toBeNull();
  const built = builtGrid(e);
  for (const key of Object.keys(SHAPE_GRID_SECTIONS) as (keyof typeof SHAPE_GRID_SECTIONS)[]) expect([...stored![key]], key).toEqual([...built[key]]);
  expect(stored!.cellItems.length).toBeGreaterThan(0);
}

/** Seeded boxes from 0.005 to 1 degree near stops. */
function boxes(e: Engine, count: number): [number, number, number, number, number][] {
  const rand = mulberry32(11);
  return Array.from({ length: count }, () => {
    const s = Math.floor(rand() * e.stopTable.count);
    const half = 0.0025 * 200 ** rand();
    const lat = e.stopTable.lat[s], lon = e.stopTable.lon[s];
    return [lat - half, lon - half * 1.6, lat + half, lon + half * 1.6, 20_000];
  });
}

describe('stored grid of shape pieces', () => {
  it('equals the grid the engine builds, on the demo snapshot', () => storedEqualsBuilt(demoEngine()));

  it.skipIf(!HAVE_DATA)('equals the grid the engine builds, on real Newport', () => storedEqualsBuilt(feedEngine('newport-20230613_gtfs.zip')!.engine));

  it('gives the same answers as a snapshot without the sections, which builds the grid at the first query', () => {
    const e = demoEngine();
    const older = rewritten(e, (name) => !GRID_NAMES.has(name));
    expect(readShapeGrid(older.reader, older.timetable.shapeCount)).toBeNull();
    for (const b of boxes(e, 40)) expect(older.routeShapes.inBox(...b), `box ${b}`).toEqual(e.routeShapes.inBox(...b));
  });

  it('rejects some grid sections without the others, and lengths that disagree', () => {
    const e = demoEngine();
    const partial = rewritten(e, (name) => name !== SHAPE_GRID_SECTIONS.cellItems);
    expect(() => partial.routeShapes).toThrow(SnapshotFormatError);
    expect(() => partial.routeShapes).toThrow(`but not ${SHAPE_GRID_SECTIONS.cellItems}: the shape grid sections come as a set`);
    const offsets = e.reader.u32(SHAPE_GRID_SECTIONS.cellOffsets);
    const short = rewritten(e, () => true, { [SHAPE_GRID_SECTIONS.cellOffsets]: offsets.slice(0, offsets.length - 1) });
    expect(() => readShapeGrid(short.reader, short.timetable.shapeCount)).toThrow(`Shape grid sections disagree: ${SHAPE_GRID_SECTIONS.cellOffsets} does not cover`);
    expect(() => readShapeGrid(e.reader, e.timetable.shapeCount + 1)).toThrow(`${SHAPE_GRID_SECTIONS.itemOfShape} has ${e.timetable.shapeCount} shapes, the snapshot ${e.timetable.shapeCount + 1}`);
    expect(new SnapshotReader(e.reader.buffer).has(SHAPE_GRID_SECTIONS.frame)).toBe(true);
  });
});
