// FEATURE UNDER TEST: who may use an OSM way, in which direction, how fast a car goes, and its name (UK defaults, access tags, oneway, maxspeed).
import { describe, expect, it } from 'vitest';
import { wayAccess } from '../../packages/builder/src/osm/highway-access.js';
import { parseMaxSpeedKmh } from '../../packages/builder/src/osm/max-speed.js';

/** One line: forward modes / backward modes, car km/h, name; or 'none'. */
function describeWay(tags: Record<string, string>): string {
  const a = wayAccess((k) => tags[k]);
  if (!a) return 'none';
  const modes = (bits: number) => ['foot', 'bike', 'car'].filter((_, i) => bits & (1 << i)).join('+') || '-';
  return `${modes(a.access & 7)} / ${modes(a.access >> 3)} ${a.carSpeedKmh} '${a.name}'`;
}

describe('way access', () => {
  it.each([
    [{ highway: 'residential', name: 'Mill Lane' }, "foot+bike+car / foot+bike+car 30 'Mill Lane'"],
    [{ highway: 'primary', ref: 'A48', maxspeed: '30 mph' }, "foot+bike+car / foot+bike+car 48 'A48'"],
    [{ highway: 'primary', name: 'Cardiff Road', ref: 'A48', maxspeed: 'GB:nsl_single' }, "foot+bike+car / foot+bike+car 97 'Cardiff Road'"],
    [{ highway: 'motorway', ref: 'M4', maxspeed: '70 mph' }, "car / - 113 'M4'"], // implied oneway, no walkers or cyclists
    [{ highway: 'motorway_link' }, "car / car 64 ''"],
    [{ highway: 'trunk', motorroad: 'yes' }, "car / car 80 ''"],
    [{ highway: 'footway' }, "foot / foot 0 ''"],
    [{ highway: 'footway', bicycle: 'designated' }, "foot+bike / foot+bike 0 ''"],
    [{ highway: 'steps' }, "foot / foot 0 ''"],
    [{ highway: 'pedestrian', name: 'Commercial Street' }, "foot / foot 0 'Commercial Street'"],
    [{ highway: 'path' }, "foot+bike / foot+bike 0 ''"],
    [{ highway: 'cycleway', foot: 'no' }, "bike / bike 0 ''"],
    [{ highway: 'track' }, "foot+bike / foot+bike 0 ''"],
    [{ highway: 'service', access: 'private' }, 'none'],
    [{ highway: 'service', access: 'private', foot: 'yes' }, "foot / foot 0 ''"],
    [{ highway: 'residential', motor_vehicle: 'no' }, "foot+bike / foot+bike 0 ''"],
    [{ highway: 'residential', vehicle: 'no', bicycle: 'yes' }, "foot+bike / foot+bike 0 ''"],
    [{ highway: 'residential', oneway: 'yes' }, "foot+bike+car / foot 30 ''"],
    [{ highway: 'residential', oneway: '1' }, "foot+bike+car / foot 30 ''"],
    [{ highway: 'residential', oneway: 'true' }, "foot+bike+car / foot 30 ''"],
    [{ highway: 'residential', oneway: '-1' }, "foot / foot+bike+car 30 ''"],
    [{ highway: 'residential', oneway: 'no', junction: 'roundabout' }, "foot+bike+car / foot+bike+car 30 ''"],
    [{ highway: 'tertiary', junction: 'roundabout' }, "foot+bike+car / foot 48 ''"],
    [{ highway: 'residential', oneway: 'yes', 'oneway:bicycle': 'no' }, "foot+bike+car / foot+bike 30 ''"],
    [{ highway: 'residential', oneway: 'yes', cycleway: 'opposite_lane' }, "foot+bike+car / foot+bike 30 ''"],
    [{ highway: 'cycleway', oneway: 'yes' }, "foot+bike / foot 0 ''"],
    [{ highway: 'residential', oneway: 'reversible' }, "foot+bike / foot+bike 0 ''"],
    [{ highway: 'construction' }, 'none'],
    [{ highway: 'proposed' }, 'none'],
    [{ highway: 'constructor' }, 'none'], // not an Object.prototype lookup
    [{ building: 'yes' }, 'none'],
    [{ highway: 'service', area: 'yes' }, 'none'],
  ])('%j -> %s', (tags, expected) => {
    expect(describeWay(tags as Record<string, string>)).toBe(expected);
  });
});

describe('maxspeed', () => {
  it.each([
    ['30 mph', 48.28],
    ['20mph', 32.19],
    ['48', 48],
    ['50 km/h', 50],
    ['GB:nsl_dual', 112.65],
    ['national', 96.56],
    ['30 mph;20 mph', 48.28],
    ['signals', NaN],
    ['none', NaN],
    ['constructor', NaN],
    ['', NaN],
  ])('%s -> %f km/h', (tag, kmh) => {
    const v = parseMaxSpeedKmh(tag);
    if (Number.isNaN(kmh)) expect(v).toBeNaN();
    else expect(v).toBeCloseTo(kmh, 1);
  });
});
