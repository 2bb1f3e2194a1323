import { ModeBit, NONE } from '@transit/engine';
import type { Dataset } from '../dataset.js';
import type { SnapshotWriter } from '../write/snapshot-writer.js';
import { compareUtf8 } from '../write/string-pool.js';
import { csr } from '../write/csr.js';
import type { CompiledPatterns } from './compile-patterns.js';
import { modeBitOf } from './route-modes.js';
import { busOperatorCode, compareLineNumbers, railOperatorName, slug, tocCode } from './line-keys.js';

/** lines.kind codes. */
export enum LineKind {
  Bus = 0,
  Rail = 1,
}

/** One API route being assembled from GTFS routes. */
interface LineGroup {
  kind: LineKind;
  operatorCode: string;
  operatorName: string;
  agency: number;
  /** Line number (bus) or TOC code (rail). */
  line: string;
  routes: number[];
}

/**
 * Groups GTFS routes into the API's routes ("lines") and writes the `lines.*` sections
 * (docs/engine.md "Routes"). A bus line is one line number (route_short_name) of one operator
 * (NOC, else agency_id) across every GTFS route and feed; a rail line is every route of one train
 * operating company, keyed by its 2-letter code. Routes without trips belong to no line.
 */
export function compileLines(ds: Dataset, w: SnapshotWriter, p: CompiledPatterns): void {
  const tt = ds.timetable;
  const routeCount = tt.routes.length;
  const routeTrips = new Uint32Array(routeCount);
  for (let pat = 0; pat < p.patternRoute.length; pat++) routeTrips[p.patternRoute[pat]] += p.patternTripOffsets[pat + 1] - p.patternTripOffsets[pat];
  // An agency running any train is a train operator: its replacement buses stay in its rail route.
  const railAgency = new Set<number>();
  tt.routes.forEach((r, i) => {
    if (routeTrips[i] > 0 && modeBitOf(r.type) === ModeBit.Rail) railAgency.add(r.agency);
  });

  const groups = new Map<string, LineGroup>();
  tt.routes.forEach((r, i) => {
    if (routeTrips[i] === 0) return;
    const a = tt.agencies[r.agency];
    const rail = railAgency.has(r.agency);
    const operatorCode = rail ? tocCode(a) || slug(a.id) : busOperatorCode(a);
    const line = rail ? operatorCode : r.shortName.trim() || r.longName.trim() || r.id;
    const key = rail ? `R\0${operatorCode}` : `B\0${operatorCode}\0${line}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { kind: rail ? LineKind.Rail : LineKind.Bus, operatorCode, operatorName: rail ? railOperatorName(a, operatorCode) : a.name || operatorCode, agency: r.agency, line, routes: [] }));
    g.routes.push(i);
  });
  const lines = [...groups.values()].sort(
    (x, y) => x.kind - y.kind || compareLineNumbers(x.line, y.line) || compareUtf8(x.operatorCode.toUpperCase(), y.operatorCode.toUpperCase()) || x.agency - y.agency,
  );

  const pool = ds.pool;
  const ids = uniqueIds(lines);
  const ofRoute = new Uint32Array(routeCount).fill(NONE);
  lines.forEach((g, l) => g.routes.forEach((r) => (ofRoute[r] = l)));
  w.add('lines.id', Uint32Array.from(ids, (id) => pool.intern(id)))
    .add('lines.line', Uint32Array.from(lines, (g) => pool.intern(g.line)))
    .add('lines.name', Uint32Array.from(lines, (g) => pool.intern(g.kind === LineKind.Rail ? g.operatorName : commonestName(ds, g, routeTrips))))
    .add('lines.operatorName', Uint32Array.from(lines, (g) => pool.intern(g.operatorName)))
    .add('lines.operatorCode', Uint32Array.from(lines, (g) => pool.intern(g.operatorCode)))
    .add('lines.agency', Uint32Array.from(lines, (g) => g.agency))
    .add('lines.kind', Uint8Array.from(lines, (g) => g.kind))
    .add('lines.routeType', Uint16Array.from(lines, (g) => commonestType(ds, g, routeTrips)))
    .add('lines.byId', Uint32Array.from(ids.map((_, l) => l).sort((x, y) => compareUtf8(ids[x].toUpperCase(), ids[y].toUpperCase()))))
    .add('lines.ofRoute', ofRoute);
  const routes = csr(lines.map((g) => g.routes));
  w.add('lines.routeOffsets', routes.offsets).add('lines.routes', routes.values);
  const patternsOf: number[][] = lines.map(() => []);
  for (let pat = 0; pat < p.patternRoute.length; pat++) patternsOf[ofRoute[p.patternRoute[pat]]].push(pat);
  const patterns = csr(patternsOf);
  w.add('lines.patternOffsets', patterns.offsets).add('lines.patterns', patterns.values);
  const trips = csr(patternsOf.map((pats) => tripsByDeparture(ds, p, pats)));
  w.add('lines.tripOffsets', trips.offsets).add('lines.trips', trips.values);
}

/** `<operator code>-<line>` for bus, the TOC code for rail; a case-insensitive clash gets `_2`, `_3`, ... */
function uniqueIds(lines: LineGroup[]): string[] {
  const taken = new Set<string>();
  return lines.map((g) => {
    const base = g.kind === LineKind.Rail ? g.operatorCode : `${slug(g.operatorCode)}-${slug(g.line)}`;
    let id = base;
    for (let n = 2; taken.has(id.toUpperCase()); n++) id = `${base}_${n}`;
    taken.add(id.toUpperCase());
    return id;
  });
}

/** route_long_name of the line's routes weighted by trips; the line number when none has one. */
function commonestName(ds: Dataset, g: LineGroup, routeTrips: Uint32Array): string {
  const votes = new Map<string, number>();
  for (const r of g.routes) {
    const name = ds.timetable.routes[r].longName.trim();
    if (name) votes.set(name, (votes.get(name) ?? 0) + routeTrips[r]);
  }
  return argmax(votes) ?? g.line;
}

/** GTFS route_type of the line's routes weighted by trips; rail lines count only their trains. */
function commonestType(ds: Dataset, g: LineGroup, routeTrips: Uint32Array): number {
  const votes = new Map<number, number>();
  for (const r of g.routes) {
    const type = ds.timetable.routes[r].type;
    if (g.kind === LineKind.Rail && modeBitOf(type) !== ModeBit.Rail) continue;
    votes.set(type, (votes.get(type) ?? 0) + routeTrips[r]);
  }
  return argmax(votes) ?? 3;
}

/** Key with the most votes; the first seen wins ties. */
function argmax<K>(votes: Map<K, number>): K | undefined {
  let best: K | undefined;
  let most = -1;
  for (const [k, n] of votes) if (n > most) [best, most] = [k, n];
  return best;
}

/** Snapshot trip indices of `pats`, by departure from their first stop, then trip_id. */
function tripsByDeparture(ds: Dataset, p: CompiledPatterns, pats: number[]): number[] {
  const dep: number[] = [];
  const trips: number[] = [];
  for (const pat of pats) {
    for (let t = p.patternTripOffsets[pat]; t < p.patternTripOffsets[pat + 1]; t++) {
      trips.push(p.patternTrips[t]);
      dep.push(p.times.tripStart[p.patternTrips[t]]); // its departure from the pattern's first stop
    }
  }
  const order = trips.map((_, i) => i);
  const ids = ds.timetable.trips.id;
  const id = (i: number) => ids[p.tripOrder[trips[i]]];
  order.sort((i, j) => dep[i] - dep[j] || compareUtf8(id(i), id(j)));
  return order.map((i) => trips[i]);
}
