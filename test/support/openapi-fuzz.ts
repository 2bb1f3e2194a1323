import fc from 'fast-check';
import type { Operation } from './openapi-contract.js';

/**
 * Request generators driven by the OpenAPI document alone: for each parameter, values its
 * schema accepts (bounds, defaults, enum members, pattern matches, known-good values) and values
 * it refuses (wrong type, out of range, not in the enum, empty, too long, off pattern, junk).
 */

type Json = any;

/** One generated request: path with query, and what it was meant to exercise. */
export interface FuzzRequest {
  url: string;
  label: string;
}

/** Values tests know to be good for a parameter of this name (the demo data), tried beside generated ones. */
export type Seeds = Record<string, readonly string[]>;

/** Junk tried on every parameter. */
export const JUNK = ['%', '%ZZ', '%00', 'null', 'undefined', '[]', '{}', '<script>', '../../etc/passwd', '日本', '\u{1F68C}', ' ', '+', ',', ',,', 'x'.repeat(300), '1e309', '-0', '0x10', 'NaN', 'Infinity'];

const fmt = (n: number) => String(n);

/** The item schema of a parameter (its items for an array). */
function itemOf(p: Json): Json {
  return p.schema.type === 'array' ? p.schema.items : p.schema;
}

/**
 * A known-good value with its runs of digits changed, one at a time, to all nines and all zeros
 * ('2026-03-03' -> '9999-03-03', '2026-00-03', ...): still on the pattern, at the calendar's edges.
 */
export function digitRunEdges(value: string): string[] {
  const runs = [...value.matchAll(/\d+/g)];
  const single = runs.flatMap((m) => ['9', '0'].map((d) => value.slice(0, m.index) + d.repeat(m[0].length) + value.slice(m.index! + m[0].length)));
  return [...single, ...calendarEdges(value)];
}

/** An ISO 8601 date or date-time moved to the last and the first instant its digits can write (9999-12-31T23:59, 0000-01-01T00:00). */
export function calendarEdges(value: string): string[] {
  if (!/^\d{4}-?\d{2}-?\d{2}/.test(value)) return [];
  const fill = (edge: string[]) => {
    let i = 0;
    return value.replace(/\d+/g, (run) => (i < edge.length ? edge[i++] : run).padStart(run.length, '0').slice(0, run.length));
  };
  return value.includes('-') || value.length > 8 ? [fill(['9999', '12', '31', '23', '59', '59']), fill(['0000', '01', '01', '00', '00', '00'])] : [fill(['99991231']), fill(['00000101'])];
}

/** Random digit-run changes of a known-good value: each run kept, zeroed, maxed or redrawn. */
function digitRunArb(value: string): fc.Arbitrary<string> {
  const parts = value.split(/(\d+)/);
  const edges = calendarEdges(value);
  const mutated = fc.tuple(...parts.map((part, i) => (i % 2 === 0 ? fc.constant(part) : fc.oneof({ arbitrary: fc.constant(part), weight: 3 }, fc.constant('9'.repeat(part.length)), fc.constant('0'.repeat(part.length)), fc.stringMatching(new RegExp(`^\\d{${part.length}}$`)))))).map((p) => p.join(''));
  return edges.length > 0 ? fc.oneof({ arbitrary: mutated, weight: 4 }, fc.constantFrom(...edges)) : mutated;
}

/** Values the parameter's schema accepts, deterministic (boundaries, default, enum, pattern samples, seeds). */
export function validValues(p: Json, seeds: Seeds): string[] {
  const s = itemOf(p);
  const out: string[] = [...(seeds[p.name] ?? []).slice(0, 2)];
  if (p.schema.default !== undefined) out.push(Array.isArray(p.schema.default) ? p.schema.default.join(',') : String(p.schema.default));
  switch (s.type) {
    case 'integer':
    case 'number': {
      const min = s.minimum ?? -1000;
      const max = s.maximum ?? 1000;
      out.push(fmt(min), fmt(max), fmt(s.type === 'integer' ? Math.floor((min + max) / 2) : (min + max) / 2));
      if (s.type === 'number') out.push(fmt(min + (max - min) / 3));
      break;
    }
    case 'boolean':
      out.push('true', 'false');
      break;
    case 'string':
      if (s.enum) out.push(...s.enum);
      else if (s.pattern) {
        const re = new RegExp(s.pattern, 'u');
        out.push(...fc.sample(stringFor(s), { seed: 1, numRuns: 3 }), ...(seeds[p.name] ?? []).slice(0, 1).flatMap(digitRunEdges).filter((v) => re.test(v)));
      }
      else out.push('a'.repeat(Math.max(1, s.minLength ?? 1)), 'x'.repeat(s.maxLength ?? 40));
      break;
  }
  if (p.schema.type === 'array' && s.enum) out.push(s.enum.join(','), s.enum.slice(0, 2).join(','));
  if (p.schema.type === 'array' && p.schema.minItems === 0) out.push('');
  return [...new Set(out)];
}

