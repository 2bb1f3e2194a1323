// FEATURE UNDER TEST: the highway network of a real OSM extract (Newport, South Wales, 2023-06-13): counts, names, access and oneway read from real tags.
import { beforeAll, describe, expect, it } from 'vitest';
import { parseOsm } from '../../packages/builder/src/osm/parse-osm.js';
import { fileByteSource } from '../../packages/builder/src/osm/byte-source.js';
import { describeStreets, type OsmStreets } from '../../packages/builder/src/osm/osm-streets.js';
import { HAVE_DATA, data } from '../support/data.js';

describe.skipIf(!HAVE_DATA)('Newport OSM extract', () => {
  let s: OsmStreets;
  beforeAll(async () => {
    const source = await fileByteSource(data('osm/newport_wales_2023-06-13.osm.pbf'));
    s = await parseOsm([source]).finally(() => source.close());
  });
  const waysNamed = (name: string) => Array.from(s.wayAccess.keys()).filter((w) => s.names[s.wayName[w]] === name);

  it('reads a plausible number of routable ways and nodes, every node found', () => {
    const d = describeStreets(s);
    expect(d.ways).toBeGreaterThan(7_000); // of ~8,900 highway ways (construction etc. dropped)
    expect(d.ways).toBeLessThan(9_000);
    expect(d.nodes).toBeGreaterThan(40_000);
    expect(d.nodes).toBeLessThan(60_000);
    expect(d.missingNodes).toBe(0); // a complete-ways extract
    for (let i = 0; i < s.lat.length; i++) {
      if (s.lat[i] < 51.4 || s.lat[i] > 51.8 || s.lon[i] < -3.3 || s.lon[i] > -2.7) throw new Error(`node ${i} at ${s.lat[i]},${s.lon[i]} is outside Newport`);
    }
  });

  it('names streets from name, else ref', () => {
    for (const name of ['Commercial Street', 'Skinner Street', 'Bridge Street', 'Cardiff Road', 'M4']) expect(waysNamed(name).length, name).toBeGreaterThan(0);
  });

  it('reads oneway and mode restrictions from the tags', () => {
    const skinner = waysNamed('Skinner Street').map((w) => s.wayAccess[w]);
    expect(skinner.some((a) => a & 4 && !((a >> 3) & 4))).toBe(true); // one way for cars
    expect(skinner.every((a) => a & 1 && (a >> 3) & 1)).toBe(true); // walkers both ways
    const m4 = waysNamed('M4').map((w) => s.wayAccess[w]);
    expect(m4.every((a) => (a & 0b011011) === 0 && a & 4)).toBe(true); // cars only, one way per carriageway
    const speeds = new Set(waysNamed('M4').map((w) => s.wayCarSpeed[w]));
    expect([...speeds].sort()).toEqual([113, 64, 80]); // 70 mph, and the 50 and 40 mph limits around the Brynglas tunnels
  });

  it('cut to a small box: fewer ways, each reaching into the box, every node found', async () => {
    const box = { minLat: 51.585, minLon: -3.0, maxLat: 51.59, maxLon: -2.99 }; // central Newport
    const source = await fileByteSource(data('osm/newport_wales_2023-06-13.osm.pbf'));
    const cut = await parseOsm([source], undefined, box).finally(() => source.close());
    const d = describeStreets(cut);
    expect(d.ways).toBeGreaterThan(0);
    expect(d.ways).toBeLessThan(describeStreets(s).ways);
    expect(d.missingNodes).toBe(0);
    const inBox = (n: number) => cut.lat[n] >= box.minLat && cut.lat[n] <= box.maxLat && cut.lon[n] >= box.minLon && cut.lon[n] <= box.maxLon;
    for (let w = 0; w < d.ways; w++) {
      let reaches = false;
      for (let i = cut.wayNodeOffsets[w]; i < cut.wayNodeOffsets[w + 1]; i++) reaches ||= inBox(cut.wayNodes[i]);
      expect(reaches, `way ${w}`).toBe(true);
    }
    expect(cut.names).toContain('Commercial Street');
  });
});
