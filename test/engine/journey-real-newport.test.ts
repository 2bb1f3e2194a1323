// FEATURE UNDER TEST: door-to-door journeys on real streets and real buses: the Newport (South Wales) OSM extract and bus timetable of the same day, built together.
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSnapshot } from '@transit/builder';
import { Engine, distanceMetres, parseDay, ukLocalToEpoch, type PlanQuery } from '@transit/engine';
import { HAVE_DATA, data } from '../support/data.js';

let engine: Engine;
beforeAll(async () => {
  if (!HAVE_DATA) return;
  const { bytes } = await buildSnapshot({
    gtfs: [data('gtfs/newport_wales_bods_2023-06-13/newport-20230613_gtfs.zip')],
    osm: [data('osm/newport_wales_2023-06-13.osm.pbf')],
    coverage: '51.50,-3.10,51.65,-2.85',
    quiet: true,
  });
  engine = Engine.open(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
});

// Newport city centre (Bridge Street) to Caerleon Road, across the Usk, a Tuesday morning.
const FROM = { lat: 51.5878, lon: -2.9983 };
const TO = { lat: 51.6026, lon: -2.9643 };
const query = (extra: Partial<PlanQuery> = {}): PlanQuery => ({
  from: FROM, to: TO, time: ukLocalToEpoch(parseDay('2023-06-13'), 8 * 3600), arriveBy: false, modeMask: 31, limit: 5,
  maxWalkM: null, maxTotalWalkM: null, intermediateStops: true, steps: true, alternatives: ['walk', 'bicycle', 'car'], ...extra,
});

describe.skipIf(!HAVE_DATA)('Newport: streets and buses together', () => {
  it('plans bus itineraries whose walks follow the streets, with steps', () => {
    const plan = engine.planJourney(query());
    expect(plan.streetModel).toBe('osm');
    expect(plan.itineraries.length).toBeGreaterThan(0);
    for (const it of plan.itineraries) {
      expect(it.legs.some((l) => l.kind === 'transit')).toBe(true);
      for (const leg of it.legs) {
        if (leg.kind !== 'street' || leg.from.stopIdx !== null && leg.to.stopIdx !== null) continue; // access and egress walks
        const straight = distanceMetres(leg.from.lat, leg.from.lon, leg.to.lat, leg.to.lon);
        expect(leg.distance).toBeGreaterThanOrEqual(straight - 1);
        expect(leg.geometry.length).toBeGreaterThanOrEqual(4);
        expect(leg.steps?.[0].relativeDirection).toBe('depart');
        if (leg.from.stopIdx === null) expect(leg.steps?.[0].streetName).toBe('Bridge Street'); // the origin's street, by name
      }
    }
  });

  it('direct alternatives follow the streets: walk longer than the crow flies, car and bicycle faster than walking', () => {
    const { alternatives } = engine.planJourney(query({ limit: 1 }));
    const straight = distanceMetres(FROM.lat, FROM.lon, TO.lat, TO.lon);
    const walk = alternatives.walk![0], bike = alternatives.bicycle![0], car = alternatives.car![0];
    expect(walk.legs[0].distance).toBeGreaterThan(straight);
    expect(walk.legs[0].distance).toBeLessThan(straight * 2.5);
    expect(bike.end - bike.start).toBeLessThan(walk.end - walk.start);
    expect(car.end - car.start).toBeLessThan(walk.end - walk.start);
    expect(walk.legs[0].steps!.length).toBeGreaterThan(1);
  });

  it('a walk limit bounds every walking leg on real streets', () => {
    const plan = engine.planJourney(query({ maxWalkM: 400 }));
    for (const it of plan.itineraries) for (const leg of it.legs) if (leg.kind === 'street') expect(leg.distance).toBeLessThanOrEqual(400);
  });

  it('arrive-by on real data: every itinerary arrives by the time', () => {
    const by = ukLocalToEpoch(parseDay('2023-06-13'), 17 * 3600);
    const plan = engine.planJourney(query({ arriveBy: true, time: by }));
    expect(plan.itineraries.length).toBeGreaterThan(0);
    for (const it of plan.itineraries) expect(it.end).toBeLessThanOrEqual(by);
  });
});
