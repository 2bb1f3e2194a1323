// FEATURE UNDER TEST: the dataset's stops as columns: set adds or replaces in place, records come back whole, keep compacts the rows to the snapshot's stops.
import { describe, it, expect } from 'vitest';
import { StopKind, type StopRecord } from '@transit/builder';
import { StopTable } from '../../packages/builder/src/stop-table.js';

const stop = (atco: string, name: string, active = true, extra: Partial<StopRecord> = {}): StopRecord => ({
  atco, naptanCode: `N${atco}`, name, shortName: '', indicator: 'opp', street: 'High Street', locality: 'Centre', localityCode: 'E1', parentLocality: 'Town', town: 'Town', bearing: 'N', crs: '', lat: 53 + atco.length / 100, lon: -1.5, kind: StopKind.Bus, inNaptan: true, active, ...extra,
});

describe('StopTable', () => {
  it('adds stops in order and replaces one in its own row', () => {
    const t = new StopTable();
    t.set('A', stop('A', 'First', false)).set('BB', stop('BB', 'Second')).set('A', stop('A', 'First again'));
    expect(t.size).toBe(2);
    expect([t.row('A'), t.row('BB'), t.row('C')]).toEqual([0, 1, -1]);
    expect(t.values().map((s) => `${s.atco}:${s.name}:${s.active}`)).toEqual(['A:First again:true', 'BB:Second:true']);
    expect(t.get('BB')).toEqual(stop('BB', 'Second'));
    expect(t.get('C')).toBeUndefined();
  });

  it('changes crs, kind and active by row, not through the records it gives', () => {
    const t = new StopTable();
    t.set('R', stop('R', 'Rail', false, { kind: StopKind.Rail, inNaptan: false }));
    t.get('R')!.crs = 'SHF';
    expect(t.crs(0)).toBe('');
    t.setCrs(0, 'SHF');
    t.setKind(0, StopKind.Tram);
    t.setActive(0);
    expect(t.get('R')).toMatchObject({ crs: 'SHF', kind: StopKind.Tram, active: true, inNaptan: false });
  });

  it('keeps the rows asked for, renumbered in order', () => {
    const t = new StopTable();
    for (const [i, atco] of ['A', 'BB', 'CCC', 'DDDD'].entries()) t.set(atco, stop(atco, `Stop ${i}`, i % 2 === 1));
    t.keep([1, 3]);
    expect(t.size).toBe(2);
    expect(t.values()).toEqual([stop('BB', 'Stop 1', true), stop('DDDD', 'Stop 3', true)]);
    expect([t.row('A'), t.row('BB'), t.row('DDDD')]).toEqual([-1, 0, 1]);
    expect([...t.lat.view()]).toEqual([53.02, 53.04]);
    expect(() => t.keep([1, 0])).toThrow(/ascending/);
  });
});
