import { csvText } from './csv-text.js';
import { offsetMetres } from './geo.js';
import type { Random } from './random.js';

/** Real central postcodes with their real centroids, always present. */
const REAL: readonly [code: string, lat: number, lon: number][] = [
  ['S1 2HH', 53.38041, -1.46991],
  ['S60 1PF', 53.43139, -1.35748],
  ['S70 1AA', 53.55163, -1.48279],
  ['DN1 1AA', 53.52299, -1.13489],
  ['LS1 4DY', 53.79515, -1.54666],
  ['BD1 1AA', 53.79603, -1.7506],
  ['WF1 1AA', 53.67949, -1.50093],
  ['HD1 1AA', 53.64843, -1.78154],
  ['HX1 1AA', 53.72434, -1.85746],
];

/** Postcode districts near the demo stops: centre, and how many postcodes to invent there. */
const DISTRICTS: readonly [district: string, lat: number, lon: number, count: number][] = [
  ['S1', 53.3811, -1.4701, 14], ['S2', 53.372, -1.455, 8], ['S3', 53.39, -1.475, 8], ['S5', 53.415, -1.455, 8],
  ['S6', 53.4, -1.5, 8], ['S8', 53.36, -1.475, 6], ['S9', 53.39, -1.415, 8], ['S10', 53.382, -1.505, 8],
  ['S12', 53.345, -1.43, 6], ['S13', 53.37, -1.385, 6], ['S35', 53.455, -1.47, 10], ['S36', 53.525, -1.629, 4],
  ['S60', 53.43, -1.357, 10], ['S61', 53.438, -1.395, 6], ['S62', 53.453, -1.346, 6], ['S63', 53.502, -1.345, 6],
  ['S64', 53.49, -1.3, 8], ['S66', 53.423, -1.25, 8], ['S70', 53.553, -1.48, 10], ['S71', 53.57, -1.46, 5],
  ['S72', 53.577, -1.419, 5], ['S73', 53.521, -1.4, 6], ['S74', 53.499, -1.443, 5], ['S75', 53.54, -1.54, 5],
  ['DN1', 53.5228, -1.1339, 10], ['DN2', 53.535, -1.1, 6], ['DN3', 53.536, -1.053, 5], ['DN4', 53.5, -1.155, 6],
  ['DN5', 53.541, -1.145, 6], ['DN12', 53.483, -1.24, 6], ['LS1', 53.7972, -1.5439, 12], ['LS2', 53.801, -1.544, 6],
  ['LS10', 53.778, -1.53, 5], ['LS11', 53.78, -1.545, 6], ['LS12', 53.799, -1.588, 6], ['LS13', 53.804, -1.645, 6],
  ['LS26', 53.748, -1.478, 6], ['LS27', 53.745, -1.6, 6], ['LS28', 53.796, -1.662, 6], ['BD1', 53.7935, -1.7524, 10],
  ['BD3', 53.796, -1.72, 6], ['WF1', 53.683, -1.4977, 10], ['WF2', 53.68, -1.52, 5], ['WF3', 53.714, -1.508, 5],
  ['WF4', 53.66, -1.556, 5], ['WF5', 53.68, -1.58, 5], ['WF13', 53.6907, -1.6298, 8], ['WF14', 53.674, -1.695, 5],
  ['WF17', 53.716, -1.633, 6], ['HD1', 53.6458, -1.785, 10], ['HX1', 53.7248, -1.8616, 10], ['HX5', 53.685, -1.838, 5],
];

/** Letters used in the inward code's unit part (never C, I, K, M, O, V). */
const UNIT_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

/**
 * The postcodes CSV (`Postcode,lat,long`, code with its space, 5 decimals, sorted like the ONS
 * extracts). Codes come from `world` (the same in every build); centroids are scattered within
 * about a kilometre of the district centre by `rng`.
 */
export function postcodesCsv(world: Random, rng: Random): string {
  const rows = new Map<string, [string, string, string]>();
  for (const [code, lat, lon] of REAL) rows.set(code, [code, lat.toFixed(5), lon.toFixed(5)]);
  for (const [district, lat, lon, count] of DISTRICTS) {
    for (let made = 0; made < count; ) {
      const code = `${district} ${world.int(1, 6)}${world.pick([...UNIT_LETTERS])}${world.pick([...UNIT_LETTERS])}`;
      const at = offsetMetres({ lat, lon }, rng.range(0, 360), rng.range(50, 1100));
      if (rows.has(code)) continue;
      rows.set(code, [code, at.lat.toFixed(5), at.lon.toFixed(5)]);
      made++;
    }
  }
  const sorted = [...rows.values()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return csvText(['Postcode', 'lat', 'long'], sorted);
}
