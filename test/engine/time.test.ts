// FEATURE UNDER TEST: UK local time rendering and service-day reference instants across clock changes.
import { describe, it, expect } from 'vitest';
import { formatUkTimestamp, serviceDayReference, parseDay, formatDay, weekday, ukDayOf, ukOffsetMinutes } from '@transit/engine';

describe('UK time model', () => {
  it('renders winter and summer instants with their offset', () => {
    expect(formatUkTimestamp(Date.UTC(2026, 0, 15, 10, 9, 44))).toBe('2026-01-15T10:09:44+00:00');
    expect(formatUkTimestamp(Date.UTC(2026, 6, 1, 23, 30, 0))).toBe('2026-07-02T00:30:00+01:00');
    // The date part is kept per local day: instants of other days in turn, the last millisecond of a day, ms dropped as Date drops them.
    expect(formatUkTimestamp(Date.UTC(2026, 6, 1, 22, 59, 59, 999))).toBe('2026-07-01T23:59:59+01:00');
    expect(formatUkTimestamp(Date.UTC(2026, 6, 1, 23, 0, 0, 500))).toBe('2026-07-02T00:00:00+01:00');
    expect(formatUkTimestamp(Date.UTC(1969, 11, 31, 23, 59, 59) + 0.5)).toBe('1969-12-31T23:59:59+00:00');
  });

  it('switches at 01:00 UTC on the last Sundays of March and October', () => {
    expect(formatUkTimestamp(Date.UTC(2026, 2, 29, 0, 59, 59))).toBe('2026-03-29T00:59:59+00:00');
    expect(formatUkTimestamp(Date.UTC(2026, 2, 29, 1, 0, 0))).toBe('2026-03-29T02:00:00+01:00');
    expect(formatUkTimestamp(Date.UTC(2026, 9, 25, 0, 59, 59))).toBe('2026-10-25T01:59:59+01:00');
    expect(formatUkTimestamp(Date.UTC(2026, 9, 25, 1, 0, 0))).toBe('2026-10-25T01:00:00+00:00');
  });

  it('puts the service day reference at noon minus 12 h, even on clock-change days', () => {
    const day = parseDay('2026-03-29'); // spring forward: local noon is 11:00 UTC
    expect(new Date(serviceDayReference(day)).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    // A 08:00 departure (28 800 s) that day is 08:00 BST.
    expect(formatUkTimestamp(serviceDayReference(day) + 8 * 3_600_000)).toBe('2026-03-29T08:00:00+01:00');
    const autumn = parseDay('2026-10-25');
    expect(formatUkTimestamp(serviceDayReference(autumn) + 8 * 3_600_000)).toBe('2026-10-25T08:00:00+00:00');
    // 25:10:00 on an ordinary day is 01:10 the next morning.
    expect(formatUkTimestamp(serviceDayReference(parseDay('2026-11-20')) + (25 * 3600 + 600) * 1000)).toBe('2026-11-21T01:10:00+00:00');
  });

  it('parses, formats and validates dates', () => {
    expect(formatDay(parseDay('20240229'))).toBe('2024-02-29');
    expect(parseDay('2023-02-29')).toBeNaN();
    expect(parseDay('2026-13-01')).toBeNaN();
    expect(weekday(parseDay('2026-11-22'))).toBe(6); // a Sunday
    expect(formatDay(ukDayOf(Date.UTC(2026, 6, 1, 23, 30)))).toBe('2026-07-02');
  });

  it('agrees with the platform time zone database on every quarter hour from 1996 to 2045', () => {
    const zone = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', timeZoneName: 'shortOffset' });
    const wrong: string[] = [];
    for (let t = Date.UTC(1996, 0, 1); t < Date.UTC(2045, 0, 1); t += 900_000) {
      const bst = zone.formatToParts(t).find((p) => p.type === 'timeZoneName')!.value === 'GMT+1';
      if (ukOffsetMinutes(t) !== (bst ? 60 : 0)) wrong.push(new Date(t).toISOString());
    }
    expect(wrong).toEqual([]);
  });
});
