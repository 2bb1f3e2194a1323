import { growF64, growU32, growU8 } from './write/growable.js';
import { InternedTexts, ownString } from './source/own-string.js';

/** stops.type codes (engine STOP_TYPE_CODES order). */
export enum StopKind {
  Bus = 0,
  Tram = 1,
  Rail = 2,
}

/** One stop as parsers hand it to `StopTable.set` (and `get` gives back). */
export interface StopRecord {
  /** ATCO code, or the GTFS stop_id when the stop is not in NaPTAN. Unique. */
  atco: string;
  naptanCode: string;
  name: string;
  shortName: string;
  indicator: string;
  street: string;
  locality: string;
  /** NPTG locality code (E0057864), empty when unknown. */
  localityCode: string;
  /** Parent locality name (e.g. Barnsley for "Barnsley Town Centre"). */
  parentLocality: string;
  town: string;
  bearing: string;
  /** CRS code for rail stops when known (GTFS stop_code on rail feeds). */
  crs: string;
  lat: number;
  lon: number;
  kind: StopKind;
  /** From NaPTAN (true) or only from a GTFS feed (false). */
  inNaptan: boolean;
  /** NaPTAN Status is active (GTFS-only stops count as active). */
  active: boolean;
}

/** The text fields of a stop, in the order the `text` column holds them per stop. */
const TEXT_FIELDS = ['naptanCode', 'name', 'shortName', 'indicator', 'street', 'locality', 'localityCode', 'parentLocality', 'town', 'bearing', 'crs'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
const FIELD_COUNT = TEXT_FIELDS.length;
const F = Object.fromEntries(TEXT_FIELDS.map((f, i) => [f, i])) as Record<TextField, number>;

const IN_NAPTAN = 1;
const ACTIVE = 2;

/**
 * The dataset's stops as columns, by row (the order first seen: NaPTAN, then CIF and GTFS-only
 * stops), keyed by ATCO code: no object per stop, and every text field interned (a national
 * NaPTAN repeats its streets, localities and towns over hundreds of thousands of stops). Parsers
 * `set` records; compile steps read the columns by row. After `keep`, the rows are the
 * snapshot's dense stops.
 */
export class StopTable {
  /** Row -> ATCO code (or GTFS stop_id, or 9100<TIPLOC>); a string of its own. */
  private atcos: string[] = [];
  private rowOf = new Map<string, number>();
  /** Row * FIELD_COUNT + field -> index into `text` (TEXT_FIELDS order; '' is 0). */
  private readonly text = growU32();
  private readonly texts = new InternedTexts();
  /** Row -> WGS84 degrees. */
  readonly lat = growF64();
  readonly lon = growF64();
  /** Row -> StopKind. */
  private readonly kinds = growU8();
  /** Row -> IN_NAPTAN | ACTIVE bits. */
  private readonly flags = growU8();

  /** Stops held. */
  get size(): number {
    return this.atcos.length;
  }

  /** Row of the stop with this ATCO code, or -1. */
  row(atco: string): number {
    return this.rowOf.get(atco) ?? -1;
  }

  has(atco: string): boolean {
    return this.rowOf.has(atco);
  }

  /** Adds a stop, or replaces the one with its ATCO code in its row (as Map.set keeps the key's place). */
  set(atco: string, s: StopRecord): this {
    let row = this.rowOf.get(atco);
    if (row === undefined) {
      row = this.atcos.push(ownString(atco)) - 1;
      this.rowOf.set(this.atcos[row], row);
      for (let f = 0; f < FIELD_COUNT; f++) this.text.push(0);
      this.lat.push(0);
      this.lon.push(0);
      this.kinds.push(0);
      this.flags.push(0);
    }
    for (let f = 0; f < FIELD_COUNT; f++) this.text.set(row * FIELD_COUNT + f, this.texts.intern(s[TEXT_FIELDS[f]]));
    this.lat.set(row, s.lat);
    this.lon.set(row, s.lon);
    this.kinds.set(row, s.kind);
    this.flags.set(row, (s.inNaptan ? IN_NAPTAN : 0) | (s.active ? ACTIVE : 0));
    return this;
  }

  /** The stop with this ATCO code as a record of its own (changing it changes nothing here), or undefined. */
  get(atco: string): StopRecord | undefined {
    const row = this.rowOf.get(atco);
    return row === undefined ? undefined : this.record(row);
  }

  /** Row -> a record of its own. */
  record(row: number): StopRecord {
    const t = (f: TextField) => this.field(row, f);
    return {
      atco: this.atcos[row], naptanCode: t('naptanCode'), name: t('name'), shortName: t('shortName'), indicator: t('indicator'), street: t('street'),
      locality: t('locality'), localityCode: t('localityCode'), parentLocality: t('parentLocality'), town: t('town'), bearing: t('bearing'), crs: t('crs'),
      lat: this.lat.get(row), lon: this.lon.get(row), kind: this.kind(row), inNaptan: this.inNaptan(row), active: this.active(row),
    };
  }

  /** Every stop as a record of its own, in row order (tests, small datasets). */
  values(): StopRecord[] {
    return Array.from({ length: this.size }, (_, row) => this.record(row));
  }

  atco(row: number): string {
    return this.atcos[row];
  }

  /** A text field of a row ('' when absent). */
  field(row: number, f: TextField): string {
    return this.texts.get(this.text.get(row * FIELD_COUNT + F[f]));
  }

  name(row: number): string {
    return this.field(row, 'name');
  }

  crs(row: number): string {
    return this.field(row, 'crs');
  }

  setCrs(row: number, crs: string): void {
    this.text.set(row * FIELD_COUNT + F.crs, this.texts.intern(crs));
  }

  kind(row: number): StopKind {
    return this.kinds.get(row);
  }

  setKind(row: number, kind: StopKind): void {
    this.kinds.set(row, kind);
  }

  inNaptan(row: number): boolean {
    return (this.flags.get(row) & IN_NAPTAN) !== 0;
  }

  active(row: number): boolean {
    return (this.flags.get(row) & ACTIVE) !== 0;
  }

  /** Marks a stop active (an inactive NaPTAN stop that a timetable still uses). */
  setActive(row: number): void {
    this.flags.set(row, this.flags.get(row) | ACTIVE);
  }

  /** Keeps only `rows` (ascending), which become rows 0, 1, ... in that order. */
  keep(rows: ArrayLike<number>): void {
    const atcos: string[] = [];
    for (let k = 0; k < rows.length; k++) {
      const row = rows[k];
      if (k > 0 && row <= rows[k - 1]) throw new Error('StopTable.keep takes ascending rows');
      atcos.push(this.atcos[row]);
      for (let f = 0; f < FIELD_COUNT; f++) this.text.set(k * FIELD_COUNT + f, this.text.get(row * FIELD_COUNT + f));
      this.lat.set(k, this.lat.get(row));
      this.lon.set(k, this.lon.get(row));
      this.kinds.set(k, this.kinds.get(row));
      this.flags.set(k, this.flags.get(row));
    }
    this.text.length = rows.length * FIELD_COUNT;
    for (const col of [this.lat, this.lon, this.kinds, this.flags]) col.length = rows.length;
    this.atcos = atcos;
    this.rowOf = new Map(atcos.map((a, i) => [a, i]));
  }
}
