import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSiriVm } from '@transit/feeds';
import { simulateVehicles, positionAt, seededRandom } from '@transit/builder';
import type { Engine, LiveOverlay, VehicleRecord } from '@transit/engine';
import { DATA_DIR } from './data.js';

/** The recorded BODS SIRI-VM sample (841 activities of 2020-07-24). */
export const RECORDED_SIRI_VM = path.join(DATA_DIR, 'siri_vm/bods_sirivm_2020-07-24.xml');

/** Origin aimed departures off the timetable's by these, seconds, in turn: inside, on and just past the matcher's 60 s tolerance, and a day ahead (the wrong zone). */
const ORIGIN_SHIFTS_S = [0, 0, 30, -30, 59, -59, 60, -60, 61, -61, 86_400];

/**
 * The recorded sample's records, each put on a bus of `engine` running at `nowMs`
 * (simulateVehicles, `copies` vehicles per bus at their own delays, sample records taken in
 * turn): the sample's own field mix (which of direction, origin, destination and origin time it
 * gives), with the matcher's fields those of the bus, origin times shifted around the
 * tolerance. `codes: false` leaves out the journey codes, so that every record goes to the
 * origin-time or position rule.
 */
export function recordedFleet(engine: Engine, nowMs: number, { codes, copies = 3 }: { codes: boolean; copies?: number }): VehicleRecord[] {
  const sample = parseSiriVm(readFileSync(RECORDED_SIRI_VM)).records;
  const running = simulateVehicles(engine, nowMs, { limit: 1e9 });
  const rand = seededRandom(16);
  const out: VehicleRecord[] = [];
  for (let k = 0; k < running.length * copies; k++) {
    const v = running[k % running.length];
    const rec = sample[k % sample.length];
    const delayS = k < running.length ? v.delayS : Math.round((rand() * 9 - 1.5) * 60);
    const at = positionAt(engine, v.trip, nowMs - delayS * 1000) ?? v;
    const first = v.trip.calls[0], last = v.trip.calls[v.trip.calls.length - 1];
    const code = engine.strings.get(engine.timetable.tripVehicleJourneyCode[v.tripIdx]) || v.trip.tripId;
    out.push({
      ...rec,
      vehicleRef: `V${k}`,
      operatorRef: v.trip.operatorCode,
      lineRef: v.trip.line,
      publishedLineName: v.trip.line,
      directionRef: rec.directionRef === null ? null : v.trip.direction === 1 ? 'inbound' : 'outbound',
      journeyRef: codes ? code : null,
      ticketMachineCode: null,
      dataFrameRef: codes ? v.trip.serviceDate : null,
      originRef: rec.originRef === null ? null : first.atcocode,
      destinationRef: rec.destinationRef === null ? null : last.atcocode,
      originAimedDepartureMs: Number.isNaN(rec.originAimedDepartureMs) ? NaN : first.departure + ORIGIN_SHIFTS_S[k % ORIGIN_SHIFTS_S.length] * 1000,
      latitude: at.latitude,
      longitude: at.longitude,
      recordedAtMs: nowMs - Math.floor(rand() * 60) * 1000,
    });
  }
  return out;
}

/** An overlay as one line of text (its stats and every entry), for comparing two matches. */
export function overlayText(overlay: LiveOverlay): string {
  const trips = [...overlay.values()].map((t) => `${t.tripIdx}/${t.serviceDay}/${t.delayS}/${t.stopSequence}/${t.atStop}/${t.progressM}/${t.offRouteM}/${t.method}/${t.vehicle.vehicleRef}`);
  return JSON.stringify(overlay.stats) + trips.sort().join(';');
}
