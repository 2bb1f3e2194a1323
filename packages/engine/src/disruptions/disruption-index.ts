import KDBush from 'kdbush';
import type { Page } from '../api.js';
import { boxAround, distanceMetres } from '../spatial/geo.js';
import { isActiveAt, severityRank, type Disruption, type DisruptionStop } from './disruption.js';
import { DEFAULT_PATH_RADIUS_M, type DisruptionQuery } from './disruption-query.js';
import { decodePathPolyline } from '../spatial/polyline.js';
import { metresToLatDegrees, metresToLonDegrees, pointSegmentMetres } from '../spatial/segment-distance.js';

/** Where stop coordinates come from when a feed names a stop by ATCO code only (an Engine fits). */
export interface StopCoordinates {
  findStop(atcocode: string): number;
  readonly stopTable: { readonly lat: Float64Array; readonly lon: Float64Array };
}

/**
 * An immutable, queryable set of disruptions. Built once per feed delivery (swap the whole
 * index atomically); records are kept sorted most disruptive first, then most recently raised,
 * so a query is one filtered pass. Every affected stop with coordinates is one point of a
 * kd-tree whose id maps back to its record: radius, box and path filters are range queries.
 */
export class DisruptionIndex {
  /** An index of nothing. */
  static readonly EMPTY = DisruptionIndex.build([]);

  /** Record idx -> normalised record (coordinates resolved), in result order. */
  readonly records: readonly Disruption[];
  /** kd point -> record idx. */
  private readonly pointRecord: Uint32Array;
  /** kd point -> latitude / longitude, degrees. */
  private readonly pointLat: Float64Array;
  private readonly pointLon: Float64Array;
  private readonly kd: KDBush | null;
  /** ATCO code -> record idxs naming it (ascending). */
  private readonly byStop: Map<string, number[]>;
  /** Record idx -> lower-cased operator codes and names / line names and refs, NUL-separated. */
  private readonly operatorText: string[];
  private readonly lineText: string[];

  private constructor(records: Disruption[]) {
    this.records = records;
    this.byStop = new Map();
    let pointCount = 0;
    records.forEach((d, r) => {
      for (const s of d.stops) {
        if (s.lat !== null && s.lon !== null) pointCount++;
        const list = this.byStop.get(s.atcocode);
        if (!list) this.byStop.set(s.atcocode, [r]);
        else if (list[list.length - 1] !== r) list.push(r);
      }
    });
    this.pointRecord = new Uint32Array(pointCount);
    this.pointLat = new Float64Array(pointCount);
    this.pointLon = new Float64Array(pointCount);
    this.kd = pointCount > 0 ? new KDBush(pointCount, 64, Float64Array) : null;
    let p = 0;
    records.forEach((d, r) => {
      for (const s of d.stops) {
        if (s.lat === null || s.lon === null) continue;
        this.pointRecord[p] = r;
        this.pointLat[p] = s.lat;
        this.pointLon[p++] = s.lon;
        this.kd!.add(s.lon, s.lat);
      }
    });
    this.kd?.finish();
    this.operatorText = records.map((d) => joinLower([...d.operators, ...d.lines.flatMap((l) => l.operators)].flatMap((o) => [o.code, o.name])));
    this.lineText = records.map((d) => joinLower(d.lines.flatMap((l) => [l.name, l.ref])));
  }

