// FEATURE UNDER TEST: calendar.txt weekdays and calendar_dates.txt additions/removals resolved into day bitsets, each distinct bitset stored once and shared by the services with the same days.
import { describe, it, expect } from 'vitest';
import { buildSnapshot } from '@transit/builder';
import { Engine, parseDay, formatDay } from '@transit/engine';
import { smallFeed, stopTimeRows } from '../support/small-feed.js';

describe('service calendars', () => {
  it('resolves weekdays, removed and added dates, and calendar_dates-only services', async () => {
    const dir = smallFeed({
      calendar: ['WK,1,1,1,1,1,0,0,20261221,20261231'],
      calendarDates: ['WK,20261225,2', 'WK,20261226,1', 'XMAS,20261225,1'],
      trips: ['R,WK,t1', 'R,XMAS,t2'],
      stopTimes: [...stopTimeRows('t1', ['08:00:00', '08:10:00']), ...stopTimeRows('t2', ['10:00:00', '10:10:00'])],
    });
    const e = Engine.open((await buildSnapshot({ gtfs: [dir], quiet: true })).bytes.buffer);
    const h = e.reader.header;
    expect(formatDay(h.firstServiceDay)).toBe('2026-12-21');
    expect(h.serviceDayCount).toBe(11);
    const words = Math.ceil(h.serviceDayCount / 32);
    // A service by one of its trips (the snapshot keeps no service ids): WK runs t1, XMAS t2.
    const runs = (trip: string) => {
      const s = e.timetable.tripService[e.timetable.tripIds.find(trip)];
      const days: string[] = [];
      for (let d = 0; d < h.serviceDayCount; d++) if (e.timetable.serviceDays[e.timetable.serviceDayRow[s] * words + (d >>> 5)] & (1 << (d & 31))) days.push(formatDay(h.firstServiceDay + d).slice(5));
      return days.join(' ');
    };
    expect(runs('t1')).toBe('12-21 12-22 12-23 12-24 12-26 12-28 12-29 12-30 12-31');
    expect(runs('t2')).toBe('12-25');
    expect(parseDay('2026-12-26') - h.firstServiceDay).toBe(5);
  });

  it('stores each distinct set of days once, shared by the services that run on it', async () => {
    const dir = smallFeed({
      calendar: ['WK,1,1,1,1,1,0,0,20261221,20261231', 'WK_COPY,1,1,1,1,1,0,0,20261221,20261231', 'SAT,0,0,0,0,0,1,0,20261221,20261231'],
      calendarDates: ['WK_COPY,20261225,2', 'XMAS,20261225,1', 'XMAS_COPY,20261225,1'],
      trips: ['R,WK,t1', 'R,WK_COPY,t2', 'R,SAT,t3', 'R,XMAS,t4', 'R,XMAS_COPY,t5'],
      stopTimes: ['t1', 't2', 't3', 't4', 't5'].flatMap((trip, i) => stopTimeRows(trip, [`${String(8 + i).padStart(2, '0')}:00:00`, `${String(8 + i).padStart(2, '0')}:10:00`])),
    });
    const e = Engine.open((await buildSnapshot({ gtfs: [dir], quiet: true })).bytes.buffer);
    const tt = e.timetable;
    // A service by its one trip (the snapshot keeps no service ids).
    const tripOf: Record<string, string> = { WK: 't1', WK_COPY: 't2', SAT: 't3', XMAS: 't4', XMAS_COPY: 't5' };
    const row = (service: string) => tt.serviceDayRow[tt.tripService[tt.tripIds.find(tripOf[service])]];
    const words = Math.ceil(e.reader.header.serviceDayCount / 32);
    // WK and WK_COPY differ on 25 December (WK_COPY removes it); XMAS and XMAS_COPY are the same day.
    expect(row('XMAS')).toBe(row('XMAS_COPY'));
    expect(new Set(['WK', 'WK_COPY', 'SAT', 'XMAS'].map(row)).size).toBe(4);
    expect(tt.serviceDays.length).toBe(4 * words);
    // Boards read the shared rows: both Christmas trips on the 25th, no weekday copy trip.
    const cal = e.calendar;
    const on = (day: string) => ['t1', 't2', 't3', 't4', 't5'].filter((id) => {
      const t = tt.tripIds.find(id);
      return cal.runs(tt.tripService[t], parseDay(day));
    });
    expect(on('2026-12-25')).toEqual(['t1', 't4', 't5']);
    expect(on('2026-12-24')).toEqual(['t1', 't2']);
    expect(on('2026-12-26')).toEqual(['t3']);
  });
});
