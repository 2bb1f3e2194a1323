// FEATURE UNDER TEST: the demo's main corridors over real HTTP: Sheffield to Leeds offers a train within 30 minutes at any daytime hour of a weekday, the other rail corridors plan door to door, and York (outside the coverage) is refused for journeys but boarded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

let api: TestServer;
beforeAll(async () => (api = await startTestServer()));
afterAll(() => api?.close());

const DAY = '2026-03-03'; // a Tuesday in the demo calendar
const plan = async (from: string, to: string, time: string, extra = '') => {
  const res = await api.get(`/v1/journey.json?${from}&${to}&datetime=${DAY}T${time}&include_live=false&modes=${extra}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
/** The first rail leg's departure of each itinerary (null when it has none). */
const trainTimes = (body: any) => body.itineraries.map((it: any) => it.legs.find((l: any) => l.mode === 'rail')?.start_time ?? null);
const minutesAfter = (iso: string, hhmm: string) => (Date.parse(iso) - Date.parse(`${DAY}T${hhmm}:00Z`)) / 60_000;

describe('Sheffield to Leeds (the issue\'s own query)', () => {
  const SHEFFIELD = 'from_lat=53.38&from_lon=-1.47';
  const LEEDS = 'to_lat=53.80&to_lon=-1.55';
  // Weekday hours across the day, off the trains' minutes on purpose (GMT in March: UK time = UTC).
  it.each(['06:30', '07:00', '08:13', '09:47', '10:31', '12:02', '13:05', '14:44', '16:31', '17:58', '19:20', '21:00'])('at %s a train leaves within 30 minutes', async (time) => {
    const body = await plan(SHEFFIELD, LEEDS, time);
    const first = trainTimes(body).find((t: string | null) => t !== null);
    expect(first, JSON.stringify(body.notices)).toBeDefined();
    expect(minutesAfter(first, time)).toBeGreaterThanOrEqual(0);
    expect(minutesAfter(first, time)).toBeLessThanOrEqual(30);
    const leg = body.itineraries[0].legs.find((l: any) => l.mode === 'rail');
    expect([leg.from.name, leg.to.name]).toEqual(['Sheffield Rail Station', 'Leeds Rail Station']);
    // Door to door: the itinerary walks on the street map to the station and from it.
    expect(body.itineraries[0].legs[0].mode).toBe('walk');
    expect(body.itineraries[0].legs.at(-1).mode).toBe('walk');
  });

  it('offers every route of the corridor: via Barnsley, via Moorthorpe and the CrossCountry fast train', async () => {
    const body = await plan(SHEFFIELD, LEEDS, '10:00', '&limit=8&include_intermediate_stops=true');
    const vias = new Set(body.itineraries.flatMap((it: any) => it.legs.filter((l: any) => l.mode === 'rail').map((l: any) => `${l.line} ${l.intermediate_stops.map((s: any) => s.name.replace(' Rail Station', '')).join(',')}`)));
    expect([...vias].some((v) => v.startsWith('NT') && v.includes('Barnsley') && v.includes('Wakefield Kirkgate'))).toBe(true);
    expect([...vias].some((v) => v.startsWith('NT') && v.includes('Rotherham Central') && v.includes('Moorthorpe'))).toBe(true);
    expect([...vias].some((v) => v.startsWith('XC') && v.includes('Wakefield Westgate'))).toBe(true);
  });
});

describe('the other corridors', () => {
  it.each([
    ['Sheffield - Doncaster', 'from_lat=53.3786&from_lon=-1.4633', 'to_lat=53.5215&to_lon=-1.1402', 'Doncaster Rail Station'],
    ['Leeds - Bradford Interchange', 'from_lat=53.7952&from_lon=-1.5491', 'to_lat=53.7912&to_lon=-1.7497', 'Bradford Interchange Rail Station'],
    ['Leeds - Bradford Forster Square', 'from_lat=53.7952&from_lon=-1.5491', 'to_lat=53.7966&to_lon=-1.7530', 'Bradford Forster Square Rail Station'],
    ['Leeds - Wakefield Westgate', 'from_lat=53.7952&from_lon=-1.5491', 'to_lat=53.6817&to_lon=-1.5064', 'Wakefield Westgate Rail Station'],
    ['Leeds - Huddersfield', 'from_lat=53.7952&from_lon=-1.5491', 'to_lat=53.6484&to_lon=-1.7851', 'Huddersfield Rail Station'],
  ])('%s: a train, door to door', async (_, from, to, station) => {
    // Some itinerary rides to the station itself (Bradford's two stations are 600 m apart: the soonest may walk from the other).
    const body = await plan(from, to, '11:00');
    const ends = body.itineraries.map((it: any) => it.legs.filter((l: any) => l.mode === 'rail').at(-1)?.to.name);
    expect(ends).toContain(station);
  });

  it('Supertram and the tram-train: Cathedral to Rotherham Parkgate without a change', async () => {
    const body = await plan('from_lat=53.3826&from_lon=-1.4690', 'to_lat=53.4450&to_lon=-1.3500', '11:00', '&limit=3');
    expect(body.itineraries.some((it: any) => it.legs.filter((l: any) => l.mode !== 'walk').map((l: any) => `${l.mode} ${l.line}`).join() === 'tram TT')).toBe(true);
  });

  it('York is outside the journey coverage (422), but its station board lists the Leeds trains', async () => {
    const res = await api.get(`/v1/journey.json?from_lat=53.7952&from_lon=-1.5491&to_lat=53.9580&to_lon=-1.0933&datetime=${DAY}T11:00`);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('outside_coverage');
    const board = await api.get(`/v1/rail/station_timetables/YRK.json?datetime=${DAY}T11:00`);
    expect(board.status).toBe(200);
    expect(board.body.departures.length).toBeGreaterThan(0);
    expect(board.body.departures.every((d: any) => d.destination === 'Leeds')).toBe(true);
  });
});
