import { FARE_MODES, parseDay, type TransitMode } from '@transit/engine';
import { BuildError } from '../issues.js';
import { FARE_FILE_FORMAT, type FareArea, type FareFile, type FareRule } from './fare-file.js';

/** Most areas across all fare files (stops carry a 32-bit area mask). */
export const MAX_FARE_AREAS = 32;

type Json = Record<string, unknown>;

const TOP_KEYS = ['format', 'name', 'notes', 'areas', 'fares'];
const AREA_KEYS = ['id', 'name', 'note', 'atco_prefixes', 'bbox', 'polygon'];
const RULE_KEYS = ['id', 'name', 'note', 'area', 'modes', 'operators', 'single_gbp', 'bands', 'day_cap_gbp', 'product', 'effective_from', 'effective_to', 'source'];

/**
 * Checks a parsed fare file (docs/fares.md) and converts it. Throws BuildError naming the file
 * and the field (`fares[2].single_gbp`) on the first problem: a fare file is configuration, so
 * nothing in it is skipped silently.
 */
export function validateFareFile(file: string, doc: unknown): FareFile {
  const fail = (path: string, problem: string, value?: unknown): never => {
    throw new BuildError(`Fare file ${file}: ${path} ${problem}${value === undefined ? '' : `, got ${JSON.stringify(value)}`}.`);
  };
  const top = object(doc, 'the document', fail);
  keys(top, TOP_KEYS, '', fail);
  if (top.format !== FARE_FILE_FORMAT) fail('format', `must be "${FARE_FILE_FORMAT}"`, top.format);
  if (top.name !== undefined) text(top.name, 'name', fail);
  if (top.notes !== undefined) list(top.notes, 'notes', fail).forEach((n, i) => text(n, `notes[${i}]`, fail));
  const areas = list(top.areas, 'areas', fail).map((a, i) => area(a, `areas[${i}]`, fail));
  unique(areas.map((a) => a.id), 'areas', fail);
  const areaIds = areas.map((a) => a.id);
  const rules = list(top.fares, 'fares', fail).map((r, i) => rule(r, `fares[${i}]`, areaIds, fail));
  unique(rules.map((r) => r.id), 'fares', fail);
  return { file, name: top.name === undefined ? file : (top.name as string), areas, rules };
}

type Fail = (path: string, problem: string, value?: unknown) => never;

function area(v: unknown, path: string, fail: Fail): FareArea {
  const a = object(v, path, fail);
  keys(a, AREA_KEYS, `${path}.`, fail);
  const id = text(a.id, `${path}.id`, fail);
  const atcoPrefixes = a.atco_prefixes === undefined ? [] : list(a.atco_prefixes, `${path}.atco_prefixes`, fail).map((p, i) => text(p, `${path}.atco_prefixes[${i}]`, fail));
  let bbox: FareArea['bbox'] = null;
  if (a.bbox !== undefined) {
    const b = list(a.bbox, `${path}.bbox`, fail) as number[];
    if (b.length !== 4 || !b.every((n) => typeof n === 'number' && Number.isFinite(n)) || b[0] > b[2] || b[1] > b[3]) fail(`${path}.bbox`, 'must be [min_lon, min_lat, max_lon, max_lat]', a.bbox);
    bbox = b as [number, number, number, number];
  }
  let polygon: FareArea['polygon'] = null;
  if (a.polygon !== undefined) {
    const ring = list(a.polygon, `${path}.polygon`, fail);
    const point = (p: unknown) => Array.isArray(p) && p.length === 2 && p.every((n) => typeof n === 'number' && Number.isFinite(n));
    if (ring.length < 3 || !ring.every(point)) fail(`${path}.polygon`, 'must be a ring of at least 3 [lon, lat] points', a.polygon);
    polygon = ring as [number, number][];
  }
  if (!atcoPrefixes.length && !bbox && !polygon) fail(path, 'needs atco_prefixes, bbox or polygon');
  return { id, atcoPrefixes, bbox, polygon };
}

