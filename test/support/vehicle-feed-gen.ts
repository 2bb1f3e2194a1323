import { dayNumber, ukLocalToEpoch, type Engine } from '@transit/engine';
import { positionAt, seededRandom, type SiriActivity } from '@transit/builder';

/** One generated vehicle and the truth it was generated from. */
export interface GeneratedVehicle {
  tripIdx: number;
  serviceDay: number;
  tripId: string;
  delayS: number;
  activity: SiriActivity;
}

/** What to leave out or distort in a generated activity. */
export interface GenerateOptions {
  /** Uniform position noise radius, metres. Default 0. */
  noiseM?: number;
  /** Include DatedVehicleJourneyRef (the trip's vehicle_journey_code). Default true. */
  journeyCode?: boolean;
  /** Include OriginAimedDepartureTime. Default true. */
  originTime?: boolean;
  /** Move the vehicle this far north of its route, metres (an off-route vehicle). Default 0. */
  offsetM?: number;
  /** Age of the fix at `nowMs`, seconds. Default 0. */
  ageS?: number;
  seed?: number;
}

/** Epoch ms of a UK local date and time, e.g. ('2024-03-05', 8, 30). */
export function ukInstant(date: string, hour: number, minute = 0): number {
  const [y, m, d] = date.split('-').map(Number);
  return ukLocalToEpoch(dayNumber(y, m, d), hour * 3600 + minute * 60);
}

/**
 * Bus trips of `operatorCode` on `date` whose vehicle, running `delayS` late, is between its
 * first and last stop at `nowMs` (well inside, so the delay is observable).
 */
export function runningTrips(engine: Engine, date: string, nowMs: number, operatorCode: string, delayS: (tripIdx: number) => number): number[] {
  const [y, m, d] = date.split('-').map(Number);
  const day = dayNumber(y, m, d);
  const out: number[] = [];
  for (let t = 0; t < engine.timetable.tripCount; t++) {
    const trip = engine.trip(t, day);
    if (!trip || trip.operatorCode !== operatorCode || trip.calls.length < 3) continue;
    const at = nowMs - delayS(t) * 1000;
    if (at > trip.calls[0].departure + 120_000 && at < trip.calls[trip.calls.length - 1].arrival - 120_000) out.push(t);
  }
  return out;
}

/**
 * A SIRI-VM activity for trip `tripIdx` on `date`, `delayS` late at `nowMs`, placed along the
 * trip's shape where the timetable puts it at now − delay, with the distortions asked for.
 */
export function generateVehicle(engine: Engine, tripIdx: number, date: string, nowMs: number, delayS: number, o: GenerateOptions = {}): GeneratedVehicle {
  const [y, m, d] = date.split('-').map(Number);
  const day = dayNumber(y, m, d);
  const trip = engine.trip(tripIdx, day);
  if (!trip) throw new Error(`trip ${tripIdx} does not run on ${date}`);
  const recordedAtMs = nowMs - (o.ageS ?? 0) * 1000;
  const pos = positionAt(engine, trip, recordedAtMs - delayS * 1000);
  if (!pos) throw new Error(`trip ${trip.tripId} is not running at ${new Date(recordedAtMs).toISOString()} with delay ${delayS}`);
  const rnd = seededRandom((o.seed ?? 7) * 7919 + tripIdx);
  const r = (o.noiseM ?? 0) * Math.sqrt(rnd());
  const a = rnd() * 2 * Math.PI;
  const dLat = (r * Math.cos(a) + (o.offsetM ?? 0)) / 111_195;
  const dLon = (r * Math.sin(a)) / (111_195 * Math.cos((pos.latitude * Math.PI) / 180));
  const tt = engine.timetable;
  const vjc = engine.strings.get(tt.tripVehicleJourneyCode[tripIdx]);
  return {
    tripIdx,
    serviceDay: day,
    tripId: trip.tripId,
    delayS,
    activity: {
      recordedAtMs,
      lineRef: trip.line,
      publishedLineName: trip.line,
      directionRef: trip.direction === 1 ? 'INBOUND' : trip.direction === 0 ? 'outbound' : null,
      operatorRef: trip.operatorCode,
      dataFrameRef: date,
      datedVehicleJourneyRef: o.journeyCode === false ? null : vjc || null,
      originRef: trip.calls[0].atcocode,
      originName: trip.origin,
      originAimedDepartureMs: o.originTime === false ? null : trip.calls[0].departure,
      destinationRef: trip.calls[trip.calls.length - 1].atcocode,
      destinationName: trip.destination,
      latitude: pos.latitude + dLat,
      longitude: pos.longitude + dLon,
      bearing: pos.bearing,
      vehicleRef: `${trip.operatorCode}-${1000 + tripIdx}`,
    },
  };
}
