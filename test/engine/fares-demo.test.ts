// FEATURE UNDER TEST: fares of the demo snapshot from the bundled South and West Yorkshire fare file.
import { describe, it, expect } from 'vitest';
import { parseDay, serviceDayReference, type Engine, type FareLeg } from '@transit/engine';
import { demoEngine } from '../support/snapshots.js';
import { golden } from '../support/fares.js';

/** A leg over the whole first journey of `line` by `operatorCode`, on `date` at 09:00. */
function wholeTrip(e: Engine, operatorCode: string, line: string, date: string): FareLeg {
  const tt = e.timetable;
  for (let t = 0; t < tt.tripCount; t++) {
    const s = e.tripSummary(t);
    if (s.operatorCode !== operatorCode || s.line !== line) continue;
    const p = tt.tripPattern[t];
    const [fromStop, toStop] = [tt.patternStops[tt.patternStopOffsets[p]], tt.patternStops[tt.patternStopOffsets[p + 1] - 1]];
    if (fromStop === toStop) continue; // circular
    return { tripIdx: t, fromStop, toStop, departMs: serviceDayReference(parseDay(date)) + 9 * 3_600_000 };
  }
  throw new Error(`no trip of ${operatorCode} ${line}`);
}

describe('fares on the demo snapshot (bundled fare file)', () => {
  const e = demoEngine();
  const day = '2026-03-10';

  it('records the fare file among the snapshot inputs', () => {
    expect(e.info.feeds.filter((f) => f.kind === 'fares').map((f) => f.name)).toEqual(['default:yorkshire.json']);
  });

  it('prices a South Yorkshire bus leg at the national £3 cap (2026) and the £2 cap (2024)', () => {
    expect(golden(e.fares.price([wholeTrip(e, 'DVBS', '52', day)]))).toBe('3.00 complete: 3.00 sy-bus-3-pound-cap');
    expect(golden(e.fares.price([wholeTrip(e, 'PNBL', '93', '2024-06-04')]))).toBe('2.00 complete: 2.00 sy-bus-2-pound-cap');
    const leg = e.fares.price([wholeTrip(e, 'DVBS', '52', day)]).legs[0]!;
    expect(leg).toMatchObject({ currency: 'GBP', source: expect.stringMatching(/^https:\/\/www\.thestar\.co\.uk\//) });
  });

  it('caps West Yorkshire buses at the £6 DaySaver across operators', () => {
    const legs = [wholeTrip(e, 'PNBL', '503', day), wholeTrip(e, 'ACMS', '72', day), wholeTrip(e, 'PNBL', '202', day)];
    expect(golden(e.fares.price(legs.slice(0, 2)))).toBe('5.00 complete: 2.50 wy-mayors-fares-2025 | 2.50 wy-mayors-fares-2025');
    expect(golden(e.fares.price(legs))).toBe('6.00 complete: 2.50 wy-mayors-fares-2025 | 2.50 wy-mayors-fares-2025 | 1.00 wy-mayors-fares-2025');
    expect(golden(e.fares.price([...legs, legs[0]]))).toBe('6.00 complete: 2.50 wy-mayors-fares-2025 | 2.50 wy-mayors-fares-2025 | 1.00 wy-mayors-fares-2025 | 0.00 wy-mayors-fares-2025');
  });

  it('prices Supertram legs and caps two of them at the £5.70 day pass', () => {
    const tram = wholeTrip(e, 'HLTW', 'Blue', day);
    expect(golden(e.fares.price([tram]))).toBe('3.00 complete: 3.00 supertram-2026');
    expect(golden(e.fares.price([tram, tram]))).toBe('5.70 complete: 3.00 supertram-2026 | 2.70 supertram-2026');
    expect(golden(e.fares.price([{ ...tram, departMs: serviceDayReference(parseDay('2025-05-06')) }]))).toBe('3.40 complete: 3.40 supertram-2025');
  });

  it('caps are per product: bus and tram legs do not share a cap', () => {
    const legs = [wholeTrip(e, 'DVBS', '52', day), wholeTrip(e, 'HLTW', 'Blue', day), wholeTrip(e, 'HLTW', 'Blue', day)];
    expect(golden(e.fares.price(legs))).toBe('8.70 complete: 3.00 sy-bus-3-pound-cap | 3.00 supertram-2026 | 2.70 supertram-2026');
  });

  it('leaves coach and rail legs unpriced, so the fare is incomplete', () => {
    const coach = wholeTrip(e, 'PNBL', 'X60', day);
    const rail = wholeTrip(e, 'NT', 'NT', day);
    expect(golden(e.fares.price([wholeTrip(e, 'DVBS', '52', day), coach]))).toBe('3.00 incomplete: 3.00 sy-bus-3-pound-cap | -');
    expect(golden(e.fares.price([rail]))).toBe('null incomplete: -');
    expect(golden(e.fares.price([]))).toBe('0.00 complete: ');
  });

  it('prices nothing before the first scheme in the file', () => {
    expect(golden(e.fares.price([{ ...wholeTrip(e, 'DVBS', '52', day), departMs: Date.UTC(2019, 8, 10, 9) }]))).toBe('null incomplete: -');
  });
});
