// FEATURE UNDER TEST: more than 2^24 (16,777,216) stop times, the last integer a Float32 holds
// exactly and the limit of any 24-bit packing. A generated feed of 16,817,600 stop times (400
// stops, long trips) is streamed to a temp folder, built by the real builder and opened; the
// trips whose stop times lie past the 2^24-th (in stop_times.txt and in the snapshot's time
// matrix) answer boards, trip detail and earliest arrivals exactly as the generator wrote them.
import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSnapshot } from '@transit/builder';
import { Engine, UNREACHED, parseDay } from '@transit/engine';

const LIMIT = 2 ** 24;
/** Stops S0..S399 on a line, 0.001° of longitude (~66 m) apart. */
const STOPS = 400;
/** Seconds between consecutive calls of a trip. */
const HOP_S = 10;
/** Route M: trip k calls S0..S399, leaving S0 at 05:00:00 + k seconds. Just enough trips that M alone passes 2^24 stop times. */
const M_TRIPS = Math.ceil(LIMIT / STOPS);
const M_FIRST_S = 5 * 3600;
/** Route Z, written last: trip j calls S399..S0, leaving S399 at 06:00 + j * 10 min. All its stop times lie past 2^24. */
const Z_TRIPS = 100;
const Z_FIRST_S = 6 * 3600;
const Z_HEADWAY_S = 600;
const STOP_TIMES = (M_TRIPS + Z_TRIPS) * STOPS;
const DATE = '2026-06-02'; // inside the calendar below

const mDep = (k: number, pos: number) => M_FIRST_S + k + pos * HOP_S;
const zDep = (j: number, pos: number) => Z_FIRST_S + j * Z_HEADWAY_S + pos * HOP_S;