  /**
   * Builds an index. Stops without coordinates get them from `stops` (the snapshot) by ATCO
   * code when it knows the stop; the rest keep null and match only `atcocode`. Records with the
   * same id keep the first.
   */
  static build(records: readonly Disruption[], stops: StopCoordinates | null = null): DisruptionIndex {
    const seen = new Set<string>();
    const unique = records.filter((d) => !seen.has(d.id) && seen.add(d.id));
    const resolved = stops ? unique.map((d) => resolveStops(d, stops)) : unique.slice();
    resolved.sort((a, b) => severityRank(a.severity) - severityRank(b.severity) || (b.createdAt ?? -Infinity) - (a.createdAt ?? -Infinity) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return new DisruptionIndex(resolved);
  }

  get count(): number {
    return this.records.length;
  }

  /** Affected stops with coordinates, over all records (kd-tree points). */
  get pointCount(): number {
    return this.pointRecord.length;
  }

  /** Records matching every filter of `q`, in result order; `total` counts all pages. */
  query(q: DisruptionQuery): Page<Disruption> {
    const spatial = this.spatialMask(q);
    const modes = q.modes?.length ? new Set(q.modes) : null;
    const severities = q.severities?.length ? new Set(q.severities) : null;
    const byStop = q.atcocode !== undefined ? new Set(this.byStop.get(q.atcocode) ?? []) : null;
    const operator = q.operator?.toLowerCase();
    const line = q.line?.toLowerCase();
    const activeOnly = q.activeOnly ?? true;
    const items: Disruption[] = [];
    let total = 0;
    for (let r = 0; r < this.records.length; r++) {
      const d = this.records[r];
      if (spatial && spatial[r] === 0) continue;
      if (d.severity === 'good' && !q.includeGoodService) continue;
      if (modes && !modes.has(d.mode)) continue;
      if (severities && !severities.has(d.severity)) continue;
      if (byStop && !byStop.has(r)) continue;
      if (q.planned !== undefined && d.planned !== q.planned) continue;
      if (operator !== undefined && !this.operatorText[r].includes(operator)) continue;
      if (line !== undefined && !this.lineText[r].includes(line)) continue;
      if (activeOnly && !isActiveAt(d, q.nowMs)) continue;
      if (total >= q.offset && items.length < q.limit) items.push(d);
      total++;
    }
    return { total, items };
  }

  /** 1 per record naming a stop that satisfies every spatial filter of `q`, or null when it has none. */
  private spatialMask(q: DisruptionQuery): Uint8Array | null {
    let mask: Uint8Array | null = null;
    const and = (m: Uint8Array) => {
      if (mask) for (let r = 0; r < m.length; r++) mask[r] &= m[r];
      else mask = m;
    };
    if (q.near) and(this.nearMask(q.near.lat, q.near.lon, q.near.radius));
    if (q.box) and(this.rangeMask(q.box.minLon, q.box.minLat, q.box.maxLon, q.box.maxLat));
    if (q.path !== undefined) {
      const coords = typeof q.path === 'string' ? decodePathPolyline(q.path) : q.path;
      and(this.pathMask(coords, q.pathRadius ?? DEFAULT_PATH_RADIUS_M));
    }
    return mask;
  }

  private nearMask(lat: number, lon: number, radius: number): Uint8Array {
    const mask = new Uint8Array(this.records.length);
    if (!this.kd) return mask;
    const [minLon, minLat, maxLon, maxLat] = boxAround(lat, lon, radius);
    for (const p of this.kd.range(minLon, minLat, maxLon, maxLat)) {
      if (distanceMetres(lat, lon, this.pointLat[p], this.pointLon[p]) <= radius) mask[this.pointRecord[p]] = 1;
    }
    return mask;
  }

  private rangeMask(minLon: number, minLat: number, maxLon: number, maxLat: number): Uint8Array {
    const mask = new Uint8Array(this.records.length);
    if (this.kd) for (const p of this.kd.range(minLon, minLat, maxLon, maxLat)) mask[this.pointRecord[p]] = 1;
    return mask;
  }

  /**
   * Marks records naming a stop within `radius` metres of any segment of `coords` ([lat, lon,
   * ...]; one point = a point). Per segment: kd range over its box padded by the radius, then
   * the exact point-to-segment distance; a record already matched is not tested again.
   */
  pathMask(coords: Float64Array, radius: number): Uint8Array {
    const mask = new Uint8Array(this.records.length);
    const kd = this.kd;
    if (!kd || coords.length < 2) return mask;
    const pointRecord = this.pointRecord;
    const pLat = this.pointLat;
    const pLon = this.pointLon;
    const padLat = metresToLatDegrees(radius) * 1.001 + 1e-9;
    const last = Math.max(2, coords.length - 2);
    for (let i = 0; i < last; i += 2) {
      const aLat = coords[i];
      const aLon = coords[i + 1];
      const bLat = coords.length >= 4 ? coords[i + 2] : aLat;
      const bLon = coords.length >= 4 ? coords[i + 3] : aLon;
      const minLat = Math.min(aLat, bLat) - padLat;
      const maxLat = Math.max(aLat, bLat) + padLat;
      const padLon = metresToLonDegrees(radius, Math.max(Math.abs(minLat), Math.abs(maxLat))) * 1.001 + 1e-9;
      const candidates = kd.range(Math.min(aLon, bLon) - padLon, minLat, Math.max(aLon, bLon) + padLon, maxLat);
      for (let k = 0; k < candidates.length; k++) {
        const p = candidates[k];
        const r = pointRecord[p];
        if (mask[r] === 1) continue;
        if (pointSegmentMetres(pLat[p], pLon[p], aLat, aLon, bLat, bLon) <= radius) mask[r] = 1;
      }
    }
    return mask;
  }
}

function joinLower(parts: (string | null)[]): string {
  return parts.filter((s): s is string => !!s).join('\u0000').toLowerCase();
}

/** The record with coordinates filled in from the snapshot where the feed gave only a stop ref. */
function resolveStops(d: Disruption, stops: StopCoordinates): Disruption {
  if (d.stops.every((s) => s.lat !== null && s.lon !== null)) return d;
  const lat = stops.stopTable.lat;
  const lon = stops.stopTable.lon;
  const resolved = d.stops.map((s): DisruptionStop => {
    if (s.lat !== null && s.lon !== null) return s;
    const idx = stops.findStop(s.atcocode);
    return idx < 0 ? s : { ...s, lat: lat[idx], lon: lon[idx] };
  });
  return { ...d, stops: resolved };
}
