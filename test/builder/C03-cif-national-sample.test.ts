// FEATURE UNDER TEST: a real national-format CIF set (ttisf585: 20,000 MCA schedules, the full MSN, the ZTR) builds quickly; STP resolution checked against a brute-force oracle; Yorkshire stations carry CRS, positions and trains.
import { describe, it, expect, beforeAll } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSnapshot, type FeedIssue } from '@transit/builder';
import { Engine, dayNumber, weekday } from '@transit/engine';
import { HAVE_DATA, data } from '../support/data.js';
import { dumpTrips, unzipToFolder, type DumpTrip } from '../support/trip-dump.js';

const ZIP = 'rail_timetable/atoc_cif_ttisf585_example.zip';

describe.skipIf(!HAVE_DATA)('CIF national sample (ttisf585)', () => {
  let e: Engine;
  let trips: DumpTrip[];
  let issues: FeedIssue[] = [];

  beforeAll(async () => {
    const built = await buildSnapshot({ cif: [data(ZIP)], quiet: true });
    e = Engine.open(built.bytes.buffer);
    trips = dumpTrips(e);
    issues = built.issues.kept;
  });

  it('builds every passenger schedule as a trip', () => {
    const fromMca = trips.filter((t) => !t.id.startsWith('Z'));
    // 20,000 BS records: 3,981 cancellations and 16,019 schedules with locations, of which 3 are
    // overlaid or cancelled on every date they run and 2 run only before the HD period (2020-03-20).
    expect(fromMca.length).toBe(16_014);
    expect(trips.length - fromMca.length).toBeGreaterThan(2000); // Z-trains (buses, ships) from the ZTR
    expect(e.info.serviceDays).toMatchObject({ first: '2020-03-18' });
    // No issue in the MCA. The MSN lists Irish (CIE) stations without grid references, so the ZTR's
    // Irish buses cannot be placed; some ZTR schedules have no BX operator.
    const byFile = (suffix: string) => [...new Set(issues.filter((i) => i.file.endsWith(suffix)).map((i) => i.code))].sort();
    expect(byFile('.mca')).toEqual([]);
    expect(byFile('.msn')).toEqual(['bad_coordinate']);
    expect(byFile('.ztr')).toEqual(['missing_operator', 'too_few_calls', 'unplaced_station']);
    const unplaced = issues.filter((i) => i.code === 'unplaced_station' && !i.entityId.startsWith('CATZ')).map((i) => i.entityId);
    expect(unplaced.sort()).toEqual(['CORK', 'GALWAY', 'KILARNY', 'LIMERCJ', 'LIMERIC', 'MALLOW', 'TRALEE']); // Ireland, all of them
  });

  it('runs each schedule on the dates a brute-force STP oracle gives it', async () => {
    const mca = readFileSync(path.join(await unzipToFolder(data(ZIP)), 'example.mca'), 'latin1');
    const day = (t: string) => dayNumber(2000 + Number(t.slice(0, 2)), Number(t.slice(2, 4)), Number(t.slice(4, 6)));
    const byUid = new Map<string, { from: number; to: number; days: string; stp: string; seq: number }[]>();
    let seq = 0;
    for (const line of mca.split(/\r?\n/)) {
      if (!line.startsWith('BS')) continue;
      const s = { from: day(line.slice(9, 15)), to: day(line.slice(15, 21)), days: line.slice(21, 28), stp: line[79], seq: seq++ };
      byUid.set(line.slice(3, 9), [...(byUid.get(line.slice(3, 9)) ?? []), s]);
    }
    const ours = new Map(trips.filter((x) => !x.id.startsWith('Z')).map((t) => [t.id, t]));
    const expected = new Map<string, number[]>();
    for (const [uid, group] of byUid) {
      for (const own of group) {
        if (own.stp === 'C') continue;
        const days: number[] = [];
        for (let d = Math.max(own.from, dayNumber(2020, 3, 19)); d <= own.to; d++) {
          const covering = group.filter((s) => s.from <= d && d <= s.to && s.days[weekday(d)] === '1');
          covering.sort((a, b) => (a.stp !== b.stp ? (a.stp < b.stp ? -1 : 1) : b.from - a.from || b.seq - a.seq));
          if (covering[0] === own) days.push(d);
        }
        const ymd = new Date(own.from * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
        if (days.length) expected.set(`${uid}_${ymd}_${own.stp}`, days);
      }
    }
    expect([...ours.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [id, days] of expected) {
      const t = ours.get(id)!;
      const early = t.calls[0].dep >= 86_400; // left before 02:00: listed on the service day before
      expect(t.days.map((d) => d + (early ? 1 : 0)), id).toEqual(days);
    }
  });

  it('places Yorkshire stations with their CRS and the trains calling there', () => {
    const st = e.stationTable;
    for (const [crs, lat, lon] of [['SHF', 53.3786, -1.4633], ['LDS', 53.7951, -1.5481], ['YRK', 53.958, -1.0931], ['DON', 53.5221, -1.1398], ['HUD', 53.6485, -1.7843]] as const) {
      const idx = st.find(crs);
      expect(idx, crs).toBeGreaterThanOrEqual(0);
      const s = st.get(idx);
      expect(Math.abs(s.latitude - lat) + Math.abs(s.longitude - lon), `${crs} at ${s.latitude},${s.longitude}`).toBeLessThan(0.01);
      expect(st.stopOffsets[idx + 1] - st.stopOffsets[idx], `${crs} has stops`).toBeGreaterThan(0);
    }
    const at = (crs: string) => trips.filter((t) => t.calls.some((c) => c.crs === crs));
    const operators = (crs: string) => [...new Set(at(crs).map((t) => t.route))].sort();
    expect(operators('SHF')).toEqual(expect.arrayContaining(['EM', 'NT', 'TP', 'XC']));
    expect(operators('LDS')).toEqual(expect.arrayContaining(['GR', 'NT', 'TP', 'XC']));
    expect(at('SHF').length).toBeGreaterThan(100);
    expect(e.stopTable.count).toBeGreaterThan(2000);
    const agencies = new Map(e.reader.header.agencies.map((a) => [a.id, a.name]));
    expect([agencies.get('NT'), agencies.get('TP'), agencies.get('XC'), agencies.get('GR'), agencies.get('GC')]).toEqual(['Northern', 'TransPennine Express', 'CrossCountry', 'London North Eastern Railway', 'Grand Central']);
  });
});
