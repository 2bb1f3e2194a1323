import { COARSE_TOLERANCE_DEG } from './shape-geometry.js';
import { forEachPolylinePoint, forEachVarintPoint } from '../snapshot/shape-lines.js';

/**
 * How far a line's pieces are widened, degrees of latitude (longitude: divided by the cosine of
 * the line's first latitude, as simplifyLine scales it). A coarse copy's segment stays within
 * COARSE_TOLERANCE_DEG of the line it simplifies and is rounded to 1e-5 degree; twice the
 * tolerance covers both, so a box the coarse copy crosses always finds the line here.
 */
const MARGIN_DEG = 2 * COARSE_TOLERANCE_DEG;
/** Line coordinates while indexing are in 1e-5 degree (the polylines' integers). */
export const UNITS = 1e5;

/**
 * (cell, item) pairs while building, each pair once. A line comes in as begin, point..., end and
 * goes in as pieces: runs of points whose box stays within a cell's side, each box widened by
 * MARGIN_DEG (a piece's box holds its segments). A segment longer than a cell goes in cell-long
 * parts: the cells along it, not its whole box.
 */
export class PieceWriter {
  cell = new Uint32Array(1 << 16);
  item = new Uint32Array(1 << 16);
  count = 0;
  /** Cell -> last item written to it (items arrive in order, so this removes repeats). */
  private readonly lastItem: Int32Array;
  private readonly cellUnits: number;
  /** The current line: item, margins, last point and the open piece's box, in UNITS. */
  private current = 0;
  private mLat = 0;
  private mLon = 0;
  private points = 0;
  private lat = 0;
  private lon = 0;
  private minLat = 0;
  private maxLat = 0;
  private minLon = 0;
  private maxLon = 0;

  constructor(
    private readonly lat0: number,
    private readonly lon0: number,
    private readonly cellDeg: number,
    private readonly rows: number,
    private readonly cols: number,
  ) {
    this.lastItem = new Int32Array(rows * cols).fill(-1);
    this.cellUnits = cellDeg * UNITS;
  }

  /** Starts the line of `item` whose first latitude is `firstLat` (UNITS). */
  begin(item: number, firstLat: number): void {
    const cos = Math.abs(Math.cos((firstLat / UNITS) * (Math.PI / 180)));
    this.current = item;
    this.mLat = MARGIN_DEG * UNITS;
    this.mLon = cos > MARGIN_DEG / 360 ? this.mLat / cos : 360 * UNITS;
    this.points = 0;
  }

  /** The line's next point (UNITS). Called per point of every shape: allocates nothing. */
  point(lat: number, lon: number): void {
    if (this.points++ === 0) {
      this.minLat = this.maxLat = lat;
      this.minLon = this.maxLon = lon;
    } else {
      const minLat = lat < this.minLat ? lat : this.minLat, maxLat = lat > this.maxLat ? lat : this.maxLat;
      const minLon = lon < this.minLon ? lon : this.minLon, maxLon = lon > this.maxLon ? lon : this.maxLon;
      if (maxLat - minLat <= this.cellUnits && maxLon - minLon <= this.cellUnits) {
        this.minLat = minLat, this.maxLat = maxLat, this.minLon = minLon, this.maxLon = maxLon;
      } else {
        // The piece is full: it ends at the previous point, and the next starts with this segment.
        this.flush();
        const aLat = this.lat, aLon = this.lon;
        this.minLat = aLat < lat ? aLat : lat, this.maxLat = aLat < lat ? lat : aLat;
        this.minLon = aLon < lon ? aLon : lon, this.maxLon = aLon < lon ? lon : aLon;
        if (this.maxLat - this.minLat > this.cellUnits || this.maxLon - this.minLon > this.cellUnits) this.longSegment(aLat, aLon, lat, lon);
      }
    }
    this.lat = lat;
    this.lon = lon;
  }

  /** Ends the line (a single point has no segment: never drawn in a box). */
  end(): void {
    if (this.points >= 2) this.flush();
  }

  /** A segment longer than a cell, in cell-long parts; leaves a one-point piece at its end. */
  private longSegment(aLat: number, aLon: number, bLat: number, bLon: number): void {
    const dLat = bLat - aLat, dLon = bLon - aLon;
    const parts = Math.ceil(Math.max(Math.abs(dLat), Math.abs(dLon)) / this.cellUnits);
    for (let j = 0; j < parts; j++) {
      const pLat = aLat + (dLat * j) / parts, pLon = aLon + (dLon * j) / parts;
      const qLat = j + 1 === parts ? bLat : aLat + (dLat * (j + 1)) / parts, qLon = j + 1 === parts ? bLon : aLon + (dLon * (j + 1)) / parts;
      this.addBox(Math.min(pLat, qLat), Math.min(pLon, qLon), Math.max(pLat, qLat), Math.max(pLon, qLon));
    }
    this.minLat = this.maxLat = bLat;
    this.minLon = this.maxLon = bLon;
  }

  private flush(): void {
    this.addBox(this.minLat, this.minLon, this.maxLat, this.maxLon);
  }

  /** Lists the current item in every cell the box (UNITS), widened by the margins, meets. */
  private addBox(minLat: number, minLon: number, maxLat: number, maxLon: number): void {
    const item = this.current;
    const r0 = this.index((minLat - this.mLat) / UNITS, this.lat0, this.rows), r1 = this.index((maxLat + this.mLat) / UNITS, this.lat0, this.rows);
    const c0 = this.index((minLon - this.mLon) / UNITS, this.lon0, this.cols), c1 = this.index((maxLon + this.mLon) / UNITS, this.lon0, this.cols);
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const cell = r * this.cols + c;
        if (this.lastItem[cell] === item) continue;
        this.lastItem[cell] = item;
        if (this.count === this.cell.length) this.grow();
        this.cell[this.count] = cell;
        this.item[this.count++] = item;
      }
    }
  }

  private index(deg: number, origin: number, size: number): number {
    const i = Math.floor((deg - origin) / this.cellDeg);
    return i < 0 ? 0 : i >= size ? size - 1 : i;
  }

  private grow(): void {
    const cell = new Uint32Array(2 * this.cell.length), item = new Uint32Array(2 * this.item.length);
    cell.set(this.cell);
    item.set(this.item);
    this.cell = cell;
    this.item = item;
  }
}

/**
 * Adds the line in bytes[start, end) to `pieces`, point by point in UNITS, without making a
 * string: varint deltas (`binary`), else polyline text (precision 5, older snapshots), giving the
 * points decodePolyline gives for the same text (it stops at the first malformed value).
 */
export function addLine(pieces: PieceWriter, item: number, binary: boolean, bytes: Uint8Array, start: number, end: number): void {
  let first = true;
  (binary ? forEachVarintPoint : forEachPolylinePoint)(bytes, start, end, (lat, lon) => {
    if (first) pieces.begin(item, lat);
    first = false;
    pieces.point(lat, lon);
  });
  if (!first) pieces.end();
}
