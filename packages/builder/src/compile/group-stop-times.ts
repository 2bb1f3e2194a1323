import type { TimetableModel } from '../gtfs/timetable-model.js';
import type { TripCalls } from '../gtfs/stop-time-store.js';

/**
 * Every trip's calls in (trip, stop_sequence) order, one flat column each, from the model's
 * stop-time store: its sorted runs merged (or its one buffer sorted) straight into the columns,
 * stops mapped to the snapshot's dense indices. The store is empty afterwards.
 */
export function groupStopTimes(tt: TimetableModel, denseStop: Int32Array): TripCalls {
  return tt.st.toTripCalls(tt.trips.length, denseStop);
}
