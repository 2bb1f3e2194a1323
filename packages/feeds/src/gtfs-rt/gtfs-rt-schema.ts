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

/** Field number -> wire type protobufjs decodes the field with (0 varint, 1 64-bit, 2 length-delimited, 5 32-bit); -1 for a number the message does not declare. */
export type WireTypes = Int8Array;

/** Wire types of the fields of one message of the schema (`FeedMessage`, `VehiclePosition`, ...), read from the proto itself. */
function wireTypes(name: string): WireTypes {
  const type = FeedMessage.root.lookupType(`transit_realtime.${name}`);
  const fields = type.fieldsArray.map((f) => f.resolve());
  const out = new Int8Array(Math.max(...fields.map((f) => f.id)) + 1).fill(-1);
  for (const f of fields) {
    const basic = (protobuf.types.basic as Record<string, number | undefined>)[f.type];
    out[f.id] = basic ?? (f.resolvedType instanceof protobuf.Enum ? 0 : 2);
  }
  return out;
}

/** Wire types per message, for the fast reader (gtfs-rt-reader.ts). */
export const WIRE = {
  FeedMessage: wireTypes('FeedMessage'),
  FeedHeader: wireTypes('FeedHeader'),
  FeedEntity: wireTypes('FeedEntity'),
  VehiclePosition: wireTypes('VehiclePosition'),
  Position: wireTypes('Position'),
  TripDescriptor: wireTypes('TripDescriptor'),
  VehicleDescriptor: wireTypes('VehicleDescriptor'),
} as const;
