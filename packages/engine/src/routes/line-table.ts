import type { SnapshotReader } from '../snapshot/reader.js';
import type { StringTable } from '../snapshot/strings.js';
import type { RouteKind } from '../api.js';
import { NOT_FOUND } from '../api.js';

/** lines.kind codes, index = code. */
export const LINE_KINDS: readonly RouteKind[] = ['bus', 'rail'];

/**
 * The API's routes ("lines"): one line number of one bus operator, or one train operating
 * company, each grouping GTFS routes (see docs/engine.md "Routes"). Lines are in
 * (kind, natural line number, operator code) order, so index order is listing order.
 */
export class LineTable {
  readonly count: number;
  /** Line -> route id of the API (string): `<operator code>-<line>` for bus, the TOC code for rail. */
  readonly id: Uint32Array;
  /** Line -> line number (bus) or TOC code (rail), string. */
  readonly line: Uint32Array;
  /** Line -> line name (commonest route_long_name, else the line number; operator name for rail), string. */
  readonly name: Uint32Array;
  /** Line -> operator display name and code (NOC, else agency_id; TOC code for rail), strings. */
  readonly operatorName: Uint32Array;
  readonly operatorCode: Uint32Array;
  /** Line -> index into the header's agencies (the first agency seen). */
  readonly agency: Uint32Array;
  /** Line -> index into LINE_KINDS. */
  readonly kind: Uint8Array;
  /** Line -> GTFS route_type of most of its trips (of its trains, for rail). */
  readonly routeType: Uint16Array;
  /** Line indices sorted by ASCII-case-folded id bytes. */
  readonly byId: Uint32Array;
  /** GTFS route -> line, or NONE for a route without trips. */
  readonly ofRoute: Uint32Array;
  /** Line -> [first, end) into routes / patterns / trips (trips by first departure, then trip_id). Each length count + 1. */
  readonly routeOffsets: Uint32Array;
  readonly routes: Uint32Array;
  readonly patternOffsets: Uint32Array;
  readonly patterns: Uint32Array;
  readonly tripOffsets: Uint32Array;
  readonly trips: Uint32Array;
  /** Lower-cased line, name, operator name and code of every line, built on the first text search. */
  private folded: { line: string[]; name: string[]; operatorName: string[]; operatorCode: string[] } | undefined;

  constructor(
    r: SnapshotReader,
    private readonly strings: StringTable,
  ) {
    this.id = r.u32('lines.id');
    this.count = this.id.length;
    this.line = r.u32('lines.line');
    this.name = r.u32('lines.name');
    this.operatorName = r.u32('lines.operatorName');
    this.operatorCode = r.u32('lines.operatorCode');
    this.agency = r.u32('lines.agency');
    this.kind = r.u8('lines.kind');
    this.routeType = r.u16('lines.routeType');
    this.byId = r.u32('lines.byId');
    this.ofRoute = r.u32('lines.ofRoute');
    this.routeOffsets = r.u32('lines.routeOffsets');
    this.routes = r.u32('lines.routes');
    this.patternOffsets = r.u32('lines.patternOffsets');
    this.patterns = r.u32('lines.patterns');
    this.tripOffsets = r.u32('lines.tripOffsets');
    this.trips = r.u32('lines.trips');
  }

  /** Line of this kind with this route id (ASCII case ignored), or NOT_FOUND. */
  find(kind: RouteKind, routeId: string): number {
    const key = this.strings.encode(routeId.toUpperCase());
    let lo = 0;
    let hi = this.byId.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = compareFolded(this.strings, this.id[this.byId[mid]], key);
      if (c === 0) {
        const line = this.byId[mid];
        return LINE_KINDS[this.kind[line]] === kind ? line : NOT_FOUND;
      }
      if (c < 0) lo = mid + 1;
      else hi = mid;
    }
    return NOT_FOUND;
  }

  /** Lower-cased text columns for substring search (one JS string per line and column, built once). */
  lowerCased() {
    if (!this.folded) {
      const col = (c: Uint32Array) => Array.from(c, (s) => this.strings.get(s).toLowerCase());
      this.folded = { line: col(this.line), name: col(this.name), operatorName: col(this.operatorName), operatorCode: col(this.operatorCode) };
    }
    return this.folded;
  }
}

/** Byte comparison of string idx, ASCII letters upper-cased, with an upper-case key. */
function compareFolded(strings: StringTable, idx: number, key: Uint8Array): number {
  const bytes = strings.bytes;
  const start = strings.offsets[idx];
  const len = strings.offsets[idx + 1] - start;
  const n = len < key.length ? len : key.length;
  for (let i = 0; i < n; i++) {
    let b = bytes[start + i];
    if (b >= 0x61 && b <= 0x7a) b -= 0x20;
    const d = b - key[i];
    if (d !== 0) return d;
  }
  return len - key.length;
}
