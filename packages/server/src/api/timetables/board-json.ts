import { formatUkTimestamp, type BoardCall, type Engine, type LiveCall } from '@transit/engine';
import { apiMode, liveStatus, toLiveVehicle, type LiveContext } from './dto.js';

/**
 * Hand-rolled JSON for boards: the fields that depend only on the trip (line, operator,
 * destination, ...) and each stop's own object are serialised once per snapshot and kept, so a
 * board costs a few string concatenations per call instead of a JSON.stringify of every field.
 * The output is byte-identical to JSON.stringify of the DTOs in dto.ts
 * (test/server/board-json.test.ts checks it): change both together.
 */
const q = JSON.stringify;

/** Entries kept per cache before it is cleared (bounds memory on national snapshots). */
const MAX_ENTRIES = 100_000;

/** A bounded cache by dense index. */
class IndexCache {
  private readonly map = new Map<number, string>();
  get(idx: number, build: () => string): string {
    let text = this.map.get(idx);
    if (text === undefined) {
      if (this.map.size >= MAX_ENTRIES) this.map.clear();
      this.map.set(idx, (text = build()));
    }
    return text;
  }
}

const head = (c: BoardCall, withCode: boolean, withOrigin: boolean, withDirection: boolean) =>
  `{"line":${q(c.line)},"line_name":${q(c.lineName)},"operator":${q(c.operator)}` +
  (withCode ? `,"operator_code":${q(c.operatorCode)}` : '') +
  (withOrigin ? `,"origin":${q(c.origin)}` : '') +
  `,"destination":${q(c.destination)}` +
  (withDirection ? `,"direction":${q(c.direction)}` : '') +
  `,"mode":${q(apiMode(c.mode))}`;

/** Board JSON writer of one snapshot (caches are keyed by its dense trip and stop indices). */
export class BoardJson {
  private static readonly byEngine = new WeakMap<Engine, BoardJson>();
  private readonly departureHeads = new IndexCache();
  private readonly arrivalHeads = new IndexCache();
  private readonly railDepartureHeads = new IndexCache();
  private readonly railArrivalHeads = new IndexCache();
  private readonly busTails = new IndexCache();
  private readonly stops = new IndexCache();

  /** The writer of `engine`'s snapshot (one per snapshot, so a reloaded snapshot starts clean). */
  static for(engine: Engine): BoardJson {
    let w = BoardJson.byEngine.get(engine);
    if (!w) BoardJson.byEngine.set(engine, (w = new BoardJson()));
    return w;
  }

  /** JSON of a stop's response object, built by `build` once per stop. */
  stop(stopIdx: number, build: () => unknown): string {
    return this.stops.get(stopIdx, () => q(build()));
  }

  /** Same as JSON.stringify(toDeparture(c, live, ctx)). */
  departure(c: BoardCall, live: LiveCall | null = null, ctx?: LiveContext): string {
    const aimed = formatUkTimestamp(c.time);
    if (live) {
      const expected = formatUkTimestamp(live.expected);
      const vehicle = toLiveVehicle(live.trip, c.operatorCode, c.destination, ctx ?? { nowMs: 0, simulated: false });
      return (
        this.departureHeads.get(c.tripIdx, () => head(c, true, false, true)) +
        `,"aimed_departure_time":"${aimed}","expected_departure_time":"${expected}","best_departure_estimate":"${expected}","status":"${liveStatus(live.delayS)}","source":"${live.trip.vehicle.source}","dated_vehicle_journey_ref":${q(c.datedRef)}` +
        `,"trip_id":${q(c.tripId)},"live_vehicle":${q(vehicle)}}`
      );
    }
    return (
      this.departureHeads.get(c.tripIdx, () => head(c, true, false, true)) +
      `,"aimed_departure_time":"${aimed}","expected_departure_time":null,"best_departure_estimate":"${aimed}","status":"on_time","source":"gtfs_scheduled","dated_vehicle_journey_ref":${q(c.datedRef)}` +
      this.busTails.get(c.tripIdx, () => `,"trip_id":${q(c.tripId)},"live_vehicle":null}`)
    );
  }

  /** Same as JSON.stringify(toArrival(c)). */
  arrival(c: BoardCall): string {
    const aimed = formatUkTimestamp(c.time);
    return (
      this.arrivalHeads.get(c.tripIdx, () => head(c, true, true, true)) +
      `,"aimed_arrival_time":"${aimed}","expected_arrival_time":null,"best_arrival_estimate":"${aimed}","status":"on_time","source":"gtfs_scheduled","dated_vehicle_journey_ref":${q(c.datedRef)}` +
      this.busTails.get(c.tripIdx, () => `,"trip_id":${q(c.tripId)},"live_vehicle":null}`)
    );
  }

  /** Same as JSON.stringify(toRailDeparture(c)). */
  railDeparture(c: BoardCall): string {
    const aimed = formatUkTimestamp(c.time);
    return (
      this.railDepartureHeads.get(c.tripIdx, () => head(c, false, false, false)) +
      `,"aimed_departure_time":"${aimed}","expected_departure_time":null,"best_departure_estimate":"${aimed}","status":"on_time","source":"gtfs_scheduled","trip_id":${q(c.tripId)},"platform":${q(c.platform)}}`
    );
  }

  /** Same as JSON.stringify(toRailArrival(c)). */
  railArrival(c: BoardCall): string {
    const aimed = formatUkTimestamp(c.time);
    return (
      this.railArrivalHeads.get(c.tripIdx, () => head(c, false, true, false)) +
      `,"aimed_arrival_time":"${aimed}","expected_arrival_time":null,"best_arrival_estimate":"${aimed}","status":"on_time","source":"gtfs_scheduled","trip_id":${q(c.tripId)},"platform":${q(c.platform)}}`
    );
  }
}

/** `,"key":[a,b,...]` from already serialised entries. */
export function jsonArrayField(key: string, entries: string[]): string {
  let out = `,${q(key)}:[`;
  for (let i = 0; i < entries.length; i++) out += i === 0 ? entries[i] : ',' + entries[i];
  return out + ']';
}
