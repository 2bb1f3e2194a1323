// FEATURE UNDER TEST: settlements from an NPTG Localities.csv (lat/lon or OSGB grid, parents, bad rows) or derived from NaPTAN localities.
import { describe, it, expect } from 'vitest';
import { buildSnapshot, newDataset, BuildError, StopKind } from '@transit/builder';
import { Engine } from '@transit/engine';
import { parseNptgLocalities } from '../../packages/builder/src/places/parse-nptg.js';
import { deriveSettlements } from '../../packages/builder/src/places/derive-settlements.js';
import { memorySource } from '../../packages/builder/src/source/feed-source.js';
import { feedFolder } from '../support/gtfs.js';

const localities = (csv: string) => memorySource('nptg', new Map([['Localities.csv', csv.replace(/^\s+/gm, '')]]));

describe('NPTG localities', () => {
  it('reads codes, names, parents by name or by code, and positions in either system', async () => {
    const ds = newDataset();
    await parseNptgLocalities(ds, localities(`
      NptgLocalityCode,LocalityName,ParentLocalityName,ParentNptgLocalityCode,QualifierName,AdministrativeAreaCode,Longitude,Latitude,Easting,Northing
      N0077767,Sheffield,,,,099,-1.4701,53.3811,,
      E0057890,Sheffield Centre,Sheffield,,,099,-1.4690,53.3809,,
      E0030265,Hillsborough,,N0077767,,099,,,434702,406434
      E0030708,Woodhouse,,,Sheffield,099,-1.3640,53.3580,,
    `));
    expect(ds.issues.total).toBe(0);
    expect([...ds.settlements.values()].map((s) => `${s.code} ${s.name} < ${s.parent}`)).toEqual([
      'N0077767 Sheffield < ', 'E0057890 Sheffield Centre < Sheffield', 'E0030265 Hillsborough < Sheffield', 'E0030708 Woodhouse < Sheffield',
    ]);
    const hillsborough = ds.settlements.get('E0030265')!;
    // OSGB36 grid converted to WGS84: NaPTAN gives 53.553395, -1.477674 for this grid point.
    expect(hillsborough.lat).toBeCloseTo(53.553395, 4);
    expect(hillsborough.lon).toBeCloseTo(-1.477674, 4);
  });

  it('reports bad rows as structured issues and skips them', async () => {
    const ds = newDataset();
    await parseNptgLocalities(ds, localities(`
      NptgLocalityCode,LocalityName,Longitude,Latitude
      ,Nameless,-1.4,53.4
      E1,,-1.4,53.4
      E2,Nowhere,0,0
      E3,Somewhere,-1.4,53.4
      E3,Somewhere Again,-1.5,53.5
    `));
    expect(ds.issues.kept.map((i) => `${i.code} ${i.file}:${i.line} ${i.entityId} ${i.field}`)).toEqual([
      'missing_id nptg:Localities.csv:2  NptgLocalityCode',
      'missing_name nptg:Localities.csv:3 E1 LocalityName',
      'bad_coordinate nptg:Localities.csv:4 E2 Latitude',
      'duplicate_id nptg:Localities.csv:6 E3 NptgLocalityCode',
    ]);
    expect([...ds.settlements.keys()]).toEqual(['E3']);
    expect(ds.settlements.get('E3')!.name).toBe('Somewhere');
  });

  it('aborts on a file that is not a localities list, and on any issue with --strict', async () => {
    await expect(parseNptgLocalities(newDataset(), localities('Code,Name\nE1,X\n'))).rejects.toThrow(/needs NptgLocalityCode and LocalityName columns/);
    await expect(parseNptgLocalities(newDataset(), localities('NptgLocalityCode,LocalityName\nE1,X\n'))).rejects.toThrow(/Longitude\/Latitude or Easting\/Northing/);
    await expect(parseNptgLocalities(newDataset({ strict: true }), localities('NptgLocalityCode,LocalityName,Longitude,Latitude\nE1,X,0,0\n'))).rejects.toThrow(BuildError);
  });

  it('become searchable settlements through the real build', async () => {
    const dir = feedFolder(`
      # Localities.csv
      NptgLocalityCode,LocalityName,ParentLocalityName,Longitude,Latitude
      E0030265,Hillsborough,Sheffield,-1.5006,53.4115
    `);
    const { bytes } = await buildSnapshot({ nptg: [dir], quiet: true });
    const e = Engine.open(bytes.buffer);
    expect(e.info.counts.settlements).toBe(1);
    expect(e.searchPlaces({ text: 'hillsborough', offset: 0, limit: 5 }).items).toEqual([
      { type: 'settlement', name: 'Hillsborough', description: 'Settlement in Sheffield', latitude: 53.4115, longitude: -1.5006, localityCode: 'E0030265' },
    ]);
  });
});

describe('settlements derived from NaPTAN', () => {
  const stop = (atco: string, locality: string, localityCode: string, parentLocality: string, lat: number, lon: number, active = true) => ({
    atco, naptanCode: '', name: atco, shortName: '', indicator: '', street: '', locality, localityCode, parentLocality, town: '', bearing: '', crs: '', lat, lon, kind: StopKind.Bus, inNaptan: true, active,
  });

  it('groups active stops by locality at their centroid, and adds parents that are no locality of their own', () => {
    const ds = newDataset();
    for (const s of [
      stop('A', 'Sheffield Centre', 'E0057890', 'Sheffield', 53.38, -1.47),
      stop('B', 'Sheffield Centre', 'E0057890', 'Sheffield', 53.39, -1.46),
      stop('C', 'Crookes', 'E0030100', 'Sheffield', 53.39, -1.51),
      stop('D', 'Maltby', 'E0030364', '', 53.42, -1.2),
      stop('E', 'Ghost Town', 'E9', '', 50, 0, false),
      stop('F', '', '', '', 51, 0),
    ]) ds.stops.set(s.atco, s);
    deriveSettlements(ds);
    const round = (x: number) => Math.round(x * 1e4) / 1e4;
    expect([...ds.settlements.values()].map((s) => [s.code, s.name, s.parent, round(s.lat), round(s.lon)])).toEqual([
      ['E0057890', 'Sheffield Centre', 'Sheffield', 53.385, -1.465],
      ['E0030100', 'Crookes', 'Sheffield', 53.39, -1.51],
      ['E0030364', 'Maltby', '', 53.42, -1.2],
      ['', 'Sheffield', '', round((53.38 + 53.39 + 53.39) / 3), round((-1.47 - 1.46 - 1.51) / 3)],
    ]);
  });

  it('leaves settlements from NPTG alone', () => {
    const ds = newDataset();
    ds.settlements.set('E1', { code: 'E1', name: 'X', parent: '', lat: 53, lon: -1 });
    ds.stops.set('A', stop('A', 'Y', 'E2', '', 53, -1));
    deriveSettlements(ds);
    expect([...ds.settlements.keys()]).toEqual(['E1']);
  });
});
