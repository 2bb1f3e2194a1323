import type KDBush from 'kdbush';
import type { SnapshotReader } from '../snapshot/reader.js';
import type { StringTable } from '../snapshot/strings.js';
import type { StopTable } from '../stops/stop-table.js';
import type { StationTable } from '../stops/station-table.js';
import type { Place } from '../api.js';
import { kdView } from '../spatial/kd-view.js';
import { boxAround, distanceMetres } from '../spatial/geo.js';
import { PostcodeColumn } from './postcode-column.js';
import { PlaceBit, STOP_TYPE_BITS } from './place-kinds.js';
import { formatPostcode } from './normalize.js';

/** A postcode is described by the nearest settlement within this many metres, looked for in these steps. */
const POSTCODE_SETTLEMENT_RADII = [2_000, 10_000];
/** The decoded-string cache has 2^STRING_CACHE_BITS entries. */
const STRING_CACHE_BITS = 12;
const STRING_CACHE_SIZE = 1 << STRING_CACHE_BITS;

/**
 * Every place kind behind one id space (see place-kinds.ts): position, kind, tie order and the
 * Place record of an id.
 */
export class PlaceColumns {
  readonly settlementCount: number;
  readonly postcodeCount: number;
  /** First place id of each kind; stopBase + stopCount = postcodeBase = indexed place count. */
  readonly stationBase: number;
  readonly stopBase: number;
  readonly postcodeBase: number;
  /** Every place id: postcodeBase + postcodeCount. */
  readonly placeCount: number;

  /** Settlement -> NPTG locality code (string; empty for settlements derived from parent names). */
  readonly settlementCode: Uint32Array;
  /** Settlement -> name, parent locality or district name (strings, parent may be empty). */
  readonly settlementName: Uint32Array;
  readonly settlementParent: Uint32Array;
  /** Settlement -> position, WGS84 degrees. */
  readonly settlementLat: Float64Array;
  readonly settlementLon: Float64Array;
  readonly postcodes: PostcodeColumn;
  /** Indexed place -> position in tie order: settlements, stations, stops; then name length, name, id. */
  readonly rank: Uint32Array;
  private readonly settlementKd: KDBush;
  /** Direct-mapped cache of decoded strings: pages repeat names keystroke after keystroke, and decoding costs more than the search. */
  private readonly cachedIdx = new Int32Array(STRING_CACHE_SIZE).fill(-1);
  private readonly cachedText: string[] = new Array<string>(STRING_CACHE_SIZE).fill('');

  constructor(
    r: SnapshotReader,
    private readonly strings: StringTable,
    private readonly stops: StopTable,
    private readonly stations: StationTable,
  ) {
    this.settlementCode = r.u32('settlements.code');
    this.settlementName = r.u32('settlements.name');
    this.settlementParent = r.u32('settlements.parent');
    this.settlementLat = r.f64('settlements.lat');
    this.settlementLon = r.f64('settlements.lon');
    this.settlementKd = kdView(r.u32('settlements.kdIds'), r.f64('settlements.kdCoords'));
    this.postcodes = new PostcodeColumn(r);
    this.rank = r.u32('places.rank');
    this.settlementCount = this.settlementName.length;
    this.postcodeCount = this.postcodes.count;
    this.stationBase = this.settlementCount;
    this.stopBase = this.stationBase + stations.count;
    this.postcodeBase = this.stopBase + stops.count;
    this.placeCount = this.postcodeBase + this.postcodeCount;
  }

  /** The PlaceBit of a place (0 for rail stop entrances, which are not places). */
  typeBit(id: number): number {
    if (id < this.stationBase) return PlaceBit.Settlement;
    if (id < this.stopBase) return PlaceBit.TrainStation;
    if (id < this.postcodeBase) return STOP_TYPE_BITS[this.stops.type[id - this.stopBase]];
    return PlaceBit.Postcode;
  }

  lat(id: number): number {
    if (id < this.stationBase) return this.settlementLat[id];
    if (id < this.stopBase) return this.stations.lat[id - this.stationBase];
    if (id < this.postcodeBase) return this.stops.lat[id - this.stopBase];
    return this.postcodes.lat(id - this.postcodeBase);
  }

  lon(id: number): number {
    if (id < this.stationBase) return this.settlementLon[id];
    if (id < this.stopBase) return this.stations.lon[id - this.stationBase];
    if (id < this.postcodeBase) return this.stops.lon[id - this.stopBase];
    return this.postcodes.lon(id - this.postcodeBase);
  }

