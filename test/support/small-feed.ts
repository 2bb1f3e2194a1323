import { feedFolder } from './gtfs.js';

/** Stops S1 and S2 of smallFeed, 0.001° apart (about 110 m). */
export const SMALL_FEED_STOPS = ['S1,One,53.0,-1.0', 'S2,Two,53.001,-1.0'];

/** The rows of a smallFeed, each file's without its header; a file given replaces its default. */
export interface SmallFeedRows {
  /** `stop_id,stop_name,stop_lat,stop_lon`; default SMALL_FEED_STOPS. */
  stops?: string[];
  /** `service_id,monday,...,sunday,start_date,end_date`; default WK, Monday to Friday 5-9 January 2026. */
  calendar?: string[];
  /** `service_id,date,exception_type`; default none (no file). */
  calendarDates?: string[];
  /** `route_id,service_id,trip_id` (the route is R); default one trip T1 on WK. */
  trips?: string[];
  /** `trip_id,stop_sequence,stop_id,arrival_time,departure_time` (stopTimeRows writes them). */
  stopTimes: string[];
}

/**
 * A small bus feed in a temp folder (feedFolder): route R, stops S1 and S2, service WK on
 * weekdays, and the rows the test is about. Goes through the real builder like any GTFS folder.
 */
export function smallFeed(rows: SmallFeedRows): string {
  const file = (name: string, header: string, lines: string[] | undefined) => (lines ? [`# ${name}`, header, ...lines] : []);
  return feedFolder(
    [
      ...file('stops.txt', 'stop_id,stop_name,stop_lat,stop_lon', rows.stops ?? SMALL_FEED_STOPS),
      ...file('routes.txt', 'route_id,route_short_name,route_type', ['R,1,3']),
      ...file('calendar.txt', 'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date', rows.calendar ?? ['WK,1,1,1,1,1,0,0,20260105,20260109']),
      ...file('calendar_dates.txt', 'service_id,date,exception_type', rows.calendarDates),
      ...file('trips.txt', 'route_id,service_id,trip_id', rows.trips ?? ['R,WK,T1']),
      ...file('stop_times.txt', 'trip_id,stop_sequence,stop_id,arrival_time,departure_time', rows.stopTimes),
    ].join('\n'),
  );
}

/** stop_times.txt rows of one trip calling at S1, S2, ... in turn at `times` (`HH:MM:SS`, arrival = departure). */
export function stopTimeRows(tripId: string, times: string[]): string[] {
  return times.map((t, i) => `${tripId},${i + 1},S${i + 1},${t},${t}`);
}
