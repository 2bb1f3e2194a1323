// FEATURE UNDER TEST: boards across the 2026 clock changes: GTFS times count from noon minus 12 h, so no hour is duplicated or lost and every trip resolves to one instant.
import { beforeAll, describe, expect, it } from 'vitest';
import { formatUkTimestamp, parseDay, type Engine } from '@transit/engine';
import { CLOCK_CHANGE_FEED, openFeed, shortTime } from '../support/boards.js';

let e: Engine;
beforeAll(async () => {
  e = await openFeed(CLOCK_CHANGE_FEED);
});
const utc = (iso: string) => Date.parse(iso);
const board = (from: number, hours: number) =>
  e.stopBoard(e.findStop('S1'), { from, to: from + hours * 3_600_000, limit: 100, type: 'departures' }).map((c) => `${shortTime(c.time)} ${c.tripId}/${c.serviceDate.slice(5)}`);

describe('spring forward, Sunday 29 March 2026 (01:00 GMT -> 02:00 BST)', () => {
  it('the service day starts at 23:00 GMT the evening before; nothing falls in the missing hour', () => {
    expect(board(utc('2026-03-28T23:00:00Z'), 5)).toEqual([
      '03-28T23:30+00:00 s0030/03-29',
      '03-29T00:30+00:00 s0130/03-29',
      '03-29T00:30+00:00 s2430/03-28',
      '03-29T02:30+01:00 s0230/03-29',
      '03-29T02:30+01:00 s2530/03-28',
      '03-29T03:30+01:00 s0330/03-29',
    ]);
  });
});

describe('fall back, Sunday 25 October 2026 (02:00 BST -> 01:00 GMT)', () => {
  it('01:30 happens twice: GTFS 00:30 is the BST one, GTFS 01:30 the GMT one', () => {
    expect(board(utc('2026-10-24T23:00:00Z'), 5)).toEqual([
      '10-25T00:30+01:00 a2430/10-24',
      '10-25T01:30+01:00 a0030/10-25',
      '10-25T01:30+01:00 a2530/10-24',
      '10-25T01:30+00:00 a0130/10-25',
      '10-25T02:30+00:00 a0230/10-25',
      '10-25T03:30+00:00 a0330/10-25',
    ]);
  });

  it('the 01:30 departure of 25 October resolves to one instant on the board, in service detail and through its dated ref', () => {
    const [call] = e.stopBoard(e.findStop('S1'), { from: utc('2026-10-25T01:30:00Z'), to: utc('2026-10-25T01:31:00Z'), limit: 5, type: 'departures' });
    expect(call.tripId).toBe('a0130');
    expect(formatUkTimestamp(call.time)).toBe('2026-10-25T01:30:00+00:00');
    const ref = e.resolveTrip(call.datedRef)!;
    expect(ref).toEqual({ tripIdx: call.tripIdx, serviceDay: parseDay('2026-10-25') });
    const detail = e.trip(ref.tripIdx, ref.serviceDay!)!;
    expect(detail.calls.map((c) => formatUkTimestamp(c.departure))).toEqual(['2026-10-25T01:30:00+00:00', '2026-10-25T01:40:00+00:00']);
  });
});

describe('no duplicated or missing hour', () => {
  it.each([
    ['2026-03-28T12:00:00Z', 'spring'],
    ['2026-10-24T11:00:00Z', 'autumn'],
  ])('30-minute windows from %s (%s) tile one 24-hour board: every trip once, in time order, GTFS seconds apart', (start) => {
    const from = utc(start);
    const whole = e.stopBoard(e.findStop('S1'), { from, to: from + 24 * 3_600_000, limit: 1000, type: 'departures' });
    const tiled = Array.from({ length: 48 }, (_, k) => e.stopBoard(e.findStop('S1'), { from: from + k * 1_800_000, to: from + (k + 1) * 1_800_000, limit: 1000, type: 'departures' })).flat();
    expect(tiled.map((c) => c.datedRef)).toEqual(whole.map((c) => c.datedRef));
    expect(new Set(whole.map((c) => c.datedRef)).size).toBe(whole.length);
    expect(whole.length).toBe(6);
    // Within a service day, instants differ by exactly the GTFS seconds, whatever the clock did.
    for (const a of whole) for (const b of whole) if (a.serviceDay === b.serviceDay) expect(b.time - a.time).toBe((b.seconds - a.seconds) * 1000);
  });
});
