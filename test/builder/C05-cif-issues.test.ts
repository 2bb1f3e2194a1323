// FEATURE UNDER TEST: bad CIF input becomes structured issues (never a crash); a CIF without an MCA or MSN; TIPLOC -> CRS from a RailReferences-style station list; `transit build --cif`.
import { describe, it, expect } from 'vitest';
import { mkdtempSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSnapshot, BuildError } from '@transit/builder';
import { runBuildCli } from '@transit/cli';
import { Engine } from '@transit/engine';
import { cifFolder } from '../support/cif.js';
import { dumpTrips, hhmm } from '../support/trip-dump.js';

// Three schedules: a good one, one with a malformed date (skipped) and one with a malformed
// time (skipped); a stray location record before any BS; an unknown record type.
//
//          1         2         3         4         5         6         7         8
// 12345678901234567890123456789012345678901234567890123456789012345678901234567890
const MCA = `
  HDTPS.UDFROC1.PD2603010103260000DFROC1A       FA020326080326
  LIWKFLDWG 1015 1016      101510161        T
  BSNT000012603022603061111100 POO2L01     12345678 DMU    075      S            P
  BX         NTY
  LOLEEDS   1000 10006         TB
  LIWKFLDWG 1015 1016      101510161        T
  LTSHEFFLD 1045 10455     TF
  BSNT000062603322603061111100 POO2L02     12345678 DMU    075      S            P
  BX         NTY
  LOLEEDS   1100 11006         TB
  LTSHEFFLD 1145 11455     TF
  BSNT000072603022603061111100 POO2L03     12345678 DMU    075      S            P
  BX         NTY
  LOLEEDS   1200 12006         TB
  LIWKFLDWG 12X5 1216      121512161        T
  LTSHEFFLD 1245 12455     TF
  QQ what is this
  ZZ
`;

const MSN = `
  A    LEEDS                         3LEEDS  LDS   LDS14298 64334 5
  A    SHEFFIELD                     3SHEFFLDSHF   SHF14358 63870 5
  A    WAKEFIELD WESTGATE            2WKFLDWGWKF   WKF14327 64207 5
`;

describe('CIF issues', () => {
  it('skips bad schedules with an issue each and keeps the rest', async () => {
    const { bytes, issues } = await buildSnapshot({ cif: [cifFolder({ 'T.MCA': MCA, 'T.MSN': MSN })], quiet: true });
    expect(dumpTrips(Engine.open(bytes.buffer)).map((t) => t.id)).toEqual(['T00001_20260302_P']);
    expect(issues.kept.map((i) => `${i.code} ${i.line} ${i.entityId} ${i.field}=${i.value}`)).toEqual([
      'bad_date 8 T00006 date_runs_from=260332260306',
      'bad_time 15 T00007 time=12X5 1216      12151216',
    ]);
    await expect(buildSnapshot({ cif: [cifFolder({ 'T.MCA': MCA, 'T.MSN': MSN })], quiet: true, strict: true })).rejects.toThrow(/T\.MCA:8: schedule dates missing.*--strict/);
  });

  it('fails with a clear message when the input has no MCA or is not CIF', async () => {
    await expect(buildSnapshot({ cif: [cifFolder({ 'T.MSN': MSN })], quiet: true })).rejects.toBeInstanceOf(BuildError);
    await expect(buildSnapshot({ cif: [cifFolder({ 'T.MSN': MSN })], quiet: true })).rejects.toThrow(/is not a CIF timetable: it has no \.MCA file \(found T\.MSN\)/);
    await expect(buildSnapshot({ cif: [cifFolder({ 'T.MCA': 'stop_id,stop_name\nX,Y' })], quiet: true })).rejects.toThrow(/T\.MCA is not a CIF timetable: it has no HD, TI, BS or ZZ records/);
    await expect(buildSnapshot({ cif: ['/nonexistent/RJTTF001.ZIP'], quiet: true })).rejects.toThrow(/Cannot read \/nonexistent\/RJTTF001\.ZIP/);
  });

  it('maps TIPLOCs through a RailReferences station list when there is no MSN', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'railrefs-'));
    writeFileSync(
      path.join(dir, 'RailReferences.csv'),
      ['AtcoCode,TiplocCode,CrsCode,StationName,Easting,Northing', '9100LEEDS,LEEDS,LDS,Leeds Rail Station,429870,433352', '9100SHEFFLD,SHEFFLD,SHF,Sheffield Rail Station,435880,386953'].join('\n'),
    );
    const { bytes, issues } = await buildSnapshot({ railStations: [path.join(dir, 'RailReferences.csv')], cif: [cifFolder({ 'T.MCA': MCA })], quiet: true });
    const [trip] = dumpTrips(Engine.open(bytes.buffer));
    // Wakefield is in neither list: not a station, so not a call.
    expect(`${trip.id} to ${trip.headsign}: ${trip.calls.map((c) => `${c.crs} ${hhmm(c.dep)}`).join(', ')}`).toBe('T00001_20260302_P to Sheffield: LDS 10:00, SHF 10:45');
    expect(issues.counts.get('missing_file')).toBe(1);
  });

  it('is a transit build input', async () => {
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'cif-cli-')), 'rail.snap');
    const code = await runBuildCli(['--cif', cifFolder({ 'T.MCA': MCA, 'T.MSN': MSN }), '--out', out, '--quiet']);
    expect(code).toBe(0);
    expect(existsSync(out)).toBe(true);
  });
});
