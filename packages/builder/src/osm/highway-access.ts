import { parseMaxSpeedKmh } from './max-speed.js';

/** Access bits for travel along the way's node order; the same bits << 3 for travel against it. */
export const FOOT = 1;
export const BICYCLE = 2;
export const CAR = 4;
/** Shift from forward bits to backward bits in `WayAccess.access`. */
export const BACKWARD_SHIFT = 3;

/** Default permissions (foot, bicycle, car) and car speed (km/h, free-flow guess) per highway class: the UK defaults of the OSM wiki's access table. */
const CLASSES: Record<string, [foot: boolean, bicycle: boolean, car: boolean, speedKmh: number]> = {
  motorway: [false, false, true, 105],
  motorway_link: [false, false, true, 64],
  trunk: [true, true, true, 80],
  trunk_link: [true, true, true, 56],
  primary: [true, true, true, 64],
  primary_link: [true, true, true, 48],
  secondary: [true, true, true, 56],
  secondary_link: [true, true, true, 40],
  tertiary: [true, true, true, 48],
  tertiary_link: [true, true, true, 40],
  unclassified: [true, true, true, 40],
  residential: [true, true, true, 30],
  living_street: [true, true, true, 15],
  road: [true, true, true, 30],
  service: [true, true, true, 15],
  track: [true, true, false, 0],
  pedestrian: [true, false, false, 0],
  footway: [true, false, false, 0],
  steps: [true, false, false, 0],
  corridor: [true, false, false, 0],
  platform: [true, false, false, 0],
  path: [true, true, false, 0],
  bridleway: [true, true, false, 0],
  cycleway: [true, true, false, 0],
};

/** Access keys from the most general to the most specific, per mode (the most specific tag present decides). */
const HIERARCHY: [bit: number, keys: string[]][] = [
  [FOOT, ['access', 'foot']],
  [BICYCLE, ['access', 'vehicle', 'bicycle']],
  [CAR, ['access', 'vehicle', 'motor_vehicle', 'motorcar']],
];
const ALLOW = new Set(['yes', 'designated', 'permissive', 'destination', 'customers', 'official', 'discouraged', 'permit']);
const DENY = new Set(['no', 'private', 'agricultural', 'forestry', 'delivery', 'restricted', 'use_sidepath', 'dismount', 'emergency', 'military', 'psv', 'bus']);
const OPPOSITE_CYCLEWAY = /^opposite(_lane|_track|_share_busway)?$/;

/** Routing attributes of one highway way. */
export interface WayAccess {
  /** Forward bits (FOOT | BICYCLE | CAR) | backward bits << BACKWARD_SHIFT. 0 = not routable. */
  access: number;
  /** Car speed in km/h (1-255), 0 when cars may not use it. */
  carSpeedKmh: number;
  /** `name`, else `ref`, else ''. */
  name: string;
}

/**
 * Who may travel along a way, in which direction, and how fast a car goes; null for a way that is
 * not a routable highway (no highway tag, a class not in CLASSES such as construction or proposed,
 * or every mode denied). Walking ignores oneway tags: foot bits are always the same both ways.
 */
export function wayAccess(tag: (key: string) => string | undefined): WayAccess | null {
  const highway = tag('highway');
  if (highway === undefined) return null;
  const cls = Object.hasOwn(CLASSES, highway) ? CLASSES[highway] : undefined;
  if (!cls || (tag('area') === 'yes' && highway !== 'pedestrian' && highway !== 'footway')) return null;
  let allowed = (cls[0] ? FOOT : 0) | (cls[1] ? BICYCLE : 0) | (cls[2] ? CAR : 0);
  if (tag('motorroad') === 'yes') allowed &= ~(FOOT | BICYCLE);
  for (const [bit, keys] of HIERARCHY) {
    for (const key of keys) {
      const v = tag(key);
      if (v === undefined) continue;
      if (ALLOW.has(v)) allowed |= bit;
      else if (DENY.has(v)) allowed &= ~bit;
    }
  }
  const carOneway = onewayOf(tag('oneway'), tag('junction'), highway);
  if (carOneway === 'closed') allowed &= ~CAR;
  if (!allowed) return null;
  const bikeOneway = bicycleOneway(tag, carOneway);
  let forward = allowed & FOOT;
  let backward = allowed & FOOT;
  const add = (bit: number, oneway: number | 'closed') => {
    if (!(allowed & bit) || oneway === 'closed') return;
    if (oneway >= 0) forward |= bit;
    if (oneway <= 0) backward |= bit;
  };
  add(BICYCLE, bikeOneway);
  add(CAR, carOneway);
  const maxspeed = parseMaxSpeedKmh(tag('maxspeed'));
  const carSpeedKmh = forward & CAR || backward & CAR ? Math.max(1, Math.min(255, Math.round(Number.isNaN(maxspeed) ? cls[3] : maxspeed))) : 0;
  return { access: forward | (backward << BACKWARD_SHIFT), carSpeedKmh, name: tag('name') || tag('ref') || '' };
}

/** 1 = along the way only, -1 = against it only, 0 = both ways, 'closed' = no regular direction (reversible). */
function onewayOf(oneway: string | undefined, junction: string | undefined, highway: string): number | 'closed' {
  switch (oneway) {
    case 'yes': case '1': case 'true': return 1;
    case '-1': case 'reverse': return -1;
    case 'no': case '0': case 'false': return 0;
    case 'reversible': case 'alternating': return 'closed';
  }
  return junction === 'roundabout' || junction === 'circular' || highway === 'motorway' ? 1 : 0;
}

/** Bicycles follow the car oneway unless exempted (oneway:bicycle=no, contraflow cycleway=opposite*). */
function bicycleOneway(tag: (key: string) => string | undefined, carOneway: number | 'closed'): number | 'closed' {
  const own = tag('oneway:bicycle');
  if (own !== undefined) {
    const v = onewayOf(own, undefined, '');
    if (v !== 'closed') return v;
  }
  if (carOneway === 'closed') return 0;
  if (carOneway !== 0) {
    for (const key of ['cycleway', 'cycleway:left', 'cycleway:right', 'cycleway:both']) {
      const v = tag(key);
      if (v && OPPOSITE_CYCLEWAY.test(v)) return 0;
    }
  }
  return carOneway;
}
