import type { Tier } from './lines.js';

/** Calendar day types, also the GTFS service_ids of calendar.txt. */
export type DayType = 'WK' | 'SA' | 'SU';
/** Day types in file order. */
export const DAY_TYPES: readonly DayType[] = ['WK', 'SA', 'SU'];

/** From `from` (inclusive) to `to` (exclusive), one departure every `every` minutes. */
interface Band {
  from: string;
  to: string;
  every: number;
}

const band = (from: string, to: string, every: number): Band => ({ from, to, every });

/** Headway bands per tier and day type (local times of departure from the origin). */
const BANDS: Record<Tier, Record<DayType, Band[]>> = {
  frequent: {
    WK: [band('05:40', '07:00', 20), band('07:00', '18:30', 12), band('18:30', '23:30', 30)],
    SA: [band('06:10', '08:00', 30), band('08:00', '18:30', 20), band('18:30', '23:30', 30)],
    SU: [band('07:30', '23:00', 30)],
  },
  regular: {
    WK: [band('06:00', '07:00', 30), band('07:00', '18:30', 20), band('18:30', '22:45', 60)],
    SA: [band('06:30', '18:30', 30), band('18:30', '22:45', 60)],
    SU: [band('08:30', '18:30', 60)],
  },
  hourly: {
    WK: [band('06:25', '19:00', 60)],
    SA: [band('07:25', '18:00', 60)],
    SU: [band('09:25', '17:00', 120)],
  },
  coach: {
    WK: [band('06:15', '21:00', 120)],
    SA: [band('07:15', '21:00', 120)],
    SU: [band('09:15', '19:00', 180)],
  },
  tram: {
    WK: [band('05:50', '07:00', 15), band('07:00', '19:00', 10), band('19:00', '23:40', 20)],
    SA: [band('06:20', '08:00', 20), band('08:00', '19:00', 12), band('19:00', '23:40', 20)],
    SU: [band('07:40', '23:10', 20)],
  },
  'tram-main': {
    WK: [band('05:50', '07:00', 20), band('07:00', '19:00', 10), band('19:00', '23:40', 20)],
    SA: [band('06:20', '08:00', 20), band('08:00', '19:00', 12), band('19:00', '23:40', 20)],
    SU: [band('07:40', '23:10', 20)],
  },
  'tram-purple': {
    WK: [band('06:10', '19:00', 20), band('19:00', '23:00', 30)],
    SA: [band('07:10', '19:00', 20), band('19:00', '23:00', 30)],
    SU: [band('08:10', '22:00', 30)],
  },
  'rail-frequent': {
    WK: [band('06:00', '07:00', 30), band('07:00', '19:30', 15), band('19:30', '23:00', 30)],
    SA: [band('06:30', '08:00', 30), band('08:00', '19:30', 15), band('19:30', '23:00', 30)],
    SU: [band('08:30', '22:30', 30)],
  },
  'rail-stopping': {
    WK: [band('06:05', '22:40', 30)],
    SA: [band('06:35', '22:40', 30)],
    SU: [band('08:35', '22:40', 60)],
  },
  'rail-fast': {
    WK: [band('06:20', '22:00', 60)],
    SA: [band('07:20', '22:00', 60)],
    SU: [band('09:20', '21:00', 60)],
  },
};

/** "HH:MM" -> minutes after midnight. */
export function minutes(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

/**
 * Departure minutes from the origin for one tier and day type, every band shifted by `shift`
 * minutes (0 <= shift < 10 when seeded, so a different seed moves times but not the pattern;
 * rail corridors fix theirs, up to an hour, so that their trains interleave).
 */
export function departureMinutes(tier: Tier, day: DayType, shift: number): number[] {
  const out: number[] = [];
  for (const b of BANDS[tier][day]) {
    const end = minutes(b.to);
    for (let t = minutes(b.from) + shift; t < end + shift; t += b.every) if (out.length === 0 || t > out[out.length - 1]) out.push(t);
  }
  return out;
}

/** Extra late departures of night lines: 23:40, then 24:15 and 25:05 on the same service day. */
export const NIGHT_DEPARTURES: readonly number[] = [minutes('23:40'), 24 * 60 + 15, 25 * 60 + 5];

/** Weekday rush hours, when running times stretch. */
export function isPeak(day: DayType, minute: number): boolean {
  return day === 'WK' && ((minute >= 450 && minute < 570) || (minute >= 960 && minute < 1110));
}
