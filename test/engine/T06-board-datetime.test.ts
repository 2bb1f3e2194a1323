// FEATURE UNDER TEST: the board `datetime` with and without an offset (no offset = UK local time, also in the repeated and skipped hours) and the offset window it anchors.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '@transit/engine';
import { CLOCK_CHANGE_FEED, openFeed } from '../support/boards.js';
import { parseDateTime, readWindow } from '../../packages/server/src/api/timetables/params.js';

let e: Engine;
beforeAll(async () => {
  e = await openFeed(CLOCK_CHANGE_FEED);
});
/** Trips leaving S1 in [datetime + from, datetime + to) minutes. */
const at = (datetime: string, from = 0, to = 1) => {
  const w = readWindow({ datetime, from_offset: from, to_offset: to });
  return e.stopBoard(e.findStop('S1'), { ...w, limit: 20, type: 'departures' }).map((c) => `${c.tripId}/${c.serviceDate.slice(5)}`).join(' ');
};

describe('datetime', () => {
  it('with an offset names one instant, however it is written', () => {
    for (const text of ['2026-10-25T01:30:00+00:00', '2026-10-25T01:30Z', '2026-10-25T02:30+0100', '2026-10-25 01:30:00 00:00', '2026-10-25T01:30:00.000z']) {
      expect(parseDateTime(text), text).toBe(Date.parse('2026-10-25T01:30:00Z'));
      expect(at(text), text).toBe('a0130/10-25');
    }
  });

  it('without an offset is UK local time: the first 01:30 in the repeated autumn hour', () => {
    expect(parseDateTime('2026-10-25T01:30')).toBe(Date.parse('2026-10-25T00:30:00Z'));
    expect(at('2026-10-25T01:30')).toBe('a0030/10-25 a2530/10-24');
    expect(at('2026-07-01T12:00:00')).toBe('');
    expect(parseDateTime('2026-07-01T12:00:00')).toBe(Date.parse('2026-07-01T11:00:00Z'));
  });

  it('without an offset in the skipped spring hour moves forward an hour', () => {
    expect(parseDateTime('2026-03-29T01:30')).toBe(Date.parse('2026-03-29T01:30:00Z'));
    expect(at('2026-03-29T01:30')).toBe('s0230/03-29 s2530/03-28');
    expect(at('2026-03-29T00:30')).toBe('s0130/03-29 s2430/03-28');
  });

  it('anchors the offsets: negative from_offset looks back, to_offset is exclusive', () => {
    expect(at('2026-10-25T03:30+00:00', -60, 0)).toBe('a0230/10-25');
    expect(at('2026-10-25T03:30+00:00', -60, 1)).toBe('a0230/10-25 a0330/10-25');
    // 24-10 00:00Z to 27-10 00:00Z: one trip of the 23rd's service day (25:30), five of the 24th's, six of the 25th's, four of the 26th's.
    expect(at('2026-10-25T00:00+00:00', -1440, 2880).split(' ').length).toBe(16);
  });

  it('rejects what is not an ISO 8601 date-time, and an empty or reversed window', () => {
    for (const bad of ['2026-02-30T10:00', '2026-03-05', '2026-03-05T24:00', '2026-03-05T10:60', 'yesterday', '2026-03-05T10:00+25:00', '1969-12-31T23:00Z', '2026-3-5T10:00']) {
      expect(() => parseDateTime(bad), bad).toThrow(/datetime/);
    }
    expect(() => readWindow({ datetime: '2026-03-05T10:00', from_offset: 30, to_offset: 30 })).toThrow(/to_offset/);
    expect(() => readWindow({ datetime: '2026-03-05T10:00', from_offset: 30, to_offset: -30 })).toThrow(/to_offset/);
  });
});
