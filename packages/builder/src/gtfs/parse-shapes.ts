import { readCsv, cell } from '../source/csv.js';
import { columns, type GtfsContext } from './gtfs-context.js';
import { isCoordinate } from '../naptan/parse-naptan.js';
import { encodeShapes } from './encode-shapes.js';

/** Streams shapes.txt into point columns, then orders and encodes this feed's shapes (encodeShapes). */
export async function parseShapes(ctx: GtfsContext): Promise<void> {
  const { tt } = ctx;
  const from = tt.shapeIds.length;
  const sp = tt.sp;
  let c: Record<string, number> = {};
  let lastId = '';
  let last = -1;
  await readCsv(
    ctx.source,
    'shapes.txt',
    (h) => (c = columns(h, ['shape_id', 'shape_pt_lat', 'shape_pt_lon', 'shape_pt_sequence'])),
    (rec, line) => {
      const id = cell(rec, c.shape_id);
      if (id !== lastId) {
        lastId = id;
        const key = `${ctx.feed}:${id}`;
        let idx = tt.shapeByKey.get(key);
        if (idx === undefined) {
          idx = tt.shapeIds.length;
          tt.shapeByKey.set(key, idx);
          tt.shapeIds.push(id);
        }
        last = idx;
      }
      const lat = Number(cell(rec, c.shape_pt_lat));
      const lon = Number(cell(rec, c.shape_pt_lon));
      const seq = Number(cell(rec, c.shape_pt_sequence));
      if (!isCoordinate(lat, lon) || !Number.isFinite(seq)) {
        return ctx.ds.issues.add({ code: 'bad_shape_point', severity: 'error', file: `${ctx.source.name}:shapes.txt`, line, entityId: id, field: 'shape_pt_lat', value: `${lat},${lon},${seq}`, message: 'shape point without usable coordinates or sequence' });
      }
      sp.shape.push(last);
      sp.seq.push(seq);
      sp.lat.push(lat);
      sp.lon.push(lon);
    },
    ctx.progress,
  );
  encodeShapes(tt, from);
}
