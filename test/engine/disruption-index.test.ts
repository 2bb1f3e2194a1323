// FEATURE UNDER TEST: DisruptionIndex filters, ordering, paging and path matching, against brute force on seeded random data.
import { describe, it, expect } from 'vitest';
import {
  DisruptionIndex, DISRUPTION_MODES, DISRUPTION_SEVERITIES, QueryError, decodePathPolyline, distanceMetres, encodePolyline,
  type Disruption, type DisruptionQuery, type DisruptionSeverity,
} from '@transit/engine';

function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NOW = Date.parse('2026-03-02T12:00:00Z');
const HOUR = 3_600_000;
const OPERATORS = [['SYRK', 'Stagecoach Yorkshire'], ['FSYO', 'First South Yorkshire'], ['TMTL', 'Tramlink'], [null, 'Powells']] as const;
const LINES = ['52', '52a', '120', 'X5', 'Yellow', 'Blue', 'Circle'];

/** Seeded records around Sheffield: random modes, severities, validity, operators, lines and 0-40 stops. */
function randomRecords(seed: number, count: number): Disruption[] {
  const rand = mulberry32(seed);
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  return Array.from({ length: count }, (_, i) => {
    const stops = Array.from({ length: Math.floor(rand() * 40) }, (_, k) => {
      const known = rand() < 0.9;
      return { atcocode: `370${String(Math.floor(rand() * 3000)).padStart(5, '0')}`, name: `Stop ${k}`, lat: known ? 53.3 + rand() * 0.2 : null, lon: known ? -1.6 + rand() * 0.3 : null };
    });
    const [code, name] = pick(OPERATORS);
    const start = NOW + (rand() - 0.7) * 48 * HOUR;
    const validity = rand() < 0.15 ? [] : [{ start: rand() < 0.1 ? null : start, end: rand() < 0.2 ? null : start + rand() * 72 * HOUR }];
    return {
      id: `t:${i}`, source: rand() < 0.5 ? 'siri_sx' : 'line_status', version: 1, mode: pick(DISRUPTION_MODES), severity: pick(DISRUPTION_SEVERITIES),
      planned: rand() < 0.5, progress: rand() < 0.05 ? 'closed' : 'open', reason: null, summary: `d${i}`, description: null, advice: [],
      createdAt: rand() < 0.1 ? null : NOW - Math.floor(rand() * 1000) * HOUR, validity, publication: null,
      operators: [{ code, name }], lines: [{ name: pick(LINES), ref: null, operators: [] }], stops, statuses: [], links: [], blocking: null, simulated: false,
    } satisfies Disruption;
  });
}

/** Metres from P to segment AB on a plane scaled at P's own latitude (independent of the engine's formula). */
function oracleSegment(p: [number, number], a: [number, number], b: [number, number]): number {
  const m = 111_194.93;
  const k = Math.cos((p[0] * Math.PI) / 180) * m;
  const ax = (a[1] - p[1]) * k, ay = (a[0] - p[0]) * m, bx = (b[1] - p[1]) * k, by = (b[0] - p[0]) * m;
  const dx = bx - ax, dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
  return Math.hypot(ax + t * dx, ay + t * dy);
}

function pathDistance(d: Disruption, path: [number, number][]): number {
  let best = Infinity;
  for (const s of d.stops) {
    if (s.lat === null || s.lon === null) continue;
    if (path.length === 1) best = Math.min(best, oracleSegment([s.lat, s.lon], path[0], path[0]));
    for (let i = 0; i + 1 < path.length; i++) best = Math.min(best, oracleSegment([s.lat, s.lon], path[i], path[i + 1]));
  }
  return best;
}

const SEV_ORDER: DisruptionSeverity[] = ['severe', 'minor', 'information', 'unknown', 'good'];

