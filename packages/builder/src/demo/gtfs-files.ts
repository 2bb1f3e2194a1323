import { csvText } from './csv-text.js';
import { calendarDateRows, calendarRows, FIRST_YEAR, LAST_YEAR } from './calendar.js';
import { shapePoints } from './shapes.js';
import type { Random } from './random.js';
import type { DemoAgency, DemoPattern, DemoRoute, DemoStop, DemoTrip } from './model.js';

/** The timetable to write: agencies, routes, the stops trips call at, and the trips. */
export interface GtfsInput {
  agencies: readonly DemoAgency[];
  routes: readonly DemoRoute[];
  stops: readonly DemoStop[];
  trips: readonly DemoTrip[];
  seed: number;
}

/** GTFS time text; hours run past 24 for journeys after midnight of the service day. */
export function gtfsTime(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** Every GTFS file by name, BODS-flavoured (agency_noc, vehicle_journey_code, block_id). */
export function writeGtfs(input: GtfsInput, shapeRng: Random): Map<string, string> {
  const files = new Map<string, string>();
  files.set('agency.txt', csvText(
    ['agency_id', 'agency_name', 'agency_url', 'agency_timezone', 'agency_lang', 'agency_phone', 'agency_noc'],
    input.agencies.map((a) => [a.id, a.name, a.url, 'Europe/London', 'EN', a.phone, a.noc]),
  ));
  files.set('stops.txt', csvText(
    ['stop_id', 'stop_code', 'stop_name', 'stop_lat', 'stop_lon', 'wheelchair_boarding', 'location_type', 'parent_station', 'platform_code'],
    input.stops.map((s) => [s.atco, s.crs || s.naptanCode, s.name, s.lat.toFixed(6), s.lon.toFixed(6), '1', '0', '', s.platform]),
  ));
  files.set('routes.txt', csvText(
    ['route_id', 'agency_id', 'route_short_name', 'route_long_name', 'route_type'],
    input.routes.map((r) => [r.id, r.agencyId, r.shortName, r.longName, r.type]),
  ));
  files.set('trips.txt', csvText(
    ['route_id', 'service_id', 'trip_id', 'trip_headsign', 'direction_id', 'block_id', 'shape_id', 'wheelchair_accessible', 'vehicle_journey_code'],
    input.trips.map((t) => [t.routeId, t.serviceId, t.id, t.pattern.headsign, t.pattern.direction, t.blockId, t.pattern.hasShape ? t.pattern.id : '', '1', t.vehicleJourneyCode]),
  ));
  files.set('stop_times.txt', stopTimesCsv(input.trips));
  files.set('calendar.txt', csvText(['service_id', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'start_date', 'end_date'], calendarRows()));
  files.set('calendar_dates.txt', csvText(['service_id', 'date', 'exception_type'], calendarDateRows()));
  files.set('shapes.txt', shapesCsv(input.trips, shapeRng));
  files.set('feed_info.txt', csvText(
    ['feed_publisher_name', 'feed_publisher_url', 'feed_lang', 'feed_start_date', 'feed_end_date', 'feed_version'],
    [['UK Transit API demo (simulated data)', 'https://example.org/uk-transit-api', 'en', `${FIRST_YEAR}0101`, `${LAST_YEAR}1231`, `demo-seed-${input.seed}`]],
  ));
  return files;
}

/**
 * stop_times.txt: no set-down at the origin, no pick-up at the destination; timepoint at timing
 * points. The largest file, so rows are joined directly: ids and times never need CSV quoting.
 */
function stopTimesCsv(trips: readonly DemoTrip[]): string {
  const lines = ['trip_id,arrival_time,departure_time,stop_id,stop_sequence,pickup_type,drop_off_type,timepoint'];
  const times = new Map<number, string>();
  const time = (seconds: number) => times.get(seconds) ?? times.set(seconds, gtfsTime(seconds)).get(seconds)!;
  // The columns after the times depend only on the pattern: text them once per pattern.
  const tails = new Map<DemoPattern, string[]>();
  for (const t of trips) {
    let tail = tails.get(t.pattern);
    if (!tail) tails.set(t.pattern, (tail = patternTails(t.pattern)));
    for (let i = 0; i < tail.length; i++) lines.push(`${t.id},${time(t.arr[i])},${time(t.dep[i])},${tail[i]}`);
  }
  return lines.join('\n') + '\n';
}

/** stop_id,stop_sequence,pickup_type,drop_off_type,timepoint of each stop of a pattern. */
function patternTails(pattern: DemoPattern): string[] {
  const last = pattern.stops.length - 1;
  return pattern.stops.map((s, i) => `${s.atco},${i + 1},${i === last ? 1 : 0},${i === 0 ? 1 : 0},${i === 0 || i === last || s.timingPoint ? 1 : 0}`);
}

/** shapes.txt: one shape per pattern that has one, in order of first use. */
function shapesCsv(trips: readonly DemoTrip[], rng: Random): string {
  const seen = new Set<DemoPattern>();
  const rows: (string | number)[][] = [];
  for (const { pattern } of trips) {
    if (!pattern.hasShape || seen.has(pattern)) continue;
    seen.add(pattern);
    shapePoints(pattern, rng).forEach((p, i) => rows.push([pattern.id, p.lat.toFixed(6), p.lon.toFixed(6), i + 1, p.dist.toFixed(1)]));
  }
  return csvText(['shape_id', 'shape_pt_lat', 'shape_pt_lon', 'shape_pt_sequence', 'shape_dist_traveled'], rows);
}
