import { growI32, growU32, growU8 } from '../write/growable.js';
import { InternedTexts } from '../source/own-string.js';

/** One trip as parsers hand it over (GTFS trips.txt, CIF schedules). */
export interface TripRow {
  id: string;
  route: number;
  service: number;
  headsign: string;
  /** 0/1, or 255 when absent. */
  direction: number;
  /** Shape index or -1. */
  shape: number;
  block: string;
  vehicleJourneyCode: string;
}

/**
 * The parsed trips as columns, by trip index (the order they were read): no object per trip,
 * and headsigns, blocks and vehicle journey codes interned (a national feed repeats a few
 * thousand headsigns over millions of trips). Parsers `push` rows; compile steps read the columns.
 */
export class TripColumns {
  /** Trip -> trip_id (the same strings as the model's tripById keys). */
  readonly id: string[] = [];
  /** Trip -> route index (tt.routes). */
  readonly route = growU32();
  /** Trip -> service index (tt.services). */
  readonly service = growU32();
  /** Trip -> shape index, or -1. */
  readonly shape = growI32();
  /** Trip -> direction_id 0/1, or 255 when absent. */
  readonly direction = growU8();
  /** Trip -> headsign / block_id / vehicle_journey_code, each an index into `text` ('' is 0). */
  private readonly headsigns = growU32();
  private readonly blocks = growU32();
  private readonly journeyCodes = growU32();
  private readonly text = new InternedTexts();

  get length(): number {
    return this.id.length;
  }

  /** Appends a trip; returns its index. */
  push(row: TripRow): number {
    this.id.push(row.id);
    this.route.push(row.route);
    this.service.push(row.service);
    this.shape.push(row.shape);
    this.direction.push(row.direction);
    this.headsigns.push(this.text.intern(row.headsign));
    this.blocks.push(this.text.intern(row.block));
    this.journeyCodes.push(this.text.intern(row.vehicleJourneyCode));
    return this.id.length - 1;
  }

  headsign(t: number): string {
    return this.text.get(this.headsigns.get(t));
  }

  block(t: number): string {
    return this.text.get(this.blocks.get(t));
  }

  vehicleJourneyCode(t: number): string {
    return this.text.get(this.journeyCodes.get(t));
  }
}