/** Brute-force query (no spatial filters except near/box): the expected ids in result order. */
function oracle(records: Disruption[], q: DisruptionQuery): string[] {
  const active = (d: Disruption) => d.progress !== 'closed' && (d.validity.length === 0 || d.validity.some((p) => (p.start === null || p.start <= q.nowMs) && (p.end === null || q.nowMs < p.end)));
  const has = (s: string | null | undefined, sub: string) => !!s && s.toLowerCase().includes(sub.toLowerCase());
  return records
    .filter((d) => (d.severity !== 'good' || q.includeGoodService) && (!q.modes?.length || q.modes.includes(d.mode)) && (!q.severities?.length || q.severities.includes(d.severity)))
    .filter((d) => (q.atcocode === undefined || d.stops.some((s) => s.atcocode === q.atcocode)) && (q.planned === undefined || d.planned === q.planned))
    .filter((d) => q.operator === undefined || d.operators.some((o) => has(o.code, q.operator!) || has(o.name, q.operator!)))
    .filter((d) => q.line === undefined || d.lines.some((l) => has(l.name, q.line!) || has(l.ref, q.line!)))
    .filter((d) => !(q.activeOnly ?? true) || active(d))
    .filter((d) => !q.near || d.stops.some((s) => s.lat !== null && s.lon !== null && distanceMetres(q.near!.lat, q.near!.lon, s.lat, s.lon) <= q.near!.radius))
    .filter((d) => !q.box || d.stops.some((s) => s.lat !== null && s.lon !== null && s.lat >= q.box!.minLat && s.lat <= q.box!.maxLat && s.lon >= q.box!.minLon && s.lon <= q.box!.maxLon))
    .sort((a, b) => SEV_ORDER.indexOf(a.severity) - SEV_ORDER.indexOf(b.severity) || (b.createdAt ?? -Infinity) - (a.createdAt ?? -Infinity) || (a.id < b.id ? -1 : 1))
    .map((d) => d.id);
}

const records = randomRecords(7, 400);
const index = DisruptionIndex.build(records);
const all = { nowMs: NOW, offset: 0, limit: 10_000 };
const ids = (q: DisruptionQuery) => index.query(q).items.map((d) => d.id);

describe('DisruptionIndex filters against brute force', () => {
  const cases: [string, Partial<DisruptionQuery>][] = [
    ['default (active, no good service)', {}],
    ['everything', { activeOnly: false, includeGoodService: true }],
    ['mode', { modes: ['tram'] }],
    ['several modes', { modes: ['bus', 'tube', 'elizabeth-line'] }],
    ['severity', { severities: ['severe', 'information'] }],
    ['good service', { severities: ['good'], includeGoodService: true }],
    ['atcocode', { atcocode: records[3].stops[0]?.atcocode ?? '37000001', activeOnly: false }],
    ['operator code, any case', { operator: 'syrk' }],
    ['operator name substring', { operator: 'SOUTH YORK' }],
    ['line substring', { line: '52' }],
    ['line, case-insensitive', { line: 'yel' }],
    ['planned', { planned: true }],
    ['unplanned', { planned: false }],
    ['inactive too', { activeOnly: false }],
    ['near', { near: { lat: 53.38, lon: -1.47, radius: 2000 } }],
    ['box', { box: { minLat: 53.35, minLon: -1.5, maxLat: 53.4, maxLon: -1.4 } }],
    ['combined', { modes: ['bus', 'tram'], severities: ['severe', 'minor'], operator: 'first', near: { lat: 53.4, lon: -1.45, radius: 5000 }, planned: true, activeOnly: false }],
    ['combined with box and line', { box: { minLat: 53.3, minLon: -1.6, maxLat: 53.45, maxLon: -1.35 }, line: 'x', includeGoodService: true }],
  ];
  it.each(cases)('%s', (_, extra) => {
    const q = { ...all, ...extra };
    const expected = oracle(records, q);
    expect(ids(q)).toEqual(expected);
    expect(index.query(q).total).toBe(expected.length);
  });

  it('orders most disruptive first, then most recently raised', () => {
    const got = index.query({ ...all, activeOnly: false, includeGoodService: true }).items;
    for (let i = 1; i < got.length; i++) {
      const a = got[i - 1], b = got[i];
      const ra = SEV_ORDER.indexOf(a.severity), rb = SEV_ORDER.indexOf(b.severity);
      expect(ra <= rb).toBe(true);
      if (ra === rb) expect((a.createdAt ?? -Infinity) >= (b.createdAt ?? -Infinity)).toBe(true);
    }
  });

  it('pages through the same order', () => {
    const q = { ...all, activeOnly: false, includeGoodService: true };
    const full = ids(q);
    const paged = [0, 1, 2, 3].flatMap((p) => ids({ ...q, offset: p * 50, limit: 50 }));
    expect(paged).toEqual(full.slice(0, 200));
    expect(index.query({ ...q, offset: 50, limit: 50 }).total).toBe(full.length);
  });

  it('active_only follows nowMs', () => {
    const d = records.find((r) => r.validity.length === 1 && r.validity[0].start !== null && r.validity[0].end !== null && r.progress === 'open')!;
    const q = { ...all, includeGoodService: true, atcocode: undefined, line: undefined };
    const one = DisruptionIndex.build([d]);
    expect(one.query({ ...q, nowMs: d.validity[0].start! - 1 }).total).toBe(0);
    expect(one.query({ ...q, nowMs: d.validity[0].start! }).total).toBe(1);
    expect(one.query({ ...q, nowMs: d.validity[0].end! }).total).toBe(0);
    expect(one.query({ ...q, nowMs: d.validity[0].end!, activeOnly: false }).total).toBe(1);
  });

  it('fills missing coordinates from the stop table', () => {
    const d: Disruption = { ...records[0], id: 'x', stops: [{ atcocode: 'KNOWN', name: null, lat: null, lon: null }, { atcocode: 'UNKNOWN', name: null, lat: null, lon: null }] };
    const stops = { findStop: (a: string) => (a === 'KNOWN' ? 1 : -1), stopTable: { lat: Float64Array.of(0, 53.5), lon: Float64Array.of(0, -1.2) } };
    const idx = DisruptionIndex.build([d], stops);
    expect(idx.records[0].stops).toEqual([{ atcocode: 'KNOWN', name: null, lat: 53.5, lon: -1.2 }, { atcocode: 'UNKNOWN', name: null, lat: null, lon: null }]);
    expect(idx.pointCount).toBe(1);
    expect(idx.query({ ...all, activeOnly: false, includeGoodService: true, near: { lat: 53.5, lon: -1.2, radius: 10 } }).total).toBe(1);
  });
});

