import { readCsvBytes, cell } from '../source/csv.js';
import { splitFields, decimalOfBytes, SameBytes } from '../source/csv-bytes.js';
import { columns, type GtfsContext } from './gtfs-context.js';
import { isCoordinate } from '../naptan/parse-naptan.js';
import { encodeShapes } from './encode-shapes.js';

/**
 * Streams shapes.txt into point columns, then orders and encodes this feed's shapes (encodeShapes).
 * Rows without a quote are parsed from their bytes (plain decimals, shape_id compared with the
 * previous row's bytes); any other row, and every bad one, goes through the string path.
 */
export async function parseShapes(ctx: GtfsContext): Promise<void> {
  const { tt } = ctx;
  const from = tt.shapeIds.length;
  const sp = tt.sp;
  let c: Record<string, number> = {};
  let lastId = '';
  let last = -1;
  /** The shape index of a shape_id of this feed, added when new. */
  const shapeOf = (id: string): number => {
    const key = `${ctx.feed}:${id}`;
    let idx = tt.shapeByKey.get(key);
    if (idx === undefined) {
      idx = tt.shapeIds.length;
      tt.shapeByKey.set(key, idx);
      tt.shapeIds.push(id);
    }
    return idx;
  };
  const parseRecord = (rec: string[], line: number): void => {
    const id = cell(rec, c.shape_id);
    if (id !== lastId) {
      lastId = id;
      last = shapeOf(id);
    }
    const lat = Number(cell(rec, c.shape_pt_lat));
    const lon = Number(cell(rec, c.shape_pt_lon));
    const seq = Number(cell(rec, c.shape_pt_sequence));
    if (!isCoordinate(lat, lon) || !Number.isFinite(seq)) {
      return ctx.ds.issues.add({ code: 'bad_shape_point', severity: 'error', file: `${ctx.source.name}:shapes.txt`, line, entityId: id, field: 'shape_pt_lat', value: `${lat},${lon},${seq}`, message: 'shape point without usable coordinates or sequence' });
    }
    push(last, seq, lat, lon);
  };
  const push = (shape: number, seq: number, lat: number, lon: number): void => {
    sp.shape.push(shape);
    sp.seq.push(seq);
    sp.lat.push(lat);
    sp.lon.push(lon);
  };

  // The byte path: field k of the current row is [fieldStart[k], fieldEnd[k]).
  let lastCol = -1; // -1 when a column is absent (string path only)
  const fieldStart = new Int32Array(64);
  const fieldEnd = new Int32Array(64);
  const idBytes = new SameBytes(); // the previous byte-path row's shape_id
  let shapeOfBytes = -1;
  const parseBytes = (buf: Buffer, start: number, end: number, line: number): void => {
    if (lastCol < 0 || !splitFields(buf, start, end, lastCol, fieldStart, fieldEnd)) return parseRecord(buf.toString('utf8', start, end).split(','), line);
    const lat = decimalOfBytes(buf, fieldStart[c.shape_pt_lat], fieldEnd[c.shape_pt_lat]);
    const lon = decimalOfBytes(buf, fieldStart[c.shape_pt_lon], fieldEnd[c.shape_pt_lon]);
    const seq = decimalOfBytes(buf, fieldStart[c.shape_pt_sequence], fieldEnd[c.shape_pt_sequence]);
    const s = fieldStart[c.shape_id];
    const e = fieldEnd[c.shape_id];
    if (Number.isNaN(lat + lon + seq) || !isCoordinate(lat, lon) || e === s) return parseRecord(buf.toString('utf8', start, end).split(','), line);
    if (!idBytes.matches(buf, s, e)) {
      const id = buf.toString('utf8', s, e);
      if (id === 'NA') return parseRecord(buf.toString('utf8', start, end).split(','), line);
      idBytes.remember(buf, s, e);
      shapeOfBytes = shapeOf(id);
    }
    push(shapeOfBytes, seq, lat, lon);
  };

  await readCsvBytes(
    ctx.source,
    'shapes.txt',
    (h) => {
      c = columns(h, ['shape_id', 'shape_pt_lat', 'shape_pt_lon', 'shape_pt_sequence']);
      const cols = [c.shape_id, c.shape_pt_lat, c.shape_pt_lon, c.shape_pt_sequence];
      lastCol = cols.every((i) => i >= 0) ? Math.max(...cols) : -1;
      if (lastCol >= fieldStart.length) lastCol = -1; // a very wide file: the string path
    },
    { bytes: parseBytes, record: parseRecord },
    ctx.progress,
  );
  encodeShapes(tt, from);
}
