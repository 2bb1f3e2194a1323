import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BuildError } from '../issues.js';

/** A coverage area: a name and polygon rings of [lat, lon] points (even-odd: holes and parts allowed). */
export interface CoverageArea {
  name: string;
  rings: [number, number][][];
}

const BBOX = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/;

/**
 * `--coverage`: a bbox `minLat,minLon,maxLat,maxLon` (the API's order) or a GeoJSON file
 * (Polygon, MultiPolygon, or a Feature / FeatureCollection of them; the name comes from
 * `properties.name`, else the file name). Throws BuildError naming what is wrong.
 */
export async function parseCoverage(arg: string): Promise<CoverageArea> {
  const m = BBOX.exec(arg);
  if (m) {
    const [minLat, minLon, maxLat, maxLon] = m.slice(1).map(Number);
    if (!(minLat < maxLat && minLon < maxLon) || minLat < -90 || maxLat > 90 || minLon < -180 || maxLon > 180) {
      throw new BuildError(`--coverage ${arg}: a bbox is minLat,minLon,maxLat,maxLon with min < max, in degrees.`);
    }
    return { name: `bbox ${arg.replace(/\s+/g, '')}`, rings: [[[minLat, minLon], [minLat, maxLon], [maxLat, maxLon], [maxLat, minLon]]] };
  }
  let doc: unknown;
  try {
    doc = JSON.parse(await readFile(arg, 'utf8'));
  } catch (err) {
    throw new BuildError(`--coverage ${arg}: neither a bbox (minLat,minLon,maxLat,maxLon) nor a readable GeoJSON file (${(err as Error).message}).`);
  }
  const rings: [number, number][][] = [];
  let name = path.basename(arg).replace(/\.(geo)?json$/i, '');
  const visit = (g: any): void => {
    if (!g || typeof g !== 'object') return;
    if (g.type === 'FeatureCollection') return void (g.features ?? []).forEach(visit);
    if (g.type === 'Feature') {
      if (typeof g.properties?.name === 'string') name = g.properties.name;
      return visit(g.geometry);
    }
    if (g.type === 'Polygon') return void (g.coordinates ?? []).forEach(addRing);
    if (g.type === 'MultiPolygon') return void (g.coordinates ?? []).forEach((poly: unknown[]) => poly.forEach(addRing));
  };
  const addRing = (ring: unknown) => {
    if (!Array.isArray(ring) || ring.length < 3) throw new BuildError(`--coverage ${arg}: a polygon ring needs at least 3 positions.`);
    rings.push(ring.map((pos) => {
      if (!Array.isArray(pos) || typeof pos[0] !== 'number' || typeof pos[1] !== 'number' || Math.abs(pos[1]) > 90 || Math.abs(pos[0]) > 180) {
        throw new BuildError(`--coverage ${arg}: positions are [longitude, latitude] numbers, got ${JSON.stringify(pos)}.`);
      }
      return [pos[1], pos[0]] as [number, number];
    }));
  };
  visit(doc);
  if (!rings.length) throw new BuildError(`--coverage ${arg}: no Polygon or MultiPolygon found in the GeoJSON.`);
  return { name, rings };
}

/**
 * The bounding box of `area` widened by `marginM` metres on every side (longitude widened at
 * the box's edge nearest a pole, so the margin is at least `marginM` everywhere).
 */
export function coverageBox(area: CoverageArea, marginM: number): { minLat: number; minLon: number; maxLat: number; maxLon: number } {
  let minLat = Infinity;
  let minLon = Infinity;
  let maxLat = -Infinity;
  let maxLon = -Infinity;
  for (const ring of area.rings) {
    for (const [lat, lon] of ring) {
      minLat = Math.min(minLat, lat);
      maxLat = Math.max(maxLat, lat);
      minLon = Math.min(minLon, lon);
      maxLon = Math.max(maxLon, lon);
    }
  }
  const dLat = marginM / 111_320;
  const poleward = Math.min(89, Math.max(Math.abs(minLat), Math.abs(maxLat)) + dLat);
  const dLon = dLat / Math.cos((poleward * Math.PI) / 180);
  return { minLat: Math.max(-90, minLat - dLat), minLon: Math.max(-180, minLon - dLon), maxLat: Math.min(90, maxLat + dLat), maxLon: Math.min(180, maxLon + dLon) };
}
