import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { ServiceCalendar } from '../trips/service-calendar.js';
import { ModeBit } from '../stops/stop-table.js';
import { transitModeOf } from '../trips/transit-mode.js';
import type { TransitMode } from '../api.js';
import { QueryError } from '../errors.js';
import type { Transfers } from './transfers.js';
import { QueryDays } from './query-days.js';
import { RaptorSearch } from './raptor-search.js';
import { RangeSearch, type Candidate, type RangeQuery, type WindowEstimate } from './range-search.js';
import { TargetBounds } from './target-bounds.js';
import { MAX_ROUNDS, type RaptorLabels } from './raptor-labels.js';
import { UNREACHED, type EarliestArrivalQuery } from './planner-api.js';
import type { LandmarkTables } from './landmark-tables.js';
import type { RelaxedGraphColumns } from './relaxed-graph.js';

const MODE_BITS: Record<TransitMode, number> = { bus: ModeBit.Bus, coach: ModeBit.Coach, tram: ModeBit.Tram, rail: ModeBit.Rail, ferry: ModeBit.Other, other: ModeBit.Other };
/** Every ModeBit. */
export const ALL_MODES = 31;

/**
 * Transit search over the snapshot: RAPTOR for one departure (`earliestArrival`, the
 * primitive checked against the connection-scan oracle) and range RAPTOR in either direction
 * (`range`) for the journey planner. One workspace per Planner: not re-entrant, like the rest
 * of the engine (one engine per worker thread).
 */
export class Planner {
  readonly days: QueryDays;
  /** Pattern -> ModeBit of its route. */
  readonly patternMode: Uint8Array;
  /** The relaxed graph of destination pruning and its landmark tables (`bounds.landmarks`). */
  readonly bounds: TargetBounds;
  private readonly raptor: RaptorSearch;
  private readonly rangeSearch: RangeSearch;
  /** Stop -> earliest arrival of the last `earliestArrival`, made on its first call; the stops it reached, to clear it in O(reached). */
  private arrival: Int32Array | null = null;
  private arrivalStops = new Int32Array(0);
  private arrivalCount = 0;

  constructor(
    readonly tt: TimetableTables,
    readonly calendar: ServiceCalendar,
    /** The engine's footpaths (one Transfers per engine: its relaxed graph and landmark tables read the same). */
    readonly transfers: Transfers,
    /** Landmark tables built by this or another engine over the same snapshot (shared memory), or null: built on first use. */
    landmarks: LandmarkTables | null,
    /** The relaxed graph of destination pruning, built by the engine (in shared memory with `share`) or another engine over the same snapshot, or null: built here. */
    graph: RelaxedGraphColumns | null,
  ) {
    this.days = new QueryDays(tt, calendar);
    this.patternMode = new Uint8Array(tt.patternCount);
    for (let p = 0; p < tt.patternCount; p++) this.patternMode[p] = MODE_BITS[transitModeOf(tt.routeType[tt.patternRoute[p]])];
    this.raptor = new RaptorSearch(tt, this.transfers, this.days, this.patternMode);
    this.bounds = new TargetBounds(tt, this.transfers, graph ?? undefined);
    this.bounds.landmarks = landmarks;
    this.rangeSearch = new RangeSearch(tt, this.raptor, this.days, this.patternMode, this.bounds);
  }

  /**
   * Earliest arrival at every stop from the origins at one departure time: an Int32Array by
   * stop index, Seconds from `q.day`'s reference, UNREACHED where not reached. Footpaths are
   * walked once from the origins and once after each trip (never two in a row). The array is
   * the planner's own, filled from the stops the search reached: valid until the next call.
   */
  earliestArrival(q: EarliestArrivalQuery): Int32Array {
    const maxTransfers = q.maxTransfers ?? 8;
    if (!Number.isInteger(maxTransfers) || maxTransfers < 0 || maxTransfers + 2 > MAX_ROUNDS) throw new QueryError('invalid_parameter', `maxTransfers must be an integer from 0 to ${MAX_ROUNDS - 2}.`);
    const rounds = maxTransfers + 2;
    this.days.set(q.day);
    this.raptor.begin({ reverse: false, rounds, slack: q.transferSlackS ?? 0, modeMask: q.modeMask ?? ALL_MODES, originFootpaths: true, egress: null, maxTransferM: Infinity, targetBounds: null });
    const n = q.origins.length;
    const stops = new Int32Array(n);
    const times = new Int32Array(n);
    q.origins.forEach((o, i) => {
      stops[i] = o.stop;
      times[i] = q.departS + o.seconds;
    });
    this.raptor.run(stops, times, n);
    const L = this.raptor.labels;
    const arrival = (this.arrival ??= new Int32Array(L.stopCount).fill(UNREACHED));
    for (let i = 0; i < this.arrivalCount; i++) arrival[this.arrivalStops[i]] = UNREACHED;
    const reached = L.reachedStops();
    if (reached.length > this.arrivalStops.length) this.arrivalStops = new Int32Array(Math.max(reached.length, 2 * this.arrivalStops.length));
    this.arrivalStops.set(reached);
    this.arrivalCount = reached.length;
    L.copyWalk(rounds - 1, arrival);
    return arrival;
  }

  /** The RAPTOR labels' footprint: stops slotted by the last search, entries each label array holds. */
  get labels(): Pick<RaptorLabels, 'slotCount' | 'capacity'> {
    return this.raptor.labels;
  }

  /** Builds now what the first range search would (the landmark tables of the target bounds). */
  prepareBounds(): void {
    this.rangeSearch.prepare();
  }

  /** Range search for the journey planner (query-day Seconds); the query days must be set with `days.set`. */
  range(q: RangeQuery): Candidate[] {
    return this.rangeSearch.search(q);
  }

  /** What sizes the planner's search window from `tau0` (search-order Seconds; see `RangeSearch.estimate`). */
  estimate(q: RangeQuery, tau0: number): WindowEstimate {
    return this.rangeSearch.estimate(q, tau0);
  }

  /** Where the one extension past an empty window goes: the earliest departure (arrive-by: latest arrival) at or after `tau0` of a journey none after tau0 dominates, search order; null when none (see `RangeSearch.nextDeparture`). */
  nextDeparture(q: RangeQuery, tau0: number): number | null {
    return this.rangeSearch.nextDeparture(q, tau0);
  }
}