describe('DisruptionIndex path matching against brute-force point-to-segment distance', () => {
  const rand = mulberry32(99);
  const paths = Array.from({ length: 40 }, (_, k) => {
    const n = k === 0 ? 1 : 2 + Math.floor(rand() * 30);
    let lat = 53.3 + rand() * 0.2, lon = -1.6 + rand() * 0.3;
    const pts: [number, number][] = [];
    for (let i = 0; i < n; i++) {
      pts.push([Math.round(lat * 1e5) / 1e5, Math.round(lon * 1e5) / 1e5]);
      const long = rand() < 0.2; // some segments of several km, where vertices alone would miss stops
      lat += (rand() - 0.5) * (long ? 0.05 : 0.005);
      lon += (rand() - 0.5) * (long ? 0.08 : 0.008);
    }
    return { pts, radius: [50, 300, 1000][k % 3] };
  });

  it.each(paths.map((p, i) => [i, p.pts.length, p.radius, p] as const))('path %i (%i points, %i m)', (_, __, ___, { pts, radius }) => {
    const polyline = encodePolyline(pts.flat());
    const got = new Set(ids({ ...all, activeOnly: false, includeGoodService: true, path: polyline, pathRadius: radius }));
    for (const d of records) {
      const dist = pathDistance(d, pts);
      if (dist <= radius - 0.5) expect(got.has(d.id), `${d.id} at ${dist.toFixed(1)} m`).toBe(true);
      else if (dist > radius + 0.5) expect(got.has(d.id), `${d.id} at ${dist.toFixed(1)} m`).toBe(false);
    }
  });

  it('matches a stop near the middle of a long segment, far from both vertices', () => {
    const d: Disruption = { ...records[0], id: 'mid', validity: [], progress: 'open', stops: [{ atcocode: 'M', name: null, lat: 53.4001, lon: -1.45 }] };
    const idx = DisruptionIndex.build([d]);
    const path = encodePolyline([53.4, -1.55, 53.4, -1.35]);
    expect(idx.query({ ...all, includeGoodService: true, path, pathRadius: 30 }).total).toBe(1);
    expect(idx.query({ ...all, includeGoodService: true, path, pathRadius: 5 }).total).toBe(0);
  });

  it('combines path with the other filters', () => {
    const pts = paths[5].pts;
    const q = { ...all, path: encodePolyline(pts.flat()), pathRadius: 1000, modes: ['bus' as const], severities: ['minor' as const, 'severe' as const] };
    const got = ids(q);
    const expected = oracle(records, { ...q, path: undefined }).filter((id) => pathDistance(records.find((r) => r.id === id)!, pts) <= 1000);
    expect(got).toEqual(expected);
  });
});

describe('polyline decoding', () => {
  it('decodes the reference example', () => {
    expect(Array.from(decodePathPolyline('_p~iF~ps|U_ulLnnqC_mqNvxq`@'))).toEqual([38.5, -120.2, 40.7, -120.95, 43.252, -126.453]);
  });
  it.each([['truncated', '_p~iF~ps|'], ['bad characters', 'abc def'], ['empty', ''], ['out of range', encodePolyline([95, 0])]])('%s -> QueryError', (_, s) => {
    expect(() => decodePathPolyline(s)).toThrow(QueryError);
  });
});
