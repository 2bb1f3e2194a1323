// FEATURE UNDER TEST: the demo dataset's street map (bus roads and town grids from its StreetNetwork) compiled through the OSM path: stops on streets, routes between towns, oneway and precinct rules, determinism.
import { describe, expect, it } from 'vitest';
import { NONE, distanceMetres } from '@transit/engine';
import { generateDemo } from '@transit/builder';
import { demoEngine } from '../support/snapshots.js';

const SHEFFIELD = { lat: 53.3811, lon: -1.4701 };
const ROTHERHAM = { lat: 53.4302, lon: -1.3568 };

describe('demo streets', () => {
  const e = demoEngine();
  const g = e.streets!;

  it('are in the demo snapshot', () => {
    expect(g).not.toBeNull();
    expect(g.nodeCount).toBeGreaterThan(5_000);
    expect(e.info.feeds.some((f) => f.name === 'demo-streets.osm.pbf')).toBe(true);
  });

  it('put every bus stop beside a street', () => {
    let bus = 0;
    for (let s = 0; s < e.stopTable.count; s++) {
      if (e.stopTable.type[s] !== 0) continue;
      bus++;
      expect(g.columns.stopNode[s], e.stop(s).atcocode).not.toBe(NONE);
      expect(g.columns.stopNodeDist[s], e.stop(s).atcocode).toBeLessThan(40); // kerb 12 m off the centre line, between nodes at most 25 m
    }
    expect(bus).toBeGreaterThan(300);
  });

  it('route between towns by the bus roads', () => {
    const straight = distanceMetres(SHEFFIELD.lat, SHEFFIELD.lon, ROTHERHAM.lat, ROTHERHAM.lon);
    for (const mode of ['walk', 'bicycle', 'car'] as const) {
      const r = g.route(SHEFFIELD, ROTHERHAM, mode)!;
      expect(r.distance, mode).toBeGreaterThan(straight);
      expect(r.distance, mode).toBeLessThan(1.5 * straight);
      expect(r.steps.some((s) => s.streetName.endsWith(' Road')), mode).toBe(true);
    }
  });

  it('reach stops on foot from a town centre', () => {
    const s = g.search;
    expect(s.walkFrom(SHEFFIELD.lat, SHEFFIELD.lon, 500)).toBeGreaterThan(2);
    expect(s.pathTo(s.stops[0])!.steps[0].relativeDirection).toBe('depart');
  });

  it('keep cars out of precincts and the wrong way along Mill Lane', () => {
    const c = g.columns;
    const named = (name: RegExp) => Array.from({ length: g.edgeCount }, (_, i) => i).filter((i) => name.test(g.nameOf(c.edgeName[i])));
    expect(named(/ Precinct$/).every((i) => c.edgeAccess[i] === 1)).toBe(true);
    const mill = named(/^Mill Lane$/).map((i) => c.edgeAccess[i]);
    expect(mill.filter((a) => a === 7).length).toBe(mill.filter((a) => a === 1).length); // foot+bicycle+car east, foot west
  });

  it('are deterministic', () => {
    expect(Buffer.compare(generateDemo().osm, generateDemo().osm)).toBe(0);
  });
});
