// FEATURE UNDER TEST: live bus boards and service detail through the real server and a real
// HTTP poller, fed by a replay server of SIRI-VM documents generated from the demo timetable,
// including every feed fault the issue lists and recovery.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatUkTimestamp, type LiveTrip } from '@transit/engine';
import { startReplayServer, type ReplayServer } from '../../packages/server/src/live/replay-server.js';
import { startVehicleFeeds, LIVE_NOT_CONFIGURED, type VehicleFeeds } from '../../packages/server/src/live/vehicle-feeds.js';
import { noLiveConfig } from '../../packages/server/src/live/live-config.js';
import { simulatedSiriVm, siriVmDocument } from '@transit/builder';
import { demoSnapshotEngine, startTestServer, type TestServer } from '../support/server.js';
import { runAtDaytime } from '../support/clock.js';

runAtDaytime();

/** A poll's deadline: only a hang reaches it (the slow fault never answers), never a loaded machine. */
const POLL_TIMEOUT_MS = 10_000;

describe('live vehicles over HTTP (demo timetable, generated SIRI-VM, replay server)', () => {
  let replay: ReplayServer;
  let feeds: VehicleFeeds;
  let api: TestServer;
  let plain: TestServer;
  const logs: string[] = [];
  let doc: string;
  const now = Date.now();

  beforeAll(async () => {
    const engine = await demoSnapshotEngine();
    doc = simulatedSiriVm(engine, now);
    replay = await startReplayServer({ files: [new TextEncoder().encode(doc)], contentType: 'application/xml' });
    const config = { ...noLiveConfig(), siriVm: { url: replay.url + '/siri-vm', intervalMs: 3_600_000, timeoutMs: POLL_TIMEOUT_MS, headers: {} } };
    feeds = (await startVehicleFeeds(engine, config, (l) => logs.push(l)))!;
    await feeds.pollNow();
    api = await startTestServer({ live: { vehicles: feeds, disruptions: null } });
    plain = await startTestServer();
  });
  afterAll(async () => {
    await feeds?.stop();
    await replay?.close();
    await api?.close();
    await plain?.close();
  });

  /** A matched journey and a later stop of it that is not its last (departure boards leave the last out). */
  function pick(): { live: LiveTrip; atco: string; aimed: number } {
    for (const live of feeds.overlay().values()) {
      const trip = api.engine.trip(live.tripIdx, live.serviceDay)!;
      const call = trip.calls[live.stopSequence]; // the stop after the one it is at / heading to
      if (call && call.sequence < trip.calls.length && call.departure > Date.now()) return { live, atco: call.atcocode, aimed: call.departure };
    }
    throw new Error('no matched journey with a later stop');
  }

  const board = (atco: string, extra = '') => api.get(`/v1/bus/stop_timetables/${encodeURIComponent(atco)}.json?live=true&limit=100${extra}`);

  it('matches the simulated vehicles and annotates live departures', async () => {
    expect(feeds.lastStats.matched.journey_code).toBeGreaterThan(10);
    expect(feeds.lastStats.records).toBe(feeds.lastStats.matched.journey_code);
    const { live, atco, aimed } = pick();
    const res = await board(atco);
    expect(res.status).toBe(200);
    expect(res.body.live_requested).toBe(true);
    expect(res.body.live_error).toBeNull();
    const row = res.body.departures.find((d: any) => d.trip_id === api.engine.tripSummary(live.tripIdx).tripId && d.aimed_departure_time === formatUkTimestamp(aimed));
    expect(row).toBeDefined();
    // Same keys, same order as a timetabled departure.
    expect(Object.keys(row)).toEqual(Object.keys(res.body.departures.find((d: any) => d.source === 'gtfs_scheduled') ?? row));
    expect(Object.keys(row.live_vehicle).slice(0, 7)).toEqual(['vehicle_ref', 'operator_ref', 'latitude', 'longitude', 'bearing', 'destination_name', 'recorded_at_time']);
    const expected = formatUkTimestamp(aimed + live.delayS * 1000);
    expect(row).toMatchObject({ source: 'siri_vm', expected_departure_time: expected, best_departure_estimate: expected });
    expect(row.status).toBe(live.delayS > 120 ? 'late' : live.delayS < -60 ? 'early' : 'on_time');
    expect(row.live_vehicle).toMatchObject({ vehicle_ref: live.vehicle.vehicleRef, operator_ref: live.vehicle.operatorRef, latitude: live.vehicle.latitude, longitude: live.vehicle.longitude, match_method: 'journey_code', simulated: true, delay_seconds: live.delayS });
    expect(row.live_vehicle.recorded_at_time).toBe(formatUkTimestamp(live.vehicle.recordedAtMs));
    expect(row.live_vehicle.fix_age_seconds).toBeGreaterThanOrEqual(0);
    // Unmatched rows stay timetabled; live=false is unchanged.
    for (const d of res.body.departures) if (d.live_vehicle === null) expect(d).toMatchObject({ source: 'gtfs_scheduled', expected_departure_time: null });
    const off = await api.get(`/v1/bus/stop_timetables/${encodeURIComponent(atco)}.json`);
    expect(off.body.live_error).toBeNull();
    expect(off.body.departures.every((d: any) => d.source === 'gtfs_scheduled' && d.live_vehicle === null)).toBe(true);
  });

  it('bus service detail carries live_vehicle and current_stop_sequence; null for a journey not yet running', async () => {
    const { live } = pick();
    const ref = `${api.engine.trip(live.tripIdx, live.serviceDay)!.serviceDate}:${api.engine.tripSummary(live.tripIdx).tripId}`;
    const res = await api.get(`/v1/bus/services/${encodeURIComponent(ref)}.json`);
    expect(res.status).toBe(200);
    expect(res.body.current_stop_sequence).toBe(live.stopSequence);
    expect(res.body.live_vehicle.vehicle_ref).toBe(live.vehicle.vehicleRef);
    const noLive = await api.get(`/v1/bus/services/${encodeURIComponent(ref)}.json?live=false`);
    expect(noLive.body.live_vehicle).toBeNull();
    // A journey of the same line later today (not running): null.
    const later = [...Array(api.engine.timetable.tripCount).keys()].find((t) => {
      const trip = api.engine.trip(t, live.serviceDay);
      return trip && trip.calls[0].departure > Date.now() + 3_600_000 && !feeds.overlay().get(t, live.serviceDay);
    });
    if (later !== undefined) {
      const r = await api.get(`/v1/bus/services/${encodeURIComponent(api.engine.tripSummary(later).tripId)}.json`);
      expect(r.body.live_vehicle).toBeNull();
      expect(r.body.current_stop_sequence).toBeNull();
    }
  });

  it('says live is not configured when no feed is', async () => {
    const { atco } = pick();
    const res = await plain.get(`/v1/bus/stop_timetables/${encodeURIComponent(atco)}.json?live=true`);
    expect(res.body.live_error).toBe(LIVE_NOT_CONFIGURED);
    expect(res.body.departures.every((d: any) => d.source === 'gtfs_scheduled')).toBe(true);
  });

  it('survives every fault: boards keep answering, live_error says why, and it recovers', async () => {
    const { atco } = pick();
    const faults = [
      { fault: { kind: 'status', status: 500 } as const, says: /siri_vm feed failing since .*500/ },
      { fault: { kind: 'slow', delayMs: 600_000 } as const, says: /siri_vm feed failing .*no complete response within 10000 ms/ },
      { fault: { kind: 'garbage' } as const, says: /siri-vm: /i },
      { fault: { kind: 'truncate' } as const, says: /siri-vm: truncated/ },
      { fault: { kind: 'empty' } as const, says: /siri-vm: empty document/ },
      { fault: { kind: 'reset' } as const, says: /siri_vm feed failing/ },
    ];
    let failures = 0;
    for (const { fault, says } of faults) {
      replay.setFault(fault);
      await feeds.pollNow();
      failures++;
      expect(feeds.statuses()[0].consecutiveFailures).toBe(failures);
      const res = await board(atco);
      expect(res.status, fault.kind).toBe(200);
      expect(res.body.live_error, fault.kind).toMatch(says);
      // The last good overlay is still within the age limit: its estimates stay, flagged as possibly out of date.
      expect(res.body.live_error).toMatch(/live estimates may be out of date/);
      expect(res.body.departures.length).toBeGreaterThan(0);
    }
    replay.setFault(null);
    await feeds.pollNow();
    expect(feeds.statuses()[0].consecutiveFailures).toBe(0);
    const ok = await board(atco);
    expect(ok.body.live_error).toBeNull();
    expect(ok.body.departures.some((d: any) => d.source === 'siri_vm')).toBe(true);
  });

  it('a feed silent for more than 5 minutes is stale, and fixes past the age limit are not shown', () => {
    const later = Date.now() + 6 * 60_000;
    expect(feeds.liveError(later)).toMatch(/^siri_vm feed stale: no new data since .*; departures are from the timetable only\.$/);
    expect(feeds.overlay(later).size).toBe(0); // max vehicle age 300 s by default
    expect(feeds.overlay().size).toBeGreaterThan(0);
  });

  it('an empty delivery empties the overlay without an error; an older delivery is discarded', async () => {
    const engine = api.engine;
    const empty = siriVmDocument([], Date.now(), 'TEST');
    const older = simulatedSiriVm(engine, now - 60_000);
    const r2 = await startReplayServer({ files: [new TextEncoder().encode(doc), new TextEncoder().encode(empty), new TextEncoder().encode(older)], contentType: 'application/xml', loop: false });
    const f2 = (await startVehicleFeeds(engine, { ...noLiveConfig(), siriVm: { url: r2.url, intervalMs: 3_600_000, timeoutMs: POLL_TIMEOUT_MS, headers: {} } }, () => {}))!;
    try {
      await f2.pollNow();
      expect(f2.overlay().size).toBeGreaterThan(0);
      await f2.pollNow();
      expect(f2.overlay().size).toBe(0);
      expect(f2.liveError()).toBeNull();
      await f2.pollNow(); // ResponseTimestamp a minute before the empty delivery's
      expect(f2.outOfOrderDiscarded).toBe(1);
      expect(f2.overlay().size).toBe(0);
    } finally {
      await f2.stop();
      await r2.close();
    }
  });

  it('feed down from the start: the board answers timetable-only with live_error', async () => {
    const r3 = await startReplayServer({ files: [new TextEncoder().encode(doc)] });
    const url = r3.url;
    await r3.close();
    const f3 = (await startVehicleFeeds(api.engine, { ...noLiveConfig(), siriVm: { url, intervalMs: 3_600_000, timeoutMs: POLL_TIMEOUT_MS, headers: {} } }, () => {}))!;
    const s3 = await startTestServer({ live: { vehicles: f3, disruptions: null } });
    try {
      await f3.pollNow();
      const { atco } = pick();
      const res = await s3.get(`/v1/bus/stop_timetables/${encodeURIComponent(atco)}.json?live=true`);
      expect(res.status).toBe(200);
      expect(res.body.live_error).toMatch(/siri_vm feed failing since .*; departures are from the timetable only\./);
      expect(res.body.departures.every((d: any) => d.source === 'gtfs_scheduled')).toBe(true);
    } finally {
      await s3.close();
      await f3.stop();
    }
  });
});