const hms = (s: number) => `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;

/**
 * Writes the feed into `dir`; stop_times.txt is streamed a trip at a time with back-pressure,
 * never held whole (about 390 MB). Arrival times are left empty: the builder takes the
 * departure time for both.
 */
async function writeFeed(dir: string): Promise<void> {
  const stopsCsv = Array.from({ length: STOPS }, (_, i) => `S${i},Stop ${i},53.38,${(-1.6 + i * 0.001).toFixed(3)}`);
  writeFileSync(path.join(dir, 'agency.txt'), 'agency_id,agency_name,agency_url,agency_timezone\nA,Agency,https://example.org,Europe/London\n');
  writeFileSync(path.join(dir, 'stops.txt'), `stop_id,stop_name,stop_lat,stop_lon\n${stopsCsv.join('\n')}\n`);
  writeFileSync(path.join(dir, 'routes.txt'), 'route_id,agency_id,route_short_name,route_type\nM,A,M,3\nZ,A,Z,3\n');
  writeFileSync(path.join(dir, 'calendar.txt'), 'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nALL,1,1,1,1,1,1,1,20260601,20260607\n');
  const trips = ['route_id,service_id,trip_id'];
  for (let k = 0; k < M_TRIPS; k++) trips.push(`M,ALL,M${k}`);
  for (let j = 0; j < Z_TRIPS; j++) trips.push(`Z,ALL,Z${j}`);
  writeFileSync(path.join(dir, 'trips.txt'), trips.join('\n') + '\n');

  const out = createWriteStream(path.join(dir, 'stop_times.txt'));
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write('trip_id,arrival_time,departure_time,stop_id,stop_sequence\n');
  const trip = (id: string, stopAt: (pos: number) => number, depAt: (pos: number) => number) => {
    let text = '';
    for (let pos = 0; pos < STOPS; pos++) text += `${id},,${hms(depAt(pos))},S${stopAt(pos)},${pos + 1}\n`;
    return text;
  };
  for (let k = 0; k < M_TRIPS; k++) await write(trip(`M${k}`, (pos) => pos, (pos) => mDep(k, pos)));
  for (let j = 0; j < Z_TRIPS; j++) await write(trip(`Z${j}`, (pos) => STOPS - 1 - pos, (pos) => zDep(j, pos)));
  out.end();
  await once(out, 'finish');
}

describe('a snapshot with more than 2^24 stop times', () => {
  let dir: string;
  let engine: Engine;
  const day = parseDay(DATE);

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'past-2-24-'));
    await writeFeed(dir);
    const { bytes } = await buildSnapshot({ gtfs: [dir], quiet: true });
    rmSync(dir, { recursive: true, force: true });
    engine = Engine.open(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  }, 900_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const at = (seconds: number) => engine.calendar.reference(day) + seconds * 1000;
  const stop = (i: number) => engine.findStop(`S${i}`);

  it('holds every stop time: the count passes 2^24, and route Z lies wholly past it', () => {
    const tt = engine.timetable;
    expect(STOP_TIMES).toBeGreaterThan(LIMIT);
    expect(tt.stopTimeCount).toBe(STOP_TIMES);
    // No trip dwells: one row per pattern stop serves arrivals and departures, so one time per stop time.
    expect(tt.times.length).toBe(STOP_TIMES);
    expect(engine.info.counts.trips).toBe(M_TRIPS + Z_TRIPS);
    expect(engine.info.counts.patterns).toBe(2);
    const z = tt.tripPattern[engine.findTrip('Z0')];
    expect(tt.timeRows[tt.patternStopOffsets[z]]).toBeGreaterThanOrEqual(LIMIT);
    expect(tt.timeRows[tt.patternStopOffsets[z + 1]]).toBe(STOP_TIMES);
  });

  it("details the last trip (Z99) and the last trip of route M, whose last call is the 16,777,600th stop time", () => {
    const lastZ = engine.trip(engine.findTrip(`Z${Z_TRIPS - 1}`), day)!;
    expect(lastZ.calls.length).toBe(STOPS);
    lastZ.calls.forEach((c, pos) => {
      expect([c.sequence, c.atcocode, c.arrivalSeconds, c.departureSeconds], `Z call ${pos}`).toEqual([pos + 1, `S${STOPS - 1 - pos}`, zDep(Z_TRIPS - 1, pos), zDep(Z_TRIPS - 1, pos)]);
    });
    const lastM = engine.trip(engine.findTrip(`M${M_TRIPS - 1}`), day)!;
    expect(lastM.calls.length).toBe(STOPS);
    lastM.calls.forEach((c, pos) => {
      expect([c.sequence, c.atcocode, c.arrivalSeconds, c.departureSeconds], `M call ${pos}`).toEqual([pos + 1, `S${pos}`, mDep(M_TRIPS - 1, pos), mDep(M_TRIPS - 1, pos)]);
    });
  });

  it('boards: arrivals of the last Z trips at S0, and of the last M trips at S399 (time matrix entries past 2^24)', () => {
    const zArr = (j: number) => zDep(j, STOPS - 1);
    const zBoard = engine.stopBoard(stop(0), { from: at(zArr(Z_TRIPS - 4)), to: at(zArr(Z_TRIPS - 1) + 3600), limit: 20, type: 'arrivals' });
    expect(zBoard.map((c) => `${c.tripId}#${c.sequence}@${c.seconds}`)).toEqual([4, 3, 2, 1].map((n) => `Z${Z_TRIPS - n}#${STOPS}@${zArr(Z_TRIPS - n)}`));
    const mArr = (k: number) => mDep(k, STOPS - 1);
    const mBoard = engine.stopBoard(stop(STOPS - 1), { from: at(mArr(M_TRIPS - 3)), to: at(mArr(M_TRIPS - 1) + 60), limit: 20, type: 'arrivals' });
    expect(mBoard.map((c) => `${c.tripId}@${c.seconds}`)).toEqual([3, 2, 1].map((n) => `M${M_TRIPS - n}@${mArr(M_TRIPS - n)}`));
    // Departures from S399 are Z's only (M ends there): the last one of the day is Z99.
    const zDeps = engine.stopBoard(stop(STOPS - 1), { from: at(zDep(Z_TRIPS - 2, 0)), to: at(27 * 3600), limit: 20, type: 'departures' });
    expect(zDeps.map((c) => `${c.tripId}@${c.seconds}`)).toEqual([`Z${Z_TRIPS - 2}@${zDep(Z_TRIPS - 2, 0)}`, `Z${Z_TRIPS - 1}@${zDep(Z_TRIPS - 1, 0)}`]);
  });

  it('earliest arrival reaches S0 on the last trip Z99, and S399 on the last M trip', () => {
    const planner = engine.planner;
    // Z98 left S399 ten minutes before: only Z99 remains, and walking along the line is slower than it.
    const fromEnd = planner.earliestArrival({ origins: [{ stop: stop(STOPS - 1), seconds: 0, metres: 0 }], day, departS: zDep(Z_TRIPS - 1, 0) - 300 });
    expect(fromEnd[stop(0)]).toBe(zDep(Z_TRIPS - 1, STOPS - 1));
    expect(fromEnd[stop(200)]).toBe(zDep(Z_TRIPS - 1, STOPS - 1 - 200));
    const fromStart = planner.earliestArrival({ origins: [{ stop: stop(0), seconds: 0, metres: 0 }], day, departS: mDep(M_TRIPS - 1, 0) });
    expect(fromStart[stop(STOPS - 1)]).toBe(mDep(M_TRIPS - 1, STOPS - 1));
    // One second later no M trip is left: S399 is reached only by walking, much later or not at all.
    const tooLate = planner.earliestArrival({ origins: [{ stop: stop(0), seconds: 0, metres: 0 }], day, departS: mDep(M_TRIPS - 1, 0) + 1 });
    expect(tooLate[stop(STOPS - 1)] === UNREACHED || tooLate[stop(STOPS - 1)] > mDep(M_TRIPS - 1, STOPS - 1) + 3600).toBe(true);
  });
});
