// FEATURE UNDER TEST: the region catalogue of `transit fetch`: well-formed data whose ATCO areas are real NaPTAN admin areas of the region.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { REGIONS } from '@transit/builder';
import { regionSources, applyOverrides, kindOf, osmSourceName } from '../../packages/builder/src/fetch/sources.js';
import { parseCoverage } from '../../packages/builder/src/coverage/parse-coverage.js';
import { HAVE_DATA, data } from '../support/data.js';

describe('transit fetch region catalogue', () => {
  it('has unique names, 3-digit ATCO areas with national rail and tram, valid coverage, unique source names', async () => {
    expect(new Set(REGIONS.map((r) => r.name)).size).toBe(REGIONS.length);
    for (const r of REGIONS) {
      expect(r.atcoAreas.every((a) => /^\d{3}$/.test(a)), r.name).toBe(true);
      if (r.atcoAreas.length) expect(r.atcoAreas).toEqual(expect.arrayContaining(['910', '940'])); // none = every area (gb)
      expect(r.postcodeAreas.every((a) => /^[A-Z]{1,2}$/.test(a)), r.name).toBe(true);
      expect(r.osm.every((p) => /^europe\/united-kingdom\/england\/[a-z-]+-latest\.osm\.pbf$/.test(p)), r.name).toBe(true);
      expect((r.osmWithCoverage ?? []).every((p) => /^europe\/[a-z-]+(\/[a-z-]+)*-latest\.osm\.pbf$/.test(p)), r.name).toBe(true);
      await expect(parseCoverage(r.coverage)).resolves.toMatchObject({ rings: [expect.any(Array)] });
      const names = regionSources(r).map((s) => s.name);
      expect(new Set(names).size, r.name).toBe(names.length);
      expect(names.every((n) => kindOf(n)), r.name).toBe(true);
    }
  });

  it('names sources by kind and mirror path, and applies overrides', () => {
    const yorkshire = REGIONS.find((r) => r.name === 'yorkshire')!;
    const sources = regionSources(yorkshire, 'http://mirror.example/osm/');
    expect(sources.find((s) => s.name === 'osm_east_yorkshire_with_hull')?.url).toBe('http://mirror.example/osm/europe/united-kingdom/england/east-yorkshire-with-hull-latest.osm.pbf');
    expect(osmSourceName('x/greater-london-latest.osm.pbf')).toBe('osm_greater_london');
    expect(kindOf('rail_stations_extra')).toBe('rail_stations');
    expect(kindOf('railway')).toBeUndefined();
    const changed = applyOverrides(sources, new Map([['nptg', 'off'], ['gtfs', 'http://x/g.zip'], ['gtfs_rail', 'http://x/rail.zip'], ['rail_timetable', 'http://x/RJTTF.zip']]));
    expect(changed.find((s) => s.name === 'nptg')).toBeUndefined();
    expect(changed.find((s) => s.name === 'gtfs')).toMatchObject({ url: 'http://x/g.zip', file: 'gtfs.zip', required: true });
    expect(changed.find((s) => s.name === 'gtfs_rail')).toMatchObject({ kind: 'gtfs', file: 'gtfs_rail.zip' });
    expect(changed.find((s) => s.name === 'rail_timetable')).toMatchObject({ kind: 'rail_timetable', file: 'rail_timetable.zip', required: false });
  });

  it.skipIf(!HAVE_DATA)('takes its ATCO areas from the NPTG admin areas of the region (../shared/data/naptan/nptg_local_authorities.csv)', () => {
    const rows = readFileSync(data('naptan/nptg_local_authorities.csv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split(','));
    const regionOf = new Map(rows.map(([code, , region]) => [code, region]));
    const expected: Record<string, string[]> = {
      yorkshire: ['Yorkshire'],
      south_yorkshire: ['Yorkshire'],
      west_yorkshire: ['Yorkshire'],
      north_west: ['North West'],
      north_east: ['North East'],
      west_midlands: ['West Midlands'],
      east_midlands: ['East Midlands'],
      london: ['London'],
    };
    for (const r of REGIONS) {
      for (const area of r.atcoAreas) expect([...expected[r.name], 'Great Britain'], `${r.name} ${area}`).toContain(regionOf.get(area));
    }
    // every Yorkshire area of NPTG is in the yorkshire region
    const yorkshire = rows.filter(([, , region]) => region === 'Yorkshire').map(([code]) => code);
    expect(REGIONS.find((r) => r.name === 'yorkshire')!.atcoAreas).toEqual(expect.arrayContaining(yorkshire));
  });
});
