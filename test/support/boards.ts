import { buildSnapshot } from '@transit/builder';
import { Engine, formatUkTimestamp, type BoardType } from '@transit/engine';
import { feedFolder } from './gtfs.js';

/** Builds an inline feed (see feedFolder) through the real builder and opens it. */
export async function openFeed(text: string): Promise<Engine> {
  const { bytes } = await buildSnapshot({ gtfs: [feedFolder(text)], quiet: true });
  return Engine.open(bytes.buffer);
}

/** `MM-DDThh:mm+hh:mm` of an instant (UK local, with its offset). */
export function shortTime(epochMs: number): string {
  const ts = formatUkTimestamp(epochMs);
  return ts.slice(5, 16) + ts.slice(19);
}

/**
 * A board as one golden line: `MM-DDThh:mm+hh:mm trip/service-date(MM-DD)` per call, earliest first,
 * or `-` when empty.
 */
export function boardLine(e: Engine, atco: string, from: number, minutes: number, type: BoardType = 'departures', limit = 100): string {
  const calls = e.stopBoard(e.findStop(atco), { from, to: from + minutes * 60_000, limit, type });
  return calls.map((c) => `${shortTime(c.time)} ${c.tripId}/${c.serviceDate.slice(5)}`).join(', ') || '-';
}

/**
 * A feed running every day around both 2026 clock changes (29 March, 25 October): trips leave
 * S1 at GTFS 00:30, 01:30, 02:30, 03:30, 24:30 and 25:30, reaching S2 ten minutes later.
 */
export const CLOCK_CHANGE_FEED = `
  # agency.txt
  agency_id,agency_name,agency_url,agency_timezone
  A,Agency,https://example.org,Europe/London
  # stops.txt
  stop_id,stop_name,stop_lat,stop_lon
  S1,One,53.0,-1.0
  S2,Two,53.01,-1.0
  # routes.txt
  route_id,agency_id,route_short_name,route_type
  N,A,N1,3
  # calendar.txt
  service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
  SPRING,1,1,1,1,1,1,1,20260327,20260331
  AUTUMN,1,1,1,1,1,1,1,20261023,20261027
  # trips.txt
  route_id,service_id,trip_id
  ${['SPRING', 'AUTUMN'].map((s) => ['0030', '0130', '0230', '0330', '2430', '2530'].map((t) => `N,${s},${s[0].toLowerCase()}${t}`).join('\n')).join('\n')}
  # stop_times.txt
  trip_id,stop_sequence,stop_id,arrival_time,departure_time
  ${['s', 'a']
    .flatMap((s) =>
      ['0030', '0130', '0230', '0330', '2430', '2530'].map((t) => {
        const hh = t.slice(0, 2);
        return `${s}${t},1,S1,${hh}:30:00,${hh}:30:00\n${s}${t},2,S2,${hh}:40:00,${hh}:40:00`;
      }),
    )
    .join('\n')}
`;
