// FEATURE UNDER TEST: honest fares on /v1/journey.json over HTTP (demo snapshot): an unknown total is null, never 0; complete only when every leg is priced; rail legs say why they have no fare; include_fares=false leaves every fare field null.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import { JourneyPlan } from '../../packages/server/src/api/journeys/schemas.js';
import { startTestServer, type TestServer } from '../support/server.js';

let api: TestServer;
beforeAll(async () => (api = await startTestServer()));
afterAll(() => api?.close());

const AT = 'datetime=2026-03-03T10:00&include_live=false&modes=';
/** Hillsborough to Leeds: Supertram (priced by the bundled fare file) then a train (no rail fares in any snapshot). */
const TRAM_RAIL = `/v1/journey.json?from_lat=53.40&from_lon=-1.505&to_lat=53.80&to_lon=-1.55&${AT}`;
/** Sheffield Interchange to Rotherham Interchange by bus only: South Yorkshire's £3 cap in 2026. */
const BUS_ONLY = `/v1/journey.json?from_lat=53.3797&from_lon=-1.4626&to_lat=53.4316&to_lon=-1.3571&transit_modes=&limit=1&${AT}`;

async function plan(path: string): Promise<any> {
  const res = await api.get(path);
  expect(res.status).toBe(200);
  expect(Value.Check(JourneyPlan, res.body), JSON.stringify([...Value.Errors(JourneyPlan, res.body)].slice(0, 3))).toBe(true);
  return res.body;
}

describe('journey fares', () => {
  it('an itinerary with an unpriced rail leg has a null total, the priced part apart, and says why', async () => {
    const body = await plan(TRAM_RAIL);
    const it0 = body.itineraries[0];
    const [tram, rail] = it0.legs.filter((l: any) => l.mode !== 'walk');
    expect([tram.mode, rail.mode]).toEqual(['tram', 'rail']);
    expect(tram.fare).toEqual({ amount_gbp: 3, source: expect.stringMatching(/^https:\/\//) });
    expect(tram.fare_unavailable_reason).toBeNull();
    expect(rail.fare).toBeNull();
    expect(rail.fare_unavailable_reason).toBe('no_fare_data');
    expect(it0.fare).toEqual({ amount_gbp: null, complete: false, priced_amount_gbp: 3 });
    expect(body.notices).toContainEqual({ code: 'fares_unavailable', message: expect.stringContaining('rail legs (fare_unavailable_reason no_fare_data)') });
  });

  it('a rail-only itinerary is never free: null total, nothing priced', async () => {
    const body = await plan(`/v1/journey.json?from_lat=53.38&from_lon=-1.47&to_lat=53.80&to_lon=-1.55&${AT}`);
    for (const it of body.itineraries) {
      expect(it.fare).toEqual({ amount_gbp: null, complete: false, priced_amount_gbp: null });
      for (const leg of it.legs.filter((l: any) => l.mode === 'rail')) expect([leg.fare, leg.fare_unavailable_reason]).toEqual([null, 'no_fare_data']);
    }
  });

  it('a fully priced itinerary is complete with its total, and no notice', async () => {
    const body = await plan(BUS_ONLY);
    const it0 = body.itineraries[0];
    expect(it0.legs.filter((l: any) => l.mode !== 'walk').every((l: any) => l.mode === 'bus' && l.fare !== null && l.fare_unavailable_reason === null)).toBe(true);
    expect(it0.fare).toEqual({ amount_gbp: 3, complete: true, priced_amount_gbp: null });
    expect(body.notices.map((n: any) => n.code)).not.toContain('fares_unavailable');
  });

  it('include_fares=false leaves every fare field null, on itineraries, legs and alternatives, and no fares notice', async () => {
    const body = await plan(`${TRAM_RAIL.replace('modes=', 'modes=walk')}&include_fares=false`);
    const all = [...body.itineraries, ...body.alternatives.walk.itineraries];
    expect(all.length).toBeGreaterThan(1);
    for (const it of all) {
      expect(it.fare).toBeNull();
      for (const leg of it.legs) expect([leg.fare, leg.fare_unavailable_reason]).toEqual([null, null]);
    }
    expect(body.notices.map((n: any) => n.code)).not.toContain('fares_unavailable');
  });

  it('a walk alternative costs nothing, and says so as a complete fare', async () => {
    const body = await plan(TRAM_RAIL.replace('modes=', 'modes=walk'));
    expect(body.alternatives.walk.itineraries[0].fare).toEqual({ amount_gbp: 0, complete: true, priced_amount_gbp: null });
  });
});
