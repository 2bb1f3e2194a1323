import type { Engine } from '@transit/engine';
import { simulateVehicles } from './simulated-vehicles.js';
import { siriVmDocument } from './siri-vm-writer.js';

/** Seed of the demo fleet's delays: a journey keeps its delay from one poll to the next. */
const DEMO_SEED = 20_260_101;

/**
 * A SIRI-VM document of the demo timetable at `nowMs`: one vehicle per running bus journey,
 * along its shape, with a seeded random delay (−1.5 to +7.5 minutes), ProducerRef `SIMULATED`.
 * Each carries the journey's vehicle_journey_code (else trip_id) as DatedVehicleJourneyRef.
 */
export function simulatedSiriVm(engine: Engine, nowMs: number): string {
  const tt = engine.timetable;
  const vehicles = simulateVehicles(engine, nowMs, { seed: DEMO_SEED, limit: 2000 });
  return siriVmDocument(
    vehicles.map((v) => {
      const first = v.trip.calls[0];
      const last = v.trip.calls[v.trip.calls.length - 1];
      return {
        recordedAtMs: nowMs,
        lineRef: v.trip.line,
        publishedLineName: v.trip.line,
        directionRef: v.trip.direction === 1 ? 'inbound' : v.trip.direction === 0 ? 'outbound' : null,
        operatorRef: v.trip.operatorCode,
        dataFrameRef: v.trip.serviceDate,
        datedVehicleJourneyRef: engine.strings.get(tt.tripVehicleJourneyCode[v.tripIdx]) || v.trip.tripId,
        originRef: first.atcocode,
        originName: first.name,
        originAimedDepartureMs: first.departure,
        destinationRef: last.atcocode,
        destinationName: v.trip.destination,
        latitude: v.latitude,
        longitude: v.longitude,
        bearing: v.bearing,
        occupancy: (['seatsAvailable', 'standingAvailable', 'full'] as const)[v.tripIdx % 7 === 0 ? 1 : 0],
        vehicleRef: `${v.trip.operatorCode}-SIM${v.tripIdx}`,
      };
    }),
    nowMs,
    'SIMULATED',
  );
}