/** Values the parameter's schema refuses, deterministic. */
export function invalidValues(p: Json): string[] {
  const s = itemOf(p);
  const out: string[] = [];
  switch (s.type) {
    case 'integer':
    case 'number':
      if (s.minimum !== undefined) out.push(fmt(s.minimum - (s.type === 'integer' ? 1 : 0.001)));
      if (s.maximum !== undefined) out.push(fmt(s.maximum + (s.type === 'integer' ? 1 : 0.001)));
      out.push('abc', '1,5', '');
      if (s.type === 'integer') out.push('1.5', '1e3', String(Number.MAX_SAFE_INTEGER + 2));
      break;
    case 'boolean':
      out.push('TRUE', '1', 'yes', '');
      break;
    case 'string':
      if (s.enum) out.push('bogus', s.enum[0].toUpperCase() + '_', '');
      else {
        if (p.schema.type !== 'array' || p.schema.minItems !== 0) out.push('');
        if (s.maxLength !== undefined) out.push('a'.repeat(s.maxLength + 1));
        if (s.minLength !== undefined && s.minLength > 1) out.push('a'.repeat(s.minLength - 1));
        if (s.pattern) out.push('2026-13-45T99:99', 'tomorrow', '0000-00-00', '9999-99-99');
      }
      break;
  }
  return [...new Set(out)];
}

/** Strings the schema accepts: from its pattern (fast-check's stringMatching), enum or length bounds. */
function stringFor(s: Json): fc.Arbitrary<string> {
  if (s.enum) return fc.constantFrom(...(s.enum as string[]));
  const maxLength = s.maxLength ?? 60;
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= maxLength && v.length >= (s.minLength ?? 0));
  return fc.string({ minLength: Math.max(1, s.minLength ?? 1), maxLength: Math.min(maxLength, 60), unit: fc.constantFrom('a', 'Z', '0', '-', ' ', ':', '/', 'é', '&', '=', '%', '+', '日') });
}

/** Random values the parameter's schema accepts. */
export function validArb(p: Json, seeds: Seeds): fc.Arbitrary<string> {
  const s = itemOf(p);
  let one: fc.Arbitrary<string>;
  switch (s.type) {
    case 'integer':
      one = fc.integer({ min: s.minimum ?? -1_000_000, max: s.maximum ?? 1_000_000 }).map(fmt);
      break;
    case 'number':
      one = fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true }).map((n) => fmt(Object.is(n, -0) ? 0 : n));
      break;
    case 'boolean':
      one = fc.constantFrom('true', 'false');
      break;
    default:
      one = stringFor(s);
  }
  if (p.schema.type === 'array') one = fc.array(one, { minLength: 1, maxLength: 4 }).map((v) => v.join(','));
  const known = [...(seeds[p.name] ?? []), ...validValues(p, {})];
  const options = [{ arbitrary: one, weight: 2 }, { arbitrary: fc.constantFrom(...known), weight: 3 }];
  // A pattern's random matches are rarely real dates: known-good values changed at their digits are.
  if (s.pattern && seeds[p.name]?.length) options.push({ arbitrary: fc.constantFrom(...seeds[p.name]).chain(digitRunArb), weight: 2 });
  return fc.oneof(...options);
}

/** Random values the parameter's schema refuses, or junk. */
export function invalidArb(p: Json): fc.Arbitrary<string> {
  const fixed = invalidValues(p);
  return fc.oneof(fc.constantFrom(...(fixed.length > 0 ? fixed : ['%ZZ'])), fc.constantFrom(...JUNK), fc.string({ maxLength: 20 }));
}

