// Live vehicles: parse + match one real national GTFS-RT snapshot (target < 300 ms), parse +
// match a SIRI-VM document of 10,000 activities (real BODS activities repeated; target < 500 ms),
// and a live stop board beside the scheduled board (target < 2x), on the real Newport BODS
// timetable at 08:30 on 2024-03-05 with a simulated fleet (every running bus, seeded delays).
// Run alone: `node bench/suites/live.js`. Needs ../shared/data; returns null without it.
import { existsSync, readFileSync } from 'node:fs';
import v8 from 'node:v8';
import path from 'node:path';
import { Engine, dayNumber, ukLocalToEpoch } from '@transit/engine';
import { parseGtfsRt, parseSiriVm } from '@transit/feeds';
import { simulatedSiriVm } from '@transit/builder';
import { DATA, ensureSnapshot, readArrayBuffer } from '../snapshots.js';
import { runAlone } from './run-alone.js';
import { boardQueries } from './boards.js';

const NEWPORT = path.join(DATA, 'gtfs/newport_wales_bods_2024-03-05/other_modalities.zip');
const GTFS_RT = path.join(DATA, 'gtfs_rt/bods_gtfsrt_gb_2026-01-15T1009Z.bin');
const SIRI_VM = path.join(DATA, 'siri_vm/bods_sirivm_2020-07-24.xml');

/** A SIRI-VM document of exactly `count` activities: the real sample's activities repeated, vehicle refs made unique. */
export function bigSiriVm(count = 10_000) {
  const xml = readFileSync(SIRI_VM, 'utf8');
  const start = xml.indexOf('<VehicleActivity>');
  const end = xml.lastIndexOf('</VehicleActivity>') + '</VehicleActivity>'.length;
  const activities = xml.slice(start, end).split('</VehicleActivity>').filter((a) => a.includes('<VehicleActivity>')).map((a) => a + '</VehicleActivity>');
  const out = [];
  for (let i = 0; out.length < count; i++) out.push(activities[i % activities.length].replace(/<VehicleRef>([^<]*)<\/VehicleRef>/, `<VehicleRef>$1-${Math.floor(i / activities.length)}</VehicleRef>`));
  return xml.slice(0, start) + out.join('') + xml.slice(end);
}

/** The suite's inputs and tasks, or null without ../shared/data. */
export async function liveSuite() {
  if (!existsSync(NEWPORT) || !existsSync(GTFS_RT)) return null;
  const snap = await ensureSnapshot('newport-2024', { gtfs: [NEWPORT] });
  const engine = Engine.open(readArrayBuffer(snap.file));
  const day = dayNumber(2024, 3, 5);
  const now = ukLocalToEpoch(day, 8.5 * 3600);
  const rt = new Uint8Array(readFileSync(GTFS_RT));
  const rtNow = parseGtfsRt(rt).producedAtMs;
  const rtRecords = parseGtfsRt(rt).records;
  const rtBytes = v8.serialize(rtRecords);
  const rtShared = new SharedArrayBuffer(rtBytes.byteLength);
  new Uint8Array(rtShared).set(rtBytes);
  const siriBig = new TextEncoder().encode(bigSiriVm(10_000));
  const siriNow = parseSiriVm(siriBig).producedAtMs;
  // A matchable fleet: the simulated feed of the Newport timetable at 08:30, and its overlay.
  const fleet = parseSiriVm(simulatedSiriVm(engine, now)).records;
  const overlay = engine.matchVehicles(fleet, now);
  if (overlay.size < 50) throw new Error(`live bench: only ${overlay.size} of ${fleet.length} simulated vehicles matched`);
  // Boards at the stops the fleet will call at next (live rows present), 08:30-09:30.
  const qs = boardQueries(engine, 200, day).filter((b) => b.q.type === 'departures').map((b) => ({ stopIdx: b.stopIdx, q: { ...b.q, from: now, to: now + 3_600_000 } }));
  const liveRows = qs.reduce((n, b) => n + engine.liveStopBoard(b.stopIdx, b.q, overlay).filter((c) => c.live).length, 0);
  const info = {
    gtfsRt: engine.matchVehicles(parseGtfsRt(rt).records, rtNow, { maxVehicleAgeS: 600 }).stats,
    siriVm: engine.matchVehicles(parseSiriVm(siriBig).records, siriNow, { maxVehicleAgeS: 86_400 * 60 }).stats,
    fleet: overlay.stats,
    boards: qs.length,
    scheduledRows: qs.reduce((n, b) => n + engine.stopBoard(b.stopIdx, b.q).length, 0),
    liveRows,
  };
  const tasks = [
    ['live: parse + match a national GTFS-RT snapshot (27,954 vehicles; target < 300 ms)', () => engine.matchVehicles(parseGtfsRt(rt).records, rtNow, { maxVehicleAgeS: 600 }).size + 1],
    ['live: parse + match SIRI-VM, 10,000 activities (target < 500 ms)', () => engine.matchVehicles(parseSiriVm(siriBig).records, siriNow, { maxVehicleAgeS: 86_400 * 60 }).size + 1],
    // Why parseSiriVm scans the usual BODS layout itself: fast-xml-parser alone on the same document.
    ['live: parse SIRI-VM, 10,000 activities, fast-xml-parser only (baseline)', () => parseSiriVm(siriBig, { fastPath: false }).records.length],
    ['live: parse SIRI-VM, 10,000 activities, scanner', () => parseSiriVm(siriBig).records.length],
    // With worker threads the main thread parses a feed once and relays the records (packages/server/src/live/feed-relay.ts):
    // v8.serialize into a SharedArrayBuffer once, v8.deserialize in each worker, instead of every worker parsing.
    ['live: parse the national GTFS-RT snapshot (each worker, without the relay)', () => parseGtfsRt(rt).records.length],
    ['live: relay, serialise its records into shared memory (once)', () => { const b = v8.serialize(rtRecords); new Uint8Array(new SharedArrayBuffer(b.byteLength)).set(b); return b.byteLength; }],
    ['live: relay, deserialise them in a worker (each worker)', () => v8.deserialize(Buffer.from(rtShared)).length],
    [`live: match the simulated Newport fleet (${fleet.length} vehicles)`, () => engine.matchVehicles(fleet, now).size],
    [`live: ${qs.length} scheduled stop boards (Newport, 08:30-09:30)`, () => qs.reduce((n, b) => n + engine.stopBoard(b.stopIdx, b.q).length, 1)],
    [`live: ${qs.length} live stop boards, same queries (target < 2x scheduled)`, () => qs.reduce((n, b) => n + engine.liveStopBoard(b.stopIdx, b.q, overlay).length, 1)],
  ];
  return { info, tasks };
}

await runAlone(import.meta.url, 'live', liveSuite, { time: 3000, warmupTime: 500, digits: 3 });
