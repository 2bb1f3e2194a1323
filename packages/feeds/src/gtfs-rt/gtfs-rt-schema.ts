import { readFileSync } from 'node:fs';
import protobuf from 'protobufjs';

/**
 * The official `gtfs-realtime.proto` (vehicle-position messages) loaded once at module init.
 * The file lives in the package's `proto/` folder, two levels above both `src/gtfs-rt/` (tests run
 * the sources) and `dist/gtfs-rt/` (the built package), so one relative URL serves both.
 */
const PROTO_URL = new URL('../../proto/gtfs-realtime.proto', import.meta.url);

/** `transit_realtime.FeedMessage`, field names as in the proto (snake_case). */
export const FeedMessage: protobuf.Type = protobuf
  .parse(readFileSync(PROTO_URL, 'utf8'), { keepCase: true })
  .root.lookupType('transit_realtime.FeedMessage');

/** Names of `VehiclePosition.OccupancyStatus` values by number. */
export const OCCUPANCY_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(FeedMessage.root.lookupEnum('transit_realtime.VehiclePosition.OccupancyStatus').values).map(([k, v]) => [v, k.toLowerCase()]),
);
