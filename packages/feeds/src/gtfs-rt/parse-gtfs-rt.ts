import type { VehicleDelivery } from '@transit/engine';
import { FeedParseError } from '../errors.js';
import { text } from '../feed-values.js';
import { FeedMessage } from './gtfs-rt-schema.js';
import { addVehicle, emptyFields, gtfsRtDelivery, type VehicleFields } from './gtfs-rt-record.js';
import { readGtfsRt } from './gtfs-rt-reader.js';

/** Decoded message shapes (protobufjs objects; unset optionals read as proto defaults). */
interface TripDescriptor { trip_id?: string; route_id?: string; direction_id?: number; start_time?: string; start_date?: string }
interface Position { latitude: number; longitude: number; bearing?: number }
interface VehiclePosition {
  trip?: TripDescriptor | null;
  vehicle?: { id?: string; label?: string } | null;
  position?: Position | null;
  timestamp?: number | { toNumber(): number };
  occupancy_status?: number;
}
interface FeedEntity { id: string; is_deleted?: boolean; vehicle?: VehiclePosition | null }
interface Feed { header: { timestamp?: number | { toNumber(): number } } | null; entity: FeedEntity[] }

/** A uint64 (number or Long) as a JS number; 0 when absent. */
function u64(v: number | { toNumber(): number } | undefined | null): number {
  if (v === undefined || v === null) return 0;
  return typeof v === 'number' ? v : v.toNumber();
}

const has = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);

/**
 * Parses a GTFS-realtime `FeedMessage` (protobuf bytes) into vehicle records from its
 * `VehiclePosition` entities. Entities without a usable position (missing, 0/0, lat 90) and
 * without a vehicle id or timestamp are dropped and counted; deleted entities and entities with
 * no vehicle are skipped. Throws FeedParseError when the bytes do not decode (garbage,
 * truncated) or are empty. The bytes are read by a fast reader of the fields used
 * (gtfs-rt-reader.ts); bytes it does not read exactly as protobufjs would (malformed, unusual
 * encodings) are decoded by protobufjs, whose answer or error stands. `options.fastPath: false`
 * forces protobufjs (tests compare the two).
 */
export function parseGtfsRt(bytes: Uint8Array, options: { fastPath?: boolean } = {}): VehicleDelivery {
  if (bytes.length === 0) throw new FeedParseError('gtfs-rt', 'empty document');
  return (options.fastPath === false ? null : readGtfsRt(bytes)) ?? parseDecoded(bytes);
}

/** The full decode: protobufjs message objects, then the same records. */
function parseDecoded(bytes: Uint8Array): VehicleDelivery {
  let feed: Feed;
  try {
    feed = FeedMessage.decode(bytes) as unknown as Feed;
  } catch (err) {
    throw new FeedParseError('gtfs-rt', `not a GTFS-realtime FeedMessage: ${(err as Error).message}`);
  }
  // protobufjs does not enforce `required`: a message without its header decodes, with header null.
  if (!feed.header) throw new FeedParseError('gtfs-rt', "not a GTFS-realtime FeedMessage: no header");
  const out = gtfsRtDelivery(u64(feed.header.timestamp));
  const f = emptyFields();
  for (const e of feed.entity) {
    const v = e.vehicle;
    if (!v || e.is_deleted) continue;
    addVehicle(out, fieldsOf(e, v, f));
  }
  return out;
}

/** The fields of one decoded entity, into `f`. */
function fieldsOf(e: FeedEntity, v: VehiclePosition, f: VehicleFields): VehicleFields {
  const trip = v.trip ?? null;
  const pos = v.position ?? null;
  f.vehicleRef = text(v.vehicle?.id) ?? text(v.vehicle?.label) ?? text(e.id);
  f.timestampS = u64(v.timestamp);
  f.tripId = text(trip?.trip_id);
  f.routeId = text(trip?.route_id);
  f.startDate = text(trip?.start_date);
  f.startTime = text(trip?.start_time);
  f.directionId = trip && has(trip, 'direction_id') ? trip.direction_id! : null;
  f.hasPosition = pos !== null;
  f.latitude = pos ? pos.latitude : 0;
  f.longitude = pos ? pos.longitude : 0;
  f.bearing = pos && has(pos, 'bearing') ? pos.bearing! : 0;
  f.occupancyStatus = has(v, 'occupancy_status') ? v.occupancy_status! : null;
  return f;
}