  /**
   * Writes the lon, lat pair of each place of `ids` at out[2i], out[2i + 1]: the places kd-tree's
   * coordinates (spatial/kd-coords.ts), each kind's columns read directly (once per open, 2.8M
   * places at 200 tiles).
   */
  kdCoordsInto(ids: Uint32Array, out: Float64Array): void {
    const { settlementLat, settlementLon, stationBase, stopBase, postcodeBase } = this;
    const { lat: stationLat, lon: stationLon } = this.stations;
    const { lat: stopLat, lon: stopLon } = this.stops;
    const postcodes = this.postcodes;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      if (id >= postcodeBase) {
        out[2 * i] = postcodes.lon(id - postcodeBase);
        out[2 * i + 1] = postcodes.lat(id - postcodeBase);
      } else if (id >= stopBase) {
        out[2 * i] = stopLon[id - stopBase];
        out[2 * i + 1] = stopLat[id - stopBase];
      } else if (id >= stationBase) {
        out[2 * i] = stationLon[id - stationBase];
        out[2 * i + 1] = stationLat[id - stationBase];
      } else {
        out[2 * i] = settlementLon[id];
        out[2 * i + 1] = settlementLat[id];
      }
    }
  }

  /**
   * Ties of equal match quality and distance go to the lower key: kind, shorter name, name, id.
   * Postcodes come after every indexed place, by code length, then code order (length x
   * postcodeCount + position: exact in a double at any count).
   */
  tieKey(id: number): number {
    if (id < this.postcodeBase) return this.rank[id];
    const pos = id - this.postcodeBase;
    return this.postcodeBase + this.postcodes.length(pos) * this.postcodeCount + pos;
  }

  /**
   * Reads the row of each of ids[0, count) that toPlace reads, in one tight loop: the loads are
   * independent, so their cache misses overlap, where the record building would meet them one
   * by one. Returns a value made of them only so the reads are kept. Per page: must not allocate.
   */
  touchRows(ids: Uint32Array, count: number): number {
    const st = this.stops;
    let sink = 0;
    for (let j = 0; j < count; j++) {
      const id = ids[j];
      if (id >= this.stopBase && id < this.postcodeBase) {
        const i = id - this.stopBase;
        sink += st.lat[i] + st.lon[i] + st.type[i] + st.name[i] + st.atco[i] + st.locality[i] + st.indicator[i] + st.towards[i];
      } else sink += this.lat(id) + this.lon(id);
    }
    return sink;
  }

  /** The Place record of a place id; `distance` (metres, rounded) only when given. */
  toPlace(id: number, distance?: number): Place {
    const place = this.describe(id);
    if (distance !== undefined) place.distance = Math.round(distance);
    return place;
  }

  private describe(id: number): Place {
    const latitude = this.lat(id);
    const longitude = this.lon(id);
    if (id < this.stationBase) {
      const parent = this.text(this.settlementParent[id]);
      const place: Place = { type: 'settlement', name: this.text(this.settlementName[id]), description: parent ? `Settlement in ${parent}` : 'Town', latitude, longitude };
      const code = this.text(this.settlementCode[id]);
      if (code) place.localityCode = code;
      return place;
    }
    if (id < this.stopBase) {
      const idx = id - this.stationBase;
      const crsCode = this.text(this.stations.crs[idx]);
      return { type: 'train_station', name: this.text(this.stations.name[idx]), description: `Rail station (${crsCode})`, latitude, longitude, crsCode };
    }
    if (id < this.postcodeBase) return this.describeStop(id - this.stopBase, latitude, longitude);
    const settlement = this.nearestSettlement(latitude, longitude);
    const name = formatPostcode(this.postcodes.code(id - this.postcodeBase));
    const description = settlement >= 0 ? `Postcode in ${this.text(this.settlementName[settlement])}` : 'Postcode';
    return { type: 'postcode', name, description, latitude, longitude };
  }

  /** The settlement nearest a point within the largest of POSTCODE_SETTLEMENT_RADII, or -1. */
  private nearestSettlement(lat: number, lon: number): number {
    for (const radius of POSTCODE_SETTLEMENT_RADII) {
      const [minLon, minLat, maxLon, maxLat] = boxAround(lat, lon, radius);
      const ids = this.settlementKd.range(minLon, minLat, maxLon, maxLat);
      let best = -1;
      let bestMetres = radius;
      for (const idx of ids) {
        const metres = distanceMetres(lat, lon, this.settlementLat[idx], this.settlementLon[idx]);
        if (metres < bestMetres || (metres === bestMetres && idx < best)) {
          best = idx;
          bestMetres = metres;
        }
      }
      if (best >= 0) return best;
    }
    return -1;
  }

  /** String idx decoded, through the cache. */
  private text(idx: number): string {
    const slot = Math.imul(idx, 0x9e3779b1) >>> (32 - STRING_CACHE_BITS);
    if (this.cachedIdx[slot] === idx) return this.cachedText[slot];
    const text = this.strings.get(idx);
    this.cachedIdx[slot] = idx;
    this.cachedText[slot] = text;
    return text;
  }

  /** "Bus stop in Sheffield Centre (Stand A1), towards Meadowhall". */
  private describeStop(stopIdx: number, latitude: number, longitude: number): Place {
    const st = this.stops;
    const tram = STOP_TYPE_BITS[st.type[stopIdx]] === PlaceBit.TramStop;
    const locality = this.text(st.locality[stopIdx]);
    const indicator = this.text(st.indicator[stopIdx]);
    const towards = this.text(st.towards[stopIdx]);
    let description = tram ? 'Tram stop' : 'Bus stop';
    if (locality) description += ` in ${locality}`;
    if (indicator) description += ` (${indicator})`;
    if (towards) description += `, towards ${towards}`;
    return { type: tram ? 'tram_stop' : 'bus_stop', name: this.text(st.name[stopIdx]), description, latitude, longitude, atcocode: this.text(st.atco[stopIdx]) };
  }
}
