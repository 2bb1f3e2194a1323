// FEATURE UNDER TEST: live data on journey legs over HTTP: with include_live (the default) a transit leg whose journey has a matched vehicle carries live_vehicle and the live estimates at its two stops; include_live=false leaves them out. Real server, real poller, SIRI-VM from the replay server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import { formatUkTimestamp, type Engine, type LiveTrip, type TripCall } from '@transit/engine';
import { simulatedSiriVm } from '@transit/builder';
import { startReplayServer, type ReplayServer } from '../../packages/server/src/live/replay-server.js';
import { LIVE_NOT_CONFIGURED, startVehicleFeeds, type VehicleFeeds } from '../../packages/server/src/live/vehicle-feeds.js';
import { noLiveConfig } from '../../packages/server/src/live/live-config.js';
import { JourneyPlan } from '../../packages/server/src/api/journeys/schemas.js';
import { demoSnapshotEngine, startTestServer, type TestServer } from '../support/server.js';
import { runAtDaytime } from '../support/clock.js';

/** A matched journey, the stop after the vehicle's (not yet passed) and its last stop, and a plan between them that rides it. */
interface LiveJourney {
  live: LiveTrip;
  board: TripCall;
  alight: TripCall;
  ref: string;
  query: string;
  body: any;
  leg: any;
}

runAtDaytime();

