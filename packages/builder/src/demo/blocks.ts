import type { DemoTrip } from './model.js';

/** Minimum turnaround at a terminus before a vehicle takes its next journey (seconds). */
const LAYOVER_S = 4 * 60;

/**
 * Chains one route's journeys of one service day into vehicle workings (block_id): each trip,
 * in departure order, takes the first vehicle waiting at its origin for at least the layover,
 * else a new vehicle. Blocks are named `<prefix>-<vehicle number>`.
 */
export function assignBlocks(trips: DemoTrip[], prefix: string): void {
  const vehicles: { id: string; place: string; freeAt: number }[] = [];
  const order = [...trips].sort((a, b) => a.dep[0] - b.dep[0] || (a.id < b.id ? -1 : 1));
  for (const trip of order) {
    const start = trip.dep[0];
    let vehicle = vehicles.find((v) => v.place === trip.pattern.fromPlace && v.freeAt + LAYOVER_S <= start);
    if (!vehicle) vehicles.push((vehicle = { id: `${prefix}-${String(vehicles.length + 1).padStart(2, '0')}`, place: '', freeAt: 0 }));
    trip.blockId = vehicle.id;
    vehicle.place = trip.pattern.toPlace;
    vehicle.freeAt = trip.arr[trip.arr.length - 1];
  }
}
