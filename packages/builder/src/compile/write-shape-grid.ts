import { compileShapeGrid, SHAPE_GRID_SECTIONS, type ShapeGridColumns } from '@transit/engine';
import type { SnapshotWriter } from '../write/snapshot-writer.js';

/**
 * Writes the `shapes.grid*` sections: the engine's grid of shape pieces (compileShapeGrid, the
 * same function the engine falls back on) over the shape, pattern, trip and stop sections already
 * added (the lines' varint bytes), so the first shapes query reads only its box's cells.
 */
export function writeShapeGrid(w: SnapshotWriter): void {
  const u32 = (name: string) => w.section(name, Uint32Array);
  const shapePolyline = u32('shapes.line');
  const lines = { bytes: w.section('shapes.lineBytes', Uint8Array), offsets: u32('shapes.lineOffsets'), binary: true };
  const source = {
    shapeCount: shapePolyline.length,
    shapePolyline,
    patternCount: u32('patterns.route').length,
    patternStopOffsets: u32('patterns.stopOffsets'),
    patternStops: u32('patterns.stops'),
    patternTripOffsets: u32('patterns.tripOffsets'),
    // A pattern's trips are contiguous: patterns.tripOffsets indexes the trips directly.
    patternTrips: Uint32Array.from(u32('trips.shape'), (_, t) => t),
    tripShape: u32('trips.shape'),
  };
  const grid = compileShapeGrid(source, lines, w.section('stops.lat', Float64Array), w.section('stops.lon', Float64Array));
  for (const key of Object.keys(SHAPE_GRID_SECTIONS) as (keyof ShapeGridColumns)[]) w.add(SHAPE_GRID_SECTIONS[key], grid[key]);
}