function rule(v: unknown, path: string, areaIds: string[], fail: Fail): FareRule {
  const r = object(v, path, fail);
  keys(r, RULE_KEYS, `${path}.`, fail);
  const id = text(r.id, `${path}.id`, fail);
  const area = areaIds.indexOf(text(r.area, `${path}.area`, fail));
  if (area < 0) fail(`${path}.area`, `must be the id of one of the areas (${areaIds.join(', ')})`, r.area);
  const modes = list(r.modes, `${path}.modes`, fail).map((m, i) => {
    if (!FARE_MODES.includes(m as TransitMode)) fail(`${path}.modes[${i}]`, `must be one of ${FARE_MODES.join(', ')}`, m);
    return m as TransitMode;
  });
  if (!modes.length) fail(`${path}.modes`, 'must name at least one mode');
  const operators = r.operators === undefined ? [] : list(r.operators, `${path}.operators`, fail).map((o, i) => text(o, `${path}.operators[${i}]`, fail).toUpperCase());
  if ((r.single_gbp === undefined) === (r.bands === undefined)) fail(path, 'needs exactly one of single_gbp and bands');
  const bands = r.single_gbp !== undefined ? [{ upToMetres: null, pence: pence(r.single_gbp, `${path}.single_gbp`, fail) }] : parseBands(r.bands, `${path}.bands`, fail);
  const fromDay = date(r.effective_from, `${path}.effective_from`, fail);
  const toDay = r.effective_to === undefined ? null : date(r.effective_to, `${path}.effective_to`, fail);
  if (toDay !== null && toDay < fromDay) fail(`${path}.effective_to`, 'is before effective_from', r.effective_to);
  return {
    id,
    area,
    modes,
    operators,
    bands,
    dayCapPence: r.day_cap_gbp === undefined ? null : pence(r.day_cap_gbp, `${path}.day_cap_gbp`, fail),
    product: r.product === undefined ? id : text(r.product, `${path}.product`, fail),
    fromDay,
    toDay,
    source: text(r.source, `${path}.source`, fail),
  };
}

function parseBands(v: unknown, path: string, fail: Fail): FareRule['bands'] {
  const bands = list(v, path, fail).map((b, i) => {
    const o = object(b, `${path}[${i}]`, fail);
    keys(o, ['up_to_km', 'single_gbp'], `${path}[${i}].`, fail);
    const km = o.up_to_km;
    if (km !== undefined && (typeof km !== 'number' || !(km > 0) || !Number.isFinite(km))) fail(`${path}[${i}].up_to_km`, 'must be a positive number of kilometres', km);
    return { upToMetres: km === undefined ? null : Math.round((km as number) * 1000), pence: pence(o.single_gbp, `${path}[${i}].single_gbp`, fail) };
  });
  if (!bands.length) fail(path, 'must hold at least one band');
  bands.forEach((b, i) => {
    if (i < bands.length - 1 && b.upToMetres === null) fail(`${path}[${i}].up_to_km`, 'may be left out only on the last band');
    if (i > 0 && b.upToMetres !== null && b.upToMetres <= bands[i - 1].upToMetres!) fail(`${path}[${i}].up_to_km`, 'must be greater than the previous band\'s', b.upToMetres / 1000);
  });
  return bands;
}

function object(v: unknown, path: string, fail: Fail): Json {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(path, 'must be an object', v);
  return v as Json;
}

function list(v: unknown, path: string, fail: Fail): unknown[] {
  if (!Array.isArray(v)) fail(path, 'must be an array', v);
  return v as unknown[];
}

function text(v: unknown, path: string, fail: Fail): string {
  if (typeof v !== 'string' || !v.trim()) fail(path, 'must be a non-empty string', v);
  return (v as string).trim();
}

function keys(o: Json, allowed: string[], prefix: string, fail: Fail): void {
  for (const k of Object.keys(o)) if (!allowed.includes(k)) fail(`${prefix}${k}`, `is not a known field (expected ${allowed.join(', ')})`);
}

function unique(ids: string[], path: string, fail: Fail): void {
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    if (seen.has(id)) fail(`${path}[${i}].id`, 'is used twice', id);
    seen.add(id);
  });
}

/** Pounds with at most 2 decimals -> integer pence. */
function pence(v: unknown, path: string, fail: Fail): number {
  const p = typeof v === 'number' ? Math.round(v * 100) : NaN;
  if (!Number.isFinite(p) || p < 0 || Math.abs(p - (v as number) * 100) > 1e-6 || p >= 0xffffffff) fail(path, 'must be an amount in pounds, at least 0, with at most 2 decimals', v);
  return p;
}

function date(v: unknown, path: string, fail: Fail): number {
  const day = typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? parseDay(v) : NaN;
  if (Number.isNaN(day)) fail(path, 'must be a date YYYY-MM-DD', v);
  return day;
}
