import { TOWNS } from './places.js';
import type { Random } from './random.js';
import type { Locality } from './model.js';

/**
 * Hands out bus stop codes by district: ATCO `3700dnnnn` / NaptanCode `370dnnnn`-style for
 * South Yorkshire (e.g. 370010001 / 37010001, as in the real 370Stops.csv) and `4500dnnnn` /
 * `450dnnnn` for West Yorkshire. Numbers climb with small gaps, like a real area file.
 */
export class StopCodes {
  private readonly counters = new Map<string, number>();

  constructor(private readonly world: Random) {}

  /** The next codes for a stop in the locality's district. */
  next(locality: Locality): { atco: string; naptanCode: string } {
    const town = TOWNS[locality.town];
    const prefix = town.area === 'south' ? '37' : '45';
    const key = `${prefix}${town.district}`;
    const n = (this.counters.get(key) ?? 0) + this.world.int(1, 3);
    this.counters.set(key, n);
    const serial = String(n).padStart(4, '0');
    return { atco: `${prefix}00${town.district}${serial}`, naptanCode: `${prefix}0${town.district}${serial}` };
  }
}
