import type { Dataset, SettlementRecord } from '../dataset.js';

/** Key prefix of settlements derived from a parent locality name (they have no NPTG code). */
export const PARENT_SETTLEMENT_KEY = 'parent:';

/**
 * Settlements when no NPTG file was given: one per NPTG locality of the active NaPTAN stops
 * (name = LocalityName, parent = ParentLocalityName, position = centroid of its stops), then one
 * per parent locality name that is not itself a locality name (Sheffield, Doncaster: NaPTAN
 * names them only as parents of "Sheffield Centre", "Balby", ...), at the centroid of all the
 * stops under it, with an empty code. Does nothing when `ds.settlements` is already filled.
 */
export function deriveSettlements(ds: Dataset): void {
  if (ds.settlements.size > 0) return;
  const localities = new Map<string, Centroid & { name: string; parent: string }>();
  const parents = new Map<string, Centroid>();
  const stops = ds.stops;
  for (let row = 0; row < stops.size; row++) {
    if (!stops.active(row) || !stops.field(row, 'localityCode') || !stops.field(row, 'locality')) continue;
    const s = { localityCode: stops.field(row, 'localityCode'), locality: stops.field(row, 'locality'), parentLocality: stops.field(row, 'parentLocality'), lat: stops.lat.get(row), lon: stops.lon.get(row) };
    let locality = localities.get(s.localityCode);
    if (!locality) localities.set(s.localityCode, (locality = { name: s.locality, parent: s.parentLocality, lat: 0, lon: 0, count: 0 }));
    add(locality, s.lat, s.lon);
    if (!s.parentLocality) continue;
    let parent = parents.get(s.parentLocality);
    if (!parent) parents.set(s.parentLocality, (parent = { lat: 0, lon: 0, count: 0 }));
    add(parent, s.lat, s.lon);
  }
  const localityNames = new Set<string>();
  for (const [code, l] of localities) {
    localityNames.add(l.name);
    ds.settlements.set(code, settlement(code, l.name, l.parent, l));
  }
  for (const [name, p] of parents) {
    if (!localityNames.has(name)) ds.settlements.set(PARENT_SETTLEMENT_KEY + name, settlement('', name, '', p));
  }
}

interface Centroid {
  lat: number;
  lon: number;
  count: number;
}

function add(c: Centroid, lat: number, lon: number): void {
  c.lat += lat;
  c.lon += lon;
  c.count++;
}

function settlement(code: string, name: string, parent: string, c: Centroid): SettlementRecord {
  return { code, name, parent, lat: c.lat / c.count, lon: c.lon / c.count };
}
