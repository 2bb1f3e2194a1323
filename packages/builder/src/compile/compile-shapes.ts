import type { TimetableModel } from '../gtfs/timetable-model.js';
import type { StringPool } from '../write/string-pool.js';

/**
 * The shape sections from the shapes encoded while parsing (gtfs/encode-shapes.ts): id, line
 * (shapes with the same points share one), point count, length; and the distinct lines' varint
 * bytes (`shapes.lineOffsets` / `shapes.lineBytes`, engine snapshot/shape-lines.ts).
 */
export function compileShapes(tt: TimetableModel, pool: StringPool) {
  const n = tt.shapeIds.length;
  const out = { id: new Uint32Array(n), line: new Uint32Array(n), pointCount: new Uint32Array(n), length: new Float64Array(n) };
  const lineOf = new Map<string, number>();
  const lines: string[] = [];
  let bytes = 0;
  for (let s = 0; s < n; s++) {
    out.id[s] = pool.intern(tt.shapeIds[s]);
    const text = tt.shapes.polyline[s];
    let line = lineOf.get(text);
    if (line === undefined) {
      lineOf.set(text, (line = lines.length));
      lines.push(text);
      bytes += text.length;
    }
    out.line[s] = line;
    out.pointCount[s] = tt.shapes.pointCount[s];
    out.length[s] = tt.shapes.length[s];
  }
  const lineOffsets = new Uint32Array(lines.length + 1);
  const lineBytes = Buffer.alloc(bytes);
  for (let l = 0, at = 0; l < lines.length; l++) {
    lineOffsets[l] = at;
    at += lineBytes.write(lines[l], at, 'latin1');
    lineOffsets[l + 1] = at;
  }
  return { ...out, lineOffsets, lineBytes: new Uint8Array(lineBytes.buffer, lineBytes.byteOffset, lineBytes.length) };
}
