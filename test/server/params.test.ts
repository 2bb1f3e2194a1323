// FEATURE UNDER TEST: query parameters parsed and validated from one TypeBox schema per endpoint (no server needed).
import { describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { ApiError, compileQueryParser, paramSpecs } from '@transit/server';
import { StringEnum, pagingParams, pointParams, boxParams } from '../../packages/server/src/api/common/param-types.js';
import { readBox, readPoint, readSpatial } from '../../packages/server/src/api/common/location.js';

const schema = Type.Object({
  ...pointParams('of the test'),
  radius: Type.Integer({ minimum: 1, maximum: 5000, default: 400 }),
  ...boxParams(1),
  type: Type.Optional(Type.Array(StringEnum(['bus_stop', 'tram_stop'] as const))),
  live: Type.Optional(Type.Boolean()),
  query: Type.Optional(Type.String({ minLength: 1, maxLength: 10 })),
  ...pagingParams(20, 100),
});
const parse = compileQueryParser(schema);

function fails(query: string): ApiError {
  try {
    parse(query);
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return err as ApiError;
  }
  throw new Error(`expected ${query} to fail`);
}

describe('compileQueryParser', () => {
  it('applies defaults and reports what was given', () => {
    const { values, given } = parse('');
    expect(values).toEqual({ radius: 400, limit: 20, page: 1 });
    expect(given.size).toBe(0);
    expect([...parse('lat=53.1&radius=400').given].sort()).toEqual(['lat', 'radius']);
  });

  it('coerces each kind', () => {
    const { values } = parse('lat=53.38&lon=-1.47&radius=250&type=bus_stop&type=tram_stop&live=false&query=Leeds%20Rd&limit=5&page=2');
    expect(values).toEqual({ lat: 53.38, lon: -1.47, radius: 250, type: ['bus_stop', 'tram_stop'], live: false, query: 'Leeds Rd', limit: 5, page: 2 });
  });

  it('accepts comma-separated values of a repeatable parameter', () => {
    expect(parse('type=bus_stop,tram_stop').values.type).toEqual(['bus_stop', 'tram_stop']);
  });

  it('ignores unknown parameters, api_key included', () => {
    expect(parse('api_key=abc&foo=bar&limit=3').values).toEqual({ radius: 400, limit: 3, page: 1 });
  });

  it.each([
    ['radius=abc', 'radius', 'from 1 to 5000'],
    ['radius=1.5', 'radius', 'integer'],
    ['radius=0', 'radius', 'from 1 to 5000'],
    ['radius=5001', 'radius', 'from 1 to 5000'],
    ['radius=', 'radius', 'empty'],
    ['lat=91', 'lat', 'from -90 to 90'],
    ['lat=NaN', 'lat', 'number'],
    ['lat=Infinity', 'lat', 'number'],
    ['lat=0x10', 'lat', 'number'],
    ['lat=%201', 'lat', 'number'],
    ['lon=-180.5', 'lon', 'from -180 to 180'],
    ['limit=0', 'limit', 'from 1 to 100'],
    ['limit=101', 'limit', 'from 1 to 100'],
    ['limit=1e1', 'limit', 'integer'],
    ['page=0', 'page', 'from 1 to 10000'],
    ['page=99999999999999999999', 'page', 'integer'],
    ['type=boat', 'type', 'bus_stop, tram_stop'],
    ['type=bus_stop,', 'type', 'empty'],
    ['live=yes', 'live', 'true or false'],
    ['live=TRUE', 'live', 'true or false'],
    ['live=', 'live', 'true or false'],
    ['query=', 'query', 'empty'],
    ['query=abcdefghijk', 'query', 'at most 10 characters'],
    ['limit=5&limit=6', 'limit', 'once'],
  ])('%s → 400 invalid_parameter naming %s', (query, name, hint) => {
    const err = fails(query);
    expect(err.status).toBe(400);
    expect(err.code).toBe('invalid_parameter');
    expect(err.message).toContain(`'${name}'`);
    expect(err.message).toContain(hint);
  });

  it('describes every parameter from the schema', () => {
    const specs = Object.fromEntries(paramSpecs(schema).map((s) => [s.name, s]));
    expect(specs.radius).toMatchObject({ kind: 'integer', minimum: 1, maximum: 5000, default: 400, repeatable: false });
    expect(specs.type).toMatchObject({ kind: 'enum', values: ['bus_stop', 'tram_stop'], repeatable: true });
    expect(specs.live.kind).toBe('boolean');
  });
});

describe('location rules', () => {
  it('pairs lat with lon, naming the missing one', () => {
    expect(readPoint({})).toBeUndefined();
    expect(readPoint({ lat: 1, lon: 2 })).toEqual({ lat: 1, lon: 2 });
    expect(() => readPoint({ lat: 1 })).toThrow(/'lon'/);
    expect(() => readPoint({ lon: 1 })).toThrow(/'lat'/);
  });

  it('needs all four box edges, in order, within the span', () => {
    expect(readBox({}, 1)).toBeUndefined();
    expect(readBox({ min_lat: 53, min_lon: -2, max_lat: 53.5, max_lon: -1.5 }, 1)).toEqual({ minLat: 53, minLon: -2, maxLat: 53.5, maxLon: -1.5 });
    expect(() => readBox({ min_lat: 53, min_lon: -2 }, 1)).toThrow(/missing max_lat, max_lon/);
    expect(() => readBox({ min_lat: 54, min_lon: -2, max_lat: 53, max_lon: -1 }, 1)).toThrow(/'min_lat'.*'max_lat'/);
    expect(() => readBox({ min_lat: 53, min_lon: -1, max_lat: 54, max_lon: -2 }, 1)).toThrow(/'min_lon'.*'max_lon'/);
    expect(() => readBox({ min_lat: 52, min_lon: -2, max_lat: 53.5, max_lon: -1.5 }, 1)).toThrow(/at most 1 degree/);
    expect(readBox({ min_lat: 50, min_lon: -5, max_lat: 58, max_lon: 1 }, null)).toBeDefined();
  });

  it('takes a point or a box, exactly one', () => {
    const none = new Set<string>();
    expect(readSpatial({ lat: 1, lon: 2, radius: 400 }, none, 1)).toEqual({ near: { lat: 1, lon: 2, radius: 400 } });
    const both = { lat: 53.2, lon: -1.7, radius: 400, min_lat: 53, min_lon: -2, max_lat: 53.5, max_lon: -1.5 };
    expect(() => readSpatial(both, none, 1)).toThrow(/not both/);
    expect(() => readSpatial({ radius: 400, min_lat: 53, min_lon: -2, max_lat: 53.5, max_lon: -1.5 }, new Set(['radius']), 1)).toThrow(/'radius'/);
    try {
      readSpatial({ radius: 400 }, none, 1);
      throw new Error('expected missing_parameter');
    } catch (err) {
      expect((err as ApiError).code).toBe('missing_parameter');
    }
  });
});