describe('live vehicles on journey legs (demo timetable, generated SIRI-VM, replay server)', () => {
  let engine: Engine;
  let replay: ReplayServer;
  let feeds: VehicleFeeds;
  let api: TestServer;
  let found: LiveJourney;

  beforeAll(async () => {
    engine = await demoSnapshotEngine();
    replay = await startReplayServer({ files: [new TextEncoder().encode(simulatedSiriVm(engine, Date.now()))], contentType: 'application/xml' });
    feeds = (await startVehicleFeeds(engine, { ...noLiveConfig(), siriVm: { url: replay.url + '/siri-vm', intervalMs: 3_600_000, timeoutMs: 30_000, headers: {} } }, () => {}))!;
    await feeds.pollNow();
    api = await startTestServer({ live: { vehicles: feeds, disruptions: null } });
    found = await liveJourney();
  });
  afterAll(async () => {
    await feeds?.stop();
    await replay?.close();
    await api?.close();
  });

  /** The first matched journey (in overlay order) that the planner rides from the stop after the vehicle's to the journey's last stop. */
  async function liveJourney(): Promise<LiveJourney> {
    for (const live of feeds.overlay().values()) {
      const trip = engine.trip(live.tripIdx, live.serviceDay)!;
      const board = trip.calls[live.stopSequence]; // sequence stopSequence + 1: the vehicle has not reached it
      const alight = trip.calls[trip.calls.length - 1];
      if (!board || board === alight || board.departure < Date.now() + 60_000) continue;
      const a = engine.stop(board.stopIdx);
      const b = engine.stop(alight.stopIdx);
      const datetime = encodeURIComponent(formatUkTimestamp(board.departure - 60_000));
      const query = `/v1/journey.json?from_lat=${a.latitude}&from_lon=${a.longitude}&to_lat=${b.latitude}&to_lon=${b.longitude}&datetime=${datetime}&modes=&limit=20`;
      const res = await api.get(query);
      expect(res.status).toBe(200);
      const ref = `${trip.serviceDate}:${engine.tripSummary(live.tripIdx).tripId}`;
      for (const it of res.body.itineraries) {
        const leg = it.legs.find((l: any) => l.dated_vehicle_journey_ref === ref && l.start_time === formatUkTimestamp(board.departure));
        if (leg) return { live, board, alight, ref, query, body: res.body, leg };
      }
    }
    throw new Error('no matched journey that the planner rides');
  }

  it('a leg on a matched journey carries the vehicle and the live estimates at both its stops', () => {
    const { live, board, alight, body, leg } = found;
    expect(Value.Check(JourneyPlan, body), JSON.stringify([...Value.Errors(JourneyPlan, body)].slice(0, 3))).toBe(true);
    expect(leg.live_vehicle).toMatchObject({
      vehicle_ref: live.vehicle.vehicleRef, latitude: live.vehicle.latitude, longitude: live.vehicle.longitude,
      recorded_at_time: formatUkTimestamp(live.vehicle.recordedAtMs), match_method: 'journey_code', delay_seconds: live.delayS,
      current_stop_sequence: live.stopSequence, simulated: true,
    });
    expect(leg.end_time).toBe(formatUkTimestamp(alight.arrival));
    expect(leg.expected_departure_time).toBe(formatUkTimestamp(board.departure + live.delayS * 1000));
    expect(leg.expected_arrival_time).toBe(formatUkTimestamp(alight.arrival + live.delayS * 1000));
  });

  it('legs of journeys with no matched vehicle (and walks) carry no live data', () => {
    const overlay = feeds.overlay();
    let checked = 0;
    for (const it of found.body.itineraries) {
      for (const leg of it.legs) {
        const ref = leg.dated_vehicle_journey_ref as string | null;
        const resolved = ref ? engine.resolveTrip(ref) : null;
        if (resolved && overlay.get(resolved.tripIdx, resolved.serviceDay!)) continue;
        expect([leg.live_vehicle, leg.expected_departure_time, leg.expected_arrival_time]).toEqual([null, null, null]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('include_live=false leaves the vehicle and the estimates out; the timetable is unchanged', async () => {
    const res = await api.get(found.query + '&include_live=false');
    expect(res.status).toBe(200);
    const legs = res.body.itineraries.flatMap((it: any) => it.legs);
    const same = legs.find((l: any) => l.dated_vehicle_journey_ref === found.ref && l.start_time === found.leg.start_time);
    expect(same).toMatchObject({ start_time: found.leg.start_time, end_time: found.leg.end_time, live_vehicle: null, expected_departure_time: null, expected_arrival_time: null });
    expect(legs.every((l: any) => l.live_vehicle === null && l.expected_departure_time === null && l.expected_arrival_time === null)).toBe(true);
  });

  it('live_error: null with healthy feeds and with include_live=false', async () => {
    expect(found.body.live_error).toBeNull();
    expect((await api.get(found.query + '&include_live=false')).body.live_error).toBeNull();
  });

  it('live_error says when no vehicle feed is configured; the plan is the same timetable plan', async () => {
    const plain = await startTestServer();
    try {
      const res = await plain.get(found.query);
      expect(res.status).toBe(200);
      expect(res.body.live_error).toBe(LIVE_NOT_CONFIGURED);
      expect(res.body.itineraries.map((it: any) => [it.start_time, it.end_time])).toEqual(found.body.itineraries.map((it: any) => [it.start_time, it.end_time]));
      expect(res.body.itineraries.flatMap((it: any) => it.legs).every((l: any) => l.live_vehicle === null)).toBe(true);
      expect((await plain.get(found.query + '&include_live=false')).body.live_error).toBeNull();
    } finally {
      await plain.close();
    }
  });

  it('a feed that is down: live_error says since when, legs carry no live data, never a 5xx', async () => {
    const gone = await startReplayServer({ files: [new TextEncoder().encode('<x/>')] });
    const url = gone.url;
    await gone.close();
    const down = (await startVehicleFeeds(engine, { ...noLiveConfig(), siriVm: { url, intervalMs: 3_600_000, timeoutMs: 30_000, headers: {} } }, () => {}))!;
    const server = await startTestServer({ live: { vehicles: down, disruptions: null } });
    try {
      await down.pollNow();
      const res = await server.get(found.query);
      expect(res.status).toBe(200);
      expect(res.body.live_error).toMatch(/siri_vm feed failing since .*\(1 failed polls\)/);
      expect(res.body.itineraries.length).toBe(found.body.itineraries.length);
      expect(res.body.itineraries.flatMap((it: any) => it.legs).every((l: any) => l.live_vehicle === null && l.expected_departure_time === null)).toBe(true);
    } finally {
      await server.close();
      await down.stop();
    }
  });

  it('the OpenAPI document describes the live fields of a leg', async () => {
    const doc = (await api.get('/openapi.json', { key: null })).body;
    const leg = doc.components.schemas.JourneyLeg;
    expect(leg.properties.live_vehicle.description).toMatch(/include_live/);
    expect(leg.properties.expected_departure_time).toMatchObject({ type: 'string', nullable: true, description: expect.stringMatching(/live estimate/) });
    expect(leg.properties.expected_arrival_time).toMatchObject({ type: 'string', nullable: true, description: expect.stringMatching(/live estimate/) });
    expect(JSON.stringify(leg.properties.live_vehicle)).toMatch(/LiveVehicle/);
  });
});
