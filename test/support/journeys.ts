import { ModeBit, formatDay, formatUkTimestamp, parseDay, ukLocalToEpoch, type Engine, type Itinerary, type LatLon, type Leg, type PlanResult, type SearchPage, type StreetMode } from '@transit/engine';

/** Metres per degree of latitude on the IUGG mean radius, a hair longer than the engine's 6,371,000 m: a point `n` metres off measures a hair under n there, so limits of exactly n x 1.3 (J05) hold despite float rounding. */
const M_PER_DEG_LAT = 6_371_008.8 * Math.PI / 180;

/** A point `metres` north (negative: south) of a stop of the feed. */
export function northOf(e: Engine, atco: string, metres: number): LatLon {
  const s = e.stop(e.findStop(atco));
  return { lat: s.latitude + metres / M_PER_DEG_LAT, lon: s.longitude };
}

/** A hand-drawn journey query: ends are stop ids (the stop's own coordinates) or points. */
export interface JourneyCase {
  from: string | LatLon;
  to: string | LatLon;
  /** UK local `YYYY-MM-DD hh:mm[:ss]`: departure, or the latest arrival with arriveBy. */
  at: string;
  arriveBy?: boolean;
  /** ModeBit mask; default bus and coach only (the server's `transit_modes=`). */
  modeMask?: number;
  limit?: number;
  maxWalkM?: number | null;
  maxTotalWalkM?: number | null;
  alternatives?: StreetMode[];
  transferSlackS?: number;
  /** A page of an earlier plan (its nextPage / previousPage). */
  page?: SearchPage | null;
}

/** UK local `YYYY-MM-DD hh:mm[:ss]` as epoch ms. */
export function ukTime(at: string): number {
  const [date, hms] = at.split(' ');
  const [hh, mm, ss = 0] = hms.split(':').map(Number);
  return ukLocalToEpoch(parseDay(date), hh * 3600 + mm * 60 + ss);
}

/** Runs the real door-to-door planner on a case. */
export function planCase(e: Engine, c: JourneyCase): PlanResult & { notices: { code: string; message: string }[] } {
  const end = (p: string | LatLon): LatLon => {
    if (typeof p !== 'string') return p;
    const s = e.stop(e.findStop(p));
    return { lat: s.latitude, lon: s.longitude };
  };
  return e.planJourney({
    from: end(c.from), to: end(c.to), time: ukTime(c.at), arriveBy: c.arriveBy ?? false,
    modeMask: c.modeMask ?? (ModeBit.Bus | ModeBit.Coach), limit: c.limit ?? 5,
    maxWalkM: c.maxWalkM ?? null, maxTotalWalkM: c.maxTotalWalkM ?? null,
    intermediateStops: false, steps: false, alternatives: c.alternatives ?? [], transferSlackS: c.transferSlackS, page: c.page,
  });
}

/** hh:mm, or hh:mm:ss when the seconds are not zero. */
const hhmm = (ms: number) => {
  const t = formatUkTimestamp(ms).slice(11, 19);
  return t.endsWith(':00') ? t.slice(0, 5) : t;
};

function legText(e: Engine, leg: Leg): string {
  if (leg.kind === 'street') return `${leg.mode} ${Math.round(leg.distance)}m${leg.to.stopIdx === null ? '' : ' ' + e.stop(leg.to.stopIdx).atcocode}`;
  const stop = (i: number | null) => e.stop(i!).atcocode;
  const trip = `${e.tripSummary(leg.tripIdx).tripId}@${formatDay(leg.serviceDay).slice(5)}`;
  return `${leg.mode} ${trip} ${stop(leg.from.stopIdx)} ${hhmm(leg.start)} -> ${stop(leg.to.stopIdx)} ${hhmm(leg.end)}`;
}

/**
 * An itinerary as one golden line: `MM-DD start-end` (UK local date of the start, hh:mm[:ss]), then its legs joined by ` | `:
 * `walk 130m S1` (a walk and the stop it reaches; none for the destination),
 * `bus trip@MM-DD S1 08:05 -> S3 08:30` (trip id and service date).
 */
export function itineraryLine(e: Engine, it: Itinerary): string {
  return `${formatUkTimestamp(it.start).slice(5, 10)} ${hhmm(it.start)}-${hhmm(it.end)} ${it.legs.map((l) => legText(e, l)).join(' | ')}`;
}

/** The transit itineraries of a case as golden lines, in the planner's order. */
export function journeyLines(e: Engine, c: JourneyCase): string[] {
  return planCase(e, c).itineraries.map((it) => itineraryLine(e, it));
}

/** The plans of `count` pages of a case: the first, then each following `towards` ('next': nextPage; 'previous': previousPage) while there is one. */
export function planPages(e: Engine, c: JourneyCase, count: number, towards: SearchPage['towards'] = 'next'): ReturnType<typeof planCase>[] {
  const plans = [planCase(e, c)];
  while (plans.length < count) {
    const page = towards === 'next' ? plans[plans.length - 1].nextPage : plans[plans.length - 1].previousPage;
    if (!page) break;
    plans.push(planCase(e, { ...c, page }));
  }
  return plans;
}

/** Golden lines of `count` pages followed from a case, page after page (each page listed by start time). */
export function pagedLines(e: Engine, c: JourneyCase, count: number, towards: SearchPage['towards'] = 'next'): string[] {
  return planPages(e, c, count, towards).flatMap((p) => p.itineraries.map((it) => itineraryLine(e, it)));
}
