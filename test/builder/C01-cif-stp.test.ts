// FEATURE UNDER TEST: a CIF timetable (MSN + MCA) through the real builder: STP overlay and cancellation, passes and junctions, times past midnight, early-morning trains, operators and stations.
import { describe, it, expect } from 'vitest';
import { buildSnapshot } from '@transit/builder';
import { Engine } from '@transit/engine';
import { cifFolder } from '../support/cif.js';
import { dumpTrips, hhmm, mmdd } from '../support/trip-dump.js';

// Week of Monday 2026-03-02. T00001 Leeds -> Sheffield weekdays, overlaid (O) on Wednesday and
// cancelled (C) on Thursday; T00002 Sheffield -> Leeds daily at 23:30, past midnight; T00003 a
// Sunday 00:30 new (N) schedule; T00004 empty stock (EE, no public times) and T00005 freight.
// WKFLDEJ is a junction (no CRS): a pass, never a call. AA and CR records are ignored.
//
//          1         2         3         4         5         6         7         8
// 12345678901234567890123456789012345678901234567890123456789012345678901234567890
const MCA = `
  HDTPS.UDFROC1.PD2603010103260000DFROC1A       FA020326080326
  TILEEDS  00       LEEDS                     00000   0LDS
  TIWKFLDWG00       WAKEFIELD WESTGATE        00000   0WKF
  TIWKFLDEJ00       WAKEFIELD EAST JN         00000   0
  TISHEFFLD00       SHEFFIELD                 00000   0SHF
  AANT00001T000022603022603061111100JJSSHEFFLD  P                               P
  BSNT000012603022603061111100 POO2L01     12345678 DMU    075      S            P
  BX         NTY
  LOLEEDS   1000 10006         TB
  LIWKFLDWG 1015 1016      101510161        T
  LIWKFLDEJ           1018H00000000
  CRWKFLDEJ OO2L01     12345678
  LTSHEFFLD 1045 10455     TF
  BSNT000012603042603040010000 1OO2L01     12345678 DMU    075      S            O
  BX         NTY
  LOLEEDS   1005 10056         TB
  LIWKFLDWG           1020 00000000
  LTSHEFFLD 1050 10505     TF
  BSNT000012603052603050001000             12345678 DMU    075      S            C
  BSNT000022603022603081111111 PXX1E99     12345678 DMU    075      S            P
  BX         XCY
  LOSHEFFLD 2330 23301         TB
  LIWKFLDWG 2358H0001      235800012        T
  LTLEEDS   0020 00208     TF
  BSNT000032603082603080000001 1OO2L99     12345678 DMU    075      S            N
  BX         NTY
  LOLEEDS   0030 00306         TB
  LTSHEFFLD 0115 01155     TF
  BSNT000042603022603061111100 PEE5L01     12345678 DMU    075      S            P
  BX         NTY
  LOLEEDS   0900 00006         TB
  LTSHEFFLD 0940 00005     TF
  BSNT000052603022603061111100 FE66M50     12345678 DMU    075      S            P
  BX         Y
  LOLEEDS   0300 0000          TB
  LTSHEFFLD 0400 0000      TF
  ZZ
`;

// Header row (FILE-SPEC, "4/0" in the CRS columns), three stations, one with no grid reference.
const MSN = `
  A                             FILE-SPEC=05 1.00 01/03/26 18.00.00   001
  A    LEEDS                         3LEEDS  LDS   LDS14298 64334 5
  A    SHEFFIELD                     3SHEFFLDSHF   SHF14358 63870 5
  A    WAKEFIELD WESTGATE            2WKFLDWGWKF   WKF14327 64207 5
  A    ARDRAHAN    (CIE              0CATZ   XAG   XAG00000E00000 5
`;