/** `name=value`, percent-encoded unless `raw` (then only what fetch itself encodes). */
export function pair(name: string, value: string, raw = false): string {
  return raw ? `${name}=${value}` : `${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
}

/** The path of `op` with its path parameters filled in (encoded). */
export function fillPath(op: Operation, values: Record<string, string>): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? 'x'));
}

/**
 * The parameters `p` goes with, as its description names them (`lat` "Requires `lon`", a box
 * edge "Give all four of min_lat, min_lon, max_lat, max_lon"): given valid beside it.
 */
export function partnersOf(p: Json, params: readonly Json[]): Json[] {
  return params.filter((o) => o !== p && o.in === 'query' && new RegExp(`\\b${o.name}\\b`).test(p.description ?? ''));
}

/**
 * The sweep: for every parameter of `op`, each deterministic valid and invalid value, with every
 * other required parameter at a valid value; plus each required parameter left out, a
 * non-repeatable one given twice and an unknown one.
 */
export function sweep(op: Operation, seeds: Seeds): FuzzRequest[] {
  const params = op.parameters;
  const base = (p: Json) => validValues(p, seeds)[0];
  const pathValues = Object.fromEntries(params.filter((p) => p.in === 'path').map((p) => [p.name, base(p)]));
  const requiredQuery = params.filter((p) => p.in === 'query' && p.required);
  const build = (path: Record<string, string>, query: [string, string][], label: string): FuzzRequest => {
    const given = new Set(query.map(([n]) => n));
    const all = [...requiredQuery.filter((p) => !given.has(p.name)).map((p): [string, string] => [p.name, base(p)]), ...query];
    const qs = all.map(([n, v]) => pair(n, v)).join('&');
    return { url: fillPath(op, path) + (qs ? `?${qs}` : ''), label: `${op.operationId} ${label}` };
  };
  const out: FuzzRequest[] = [build(pathValues, [], 'required only')];
  for (const p of params) {
    const cases = [...validValues(p, seeds).map((v) => ['valid', v]), ...invalidValues(p).map((v) => ['invalid', v]), ...JUNK.slice(0, 3).map((v) => ['junk', v])];
    for (const [kind, v] of cases) {
      if (p.in === 'path') out.push(build({ ...pathValues, [p.name]: v }, [], `${kind} ${p.name}=${JSON.stringify(v)}`));
      else out.push(build(pathValues, [...partnersOf(p, params).map((o): [string, string] => [o.name, base(o)]), [p.name, v]], `${kind} ${p.name}=${JSON.stringify(v)}`));
    }
    if (p.in === 'query' && p.required) {
      const rest = requiredQuery.filter((x) => x !== p).map((x): [string, string] => [x.name, base(x)]);
      const qs = rest.map(([n, v]) => pair(n, v)).join('&');
      out.push({ url: fillPath(op, pathValues) + (qs ? `?${qs}` : ''), label: `${op.operationId} missing ${p.name}` });
    }
    if (p.in === 'query' && p.schema.type !== 'array') out.push(build(pathValues, [[p.name, base(p)], [p.name, base(p)]], `${p.name} twice`));
  }
  out.push(build(pathValues, [['no_such_parameter', '1']], 'unknown parameter'));
  return out;
}

/** Random requests for `op`: each parameter left out, valid or invalid; now and then raw, repeated or unknown. */
export function requestArb(op: Operation, seeds: Seeds): fc.Arbitrary<FuzzRequest> {
  const params = op.parameters;
  const choice = (p: Json) =>
    fc.oneof(
      { arbitrary: fc.constant<[string, string] | null>(null), weight: p.required ? 1 : 4 },
      { arbitrary: validArb(p, seeds).map((v): [string, string] => ['valid', v]), weight: p.required ? 12 : 4 },
      { arbitrary: invalidArb(p).map((v): [string, string] => ['invalid', v]), weight: 1 },
    );
  return fc.record({
    values: fc.tuple(...params.map(choice)),
    raw: fc.boolean(),
    twice: fc.nat({ max: params.length * 4 }),
  }).map(({ values, raw, twice }) => {
    const path: Record<string, string> = {};
    const query: string[] = [];
    const label: string[] = [];
    const given = new Set(params.filter((_, i) => values[i] !== null).map((p) => p.name));
    params.forEach((p, i) => {
      const c = values[i];
      if (c === null) return label.push(`-${p.name}`);
      // A valid value comes with its partners (a valid lat with a lon), unless they were drawn too.
      if (c[0] === 'valid') {
        for (const o of partnersOf(p, params).filter((o) => !given.has(o.name))) {
          given.add(o.name);
          query.push(pair(o.name, validValues(o, seeds)[0]));
        }
      }
      label.push(`${p.name}:${c[0]}`);
      if (p.in === 'path') path[p.name] = c[1];
      else query.push(pair(p.name, c[1], raw && c[0] !== 'valid'));
    });
    if (twice < query.length) query.push(query[twice]);
    const url = fillPath(op, path) + (query.length > 0 ? `?${query.join('&')}` : '');
    return { url, label: `${op.operationId} ${label.join(' ')}` };
  });
}
