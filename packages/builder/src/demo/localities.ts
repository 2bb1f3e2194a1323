import { LOCALITIES, TOWNS } from './places.js';
import { distanceMetres, type LatLon } from './geo.js';
import type { Locality } from './model.js';

/** The demo localities with stable NPTG-like codes, and nearest-locality lookup. */
export class LocalityIndex {
  readonly all: readonly Locality[];

  constructor() {
    // Codes follow list order, never the seed: the same locality has the same code in every build.
    this.all = LOCALITIES.map((l, i) => ({
      code: `E00${57_120 + i * 17}`,
      name: l.name,
      town: l.town,
      area: TOWNS[l.town].area,
      lat: l.lat,
      lon: l.lon,
    }));
  }

  /** The locality whose centre is nearest to p (linear scan: a few dozen localities). */
  nearest(p: LatLon): Locality {
    let best = this.all[0];
    let bestM = Infinity;
    for (const l of this.all) {
      const m = distanceMetres(p, l);
      if (m < bestM) [best, bestM] = [l, m];
    }
    return best;
  }

  /** Built-up: within `radius` metres of any locality centre. */
  isUrban(p: LatLon, radius: number): boolean {
    return this.all.some((l) => distanceMetres(p, l) < radius);
  }
}

/** "Sheffield Centre" -> "Sheffield", "Leeds City Centre" -> "Leeds": a destination as shown on a bus. */
export function placeName(locality: Locality): string {
  return locality.name.replace(/ (Town |City )?Centre$/, '');
}