describe('CIF timetable', () => {
  it('resolves STP per train UID into trips, service days and calls', async () => {
    const { bytes, issues } = await buildSnapshot({ cif: [cifFolder({ 'TEST.MCA': MCA, 'TEST.MSN': MSN })], quiet: true, builtAt: '2026-03-01T00:00:00Z' });
    const e = Engine.open(bytes.buffer);
    const golden = dumpTrips(e).map((t) => `${t.id} ${t.route} ${t.agency} to ${t.headsign} | ${mmdd(t.days)} | ${t.calls.map((c) => `${c.crs} ${hhmm(c.arr)}/${hhmm(c.dep)} ${c.pickup}${c.dropOff}`).join(', ')}`);
    expect(golden).toEqual([
      // Weekdays minus Wednesday (overlay) and Thursday (cancelled); the junction pass is no call.
      'T00001_20260302_P NT Northern to Sheffield | 03-02 03-03 03-06 | LDS 10:00/10:00 01, WKF 10:15/10:16 00, SHF 10:45/10:45 10',
      // The overlay runs five minutes later and passes Wakefield.
      'T00001_20260304_O NT Northern to Sheffield | 03-04 | LDS 10:05/10:05 01, SHF 10:50/10:50 10',
      // Past midnight of its origin's day: 24:01, 24:20 (public times; working 23:58H is not used).
      'T00002_20260302_P XC CrossCountry to Leeds | 03-02 03-03 03-04 03-05 03-06 03-07 03-08 | SHF 23:30/23:30 01, WKF 23:58/24:01 00, LDS 24:20/24:20 10',
      // Leaves at 00:30 on Sunday: the Saturday service day at 24:30 (right on clock-change days too).
      'T00003_20260308_N NT Northern to Sheffield | 03-07 | LDS 24:30/24:30 01, SHF 25:15/25:15 10',
    ]);
    // Empty stock and freight make no trips and no issues; the MSN entry with no grid reference is one.
    expect(issues.summary()).toEqual(['bad_coordinate: 1']);
    expect(issues.kept[0]).toMatchObject({ code: 'bad_coordinate', file: expect.stringMatching(/TEST\.MSN$/), line: 5, entityId: 'CATZ' });
    // Stops are NaPTAN rail ATCO codes carrying their CRS: each station links to its stop.
    const stations = e.stationTable;
    const linked = Array.from({ length: stations.count }, (_, s) => {
      const stops = Array.from(stations.stops.subarray(stations.stopOffsets[s], stations.stopOffsets[s + 1]), (i) => e.strings.get(e.stopTable.atco[i]));
      return `${stations.get(s).crsCode} ${stations.get(s).name}: ${stops.join(' ')}`;
    });
    expect(linked.sort()).toEqual(['LDS Leeds: 9100LEEDS', 'SHF Sheffield: 9100SHEFFLD', 'WKF Wakefield Westgate: 9100WKFLDWG']);
    // MSN grid 14358 63870 is E 435800 N 387000: Sheffield station, to about 100 m.
    const shf = stations.get(stations.find('SHF'));
    expect(shf.latitude).toBeCloseTo(53.3786, 2);
    expect(shf.longitude).toBeCloseTo(-1.4633, 2);
    expect(e.info.serviceDays).toEqual({ first: '2026-03-02', last: '2026-03-08' });
  });

  it('puts the calls on station boards (Monday to Thursday at Wakefield Westgate)', async () => {
    const e = Engine.open((await buildSnapshot({ cif: [cifFolder({ 'TEST.MCA': MCA, 'TEST.MSN': MSN })], quiet: true })).bytes.buffer);
    const calls = e.stationBoard(e.stationTable.find('WKF'), { from: Date.UTC(2026, 2, 2), to: Date.UTC(2026, 2, 6), limit: 100, type: 'departures' });
    // March 2026 is GMT. Wednesday's overlay passes Wakefield; Thursday's 10:16 is cancelled.
    expect(calls.map((c) => `${new Date(c.time).toISOString().slice(5, 16)} ${c.tripId} to ${c.destination} (${c.operator}, service day ${c.serviceDate.slice(5)})`)).toEqual([
      '03-02T10:16 T00001_20260302_P to Sheffield (Northern, service day 03-02)',
      '03-03T00:01 T00002_20260302_P to Leeds (CrossCountry, service day 03-02)',
      '03-03T10:16 T00001_20260302_P to Sheffield (Northern, service day 03-03)',
      '03-04T00:01 T00002_20260302_P to Leeds (CrossCountry, service day 03-03)',
      '03-05T00:01 T00002_20260302_P to Leeds (CrossCountry, service day 03-04)',
    ]);
  });

  it('keeps early-morning wall-clock times on the night the clocks go forward', async () => {
    // Sunday 2026-03-29: 01:00 GMT becomes 02:00 BST. Trains at 00:30 (GMT) and 03:30 (BST).
    const mca = `
      HDTPS.UDFROC1.PD2603010103260000DFROC1A       FA230326050426
      BSNT000092603292603290000001 POO2L09     12345678 DMU    075      S            P
      BX         NTY
      LOLEEDS   0030 00306         TB
      LTSHEFFLD 0115 01155     TF
      BSNT000102603292603290000001 POO2L10     12345678 DMU    075      S            P
      BX         NTY
      LOLEEDS   0330 03306         TB
      LTSHEFFLD 0415 04155     TF
      ZZ
    `;
    const e = Engine.open((await buildSnapshot({ cif: [cifFolder({ 'TEST.MCA': mca, 'TEST.MSN': MSN })], quiet: true })).bytes.buffer);
    const calls = e.stationBoard(e.stationTable.find('LDS'), { from: Date.UTC(2026, 2, 28, 22), to: Date.UTC(2026, 2, 29, 6), limit: 10, type: 'departures' });
    expect(calls.map((c) => `${new Date(c.time).toISOString().slice(11, 16)}Z ${c.tripId} (service day ${c.serviceDate.slice(5)})`)).toEqual([
      '00:30Z T00009_20260329_P (service day 03-28)',
      '02:30Z T00010_20260329_P (service day 03-29)',
    ]);
  });

  it('keeps the train UID as the vehicle journey code and routes by operator', async () => {
    const { bytes } = await buildSnapshot({ cif: [cifFolder({ 'TEST.MCA': MCA, 'TEST.MSN': MSN })], quiet: true });
    const trips = dumpTrips(Engine.open(bytes.buffer));
    expect(trips.map((t) => t.vehicleJourneyCode)).toEqual(['T00001', 'T00001', 'T00002', 'T00003']);
    const tt = Engine.open(bytes.buffer).timetable;
    expect(Array.from(tt.routeType)).toEqual([2, 2]);
  });
});
