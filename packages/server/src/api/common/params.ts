import { KindGuard, OptionalKind, type Static, type TObject, type TSchema } from '@sinclair/typebox';
import { invalidParameter, missingParameter } from './api-error.js';

/** How one query parameter is read, derived from its TypeBox schema. */
export interface ParamSpec {
  name: string;
  kind: 'integer' | 'number' | 'boolean' | 'string' | 'enum';
  /** Array schema: the parameter may repeat, and each value may hold several, comma-separated. */
  repeatable: boolean;
  /** Neither optional nor defaulted: a missing value is a 400 `missing_parameter`. */
  required?: boolean;
  /** Array schema with `minItems: 0`: an empty value means an empty list (e.g. `modes=`), not an error. */
  emptyMeansNone?: boolean;
  values?: readonly string[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
}

/** Parsed query: typed values (defaults applied) and the names the client actually sent. */
export interface ParsedQuery<T> {
  values: T;
  given: ReadonlySet<string>;
}

/** A parser for one endpoint's query string; throws ApiError 400 `invalid_parameter`. */
export type QueryParser<T> = (query: string) => ParsedQuery<T>;

/** Reads the parameter specs from an endpoint's query schema (one property per parameter). */
export function paramSpecs(schema: TObject): ParamSpec[] {
  return Object.entries(schema.properties).map(([name, prop]) => specOf(name, prop));
}

function specOf(name: string, prop: TSchema): ParamSpec {
  const repeatable = KindGuard.IsArray(prop);
  const item: TSchema = repeatable ? prop.items : prop;
  const base = { name, repeatable, required: !isOptional(prop) && prop.default === undefined, emptyMeansNone: repeatable && prop.minItems === 0, default: prop.default, minimum: item.minimum, maximum: item.maximum, minLength: item.minLength, maxLength: item.maxLength };
  if (KindGuard.IsInteger(item)) return { ...base, kind: 'integer' };
  if (KindGuard.IsNumber(item)) return { ...base, kind: 'number' };
  if (KindGuard.IsBoolean(item)) return { ...base, kind: 'boolean' };
  if (KindGuard.IsString(item)) return { ...base, kind: 'string' };
  if (KindGuard.IsUnion(item) && item.anyOf.every((s) => KindGuard.IsLiteralString(s))) {
    return { ...base, kind: 'enum', values: item.anyOf.map((s) => String(s.const)) };
  }
  throw new Error(`query parameter ${name}: unsupported schema kind`);
}

/** True when the schema property may be left out (TypeBox Optional). */
export function isOptional(prop: TSchema): boolean {
  return prop[OptionalKind] === 'Optional';
}

/**
 * Compiles the parser of an endpoint's query from its TypeBox schema, the same definition the
 * OpenAPI document is generated from. Strict: every value is coerced and range-checked;
 * empty values and repeats of a non-repeatable parameter are errors; unknown names are ignored.
 */
export function compileQueryParser<T extends TObject>(schema: T): QueryParser<Static<T>> {
  const specs = new Map(paramSpecs(schema).map((s) => [s.name, s]));
  return (query) => {
    const raw = new Map<string, string[]>();
    for (const [name, value] of new URLSearchParams(query)) {
      if (!specs.has(name)) continue;
      const list = raw.get(name);
      if (list) list.push(value);
      else raw.set(name, [value]);
    }
    const values: Record<string, unknown> = {};
    for (const spec of specs.values()) {
      const given = raw.get(spec.name);
      if (given) values[spec.name] = readParam(spec, given);
      else if (spec.default !== undefined) values[spec.name] = spec.default;
      else if (spec.required) throw missingParameter(`Parameter '${spec.name}' is required.`);
    }
    return { values: values as Static<T>, given: new Set(raw.keys()) };
  };
}

function readParam(spec: ParamSpec, given: string[]): unknown {
  if (spec.emptyMeansNone && given.every((v) => v === '')) return [];
  if (spec.repeatable) return given.flatMap((v) => v.split(',')).map((v) => coerce(spec, v));
  if (given.length > 1) throw invalidParameter(`Parameter '${spec.name}' was given ${given.length} times; give it once.`);
  return coerce(spec, given[0]);
}

const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Coerces one raw value and checks it against the spec; the error names the parameter and what it accepts. */
function coerce(spec: ParamSpec, raw: string): unknown {
  const fail = () => invalidParameter(`Parameter '${spec.name}' must be ${expected(spec)}; got ${shown(raw)}.`);
  switch (spec.kind) {
    case 'integer':
    case 'number': {
      const n = (spec.kind === 'integer' ? INTEGER : DECIMAL).test(raw) ? Number(raw) : NaN;
      if (!Number.isFinite(n) || (spec.kind === 'integer' && !Number.isSafeInteger(n))) throw fail();
      if ((spec.minimum !== undefined && n < spec.minimum) || (spec.maximum !== undefined && n > spec.maximum)) throw fail();
      return n;
    }
    case 'boolean':
      if (raw === 'true' || raw === 'false') return raw === 'true';
      throw fail();
    case 'enum':
      if (spec.values!.includes(raw)) return raw;
      throw fail();
    case 'string':
      if (raw === '' || (spec.minLength !== undefined && raw.length < spec.minLength) || (spec.maxLength !== undefined && raw.length > spec.maxLength)) throw fail();
      return raw;
  }
}

/** "an integer from 1 to 100", "one of bus_stop, tram_stop", ... for error messages. */
function expected(spec: ParamSpec): string {
  switch (spec.kind) {
    case 'integer':
      return `an integer${range(spec.minimum, spec.maximum)}`;
    case 'number':
      return `a number${range(spec.minimum, spec.maximum)}`;
    case 'boolean':
      return 'true or false';
    case 'enum':
      return `one of ${spec.values!.join(', ')}${spec.repeatable ? ' (repeat the parameter or separate values with commas)' : ''}`;
    case 'string':
      return `a non-empty string${spec.maxLength !== undefined ? ` of at most ${spec.maxLength} characters` : ''}`;
  }
}

function range(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return ` from ${min} to ${max}`;
  if (min !== undefined) return ` of at least ${min}`;
  return max !== undefined ? ` of at most ${max}` : '';
}

function shown(raw: string): string {
  if (raw === '') return 'an empty value';
  const cut = raw.length > 40 ? raw.slice(0, 40) + '…' : raw;
  return raw.length > 40 ? `'${cut}' (${raw.length} characters)` : `'${cut}'`;
}
