import { DAY_TYPES, NIGHT_DEPARTURES, departureMinutes, isPeak, minutes, type DayType } from './frequencies.js';
import { legSeconds, tripTimes, type SpeedModel } from './running-times.js';
import { assignBlocks } from './blocks.js';
import type { Tier } from './lines.js';
import type { Random } from './random.js';
import type { DemoPattern, DemoRoute, DemoTrip } from './model.js';

/** Everything needed to timetable one route: its patterns, how often and how fast it runs. */
export interface LinePlan {
  route: DemoRoute;
  tier: Tier;
  speed: SpeedModel;
  /** Full-length pattern per direction (index = direction_id). */
  full: readonly [DemoPattern, DemoPattern];
  /** Short workings per direction (turning at an intermediate node). */
  short?: readonly [DemoPattern, DemoPattern];
  /** Late journeys on weekday and Saturday service past midnight. */
  night?: boolean;
  /** One journey each way on school days only (service SCH). */
  school?: boolean;
  /** Vehicle workings and journey codes (buses and trams; rail has neither here). */
  blocks: boolean;
  /** Fixed shift of the headway bands per direction, minutes (rail: trains of one corridor interleave); else seeded. */
  shift?: readonly [number, number];
}

/** School-day journeys: to the far end in the morning, back in the afternoon. */
const SCHOOL_DEPARTURES: readonly [number, number] = [minutes('07:50'), minutes('15:25')];

/** Every journey of a line on every day type; `rng` shifts departure times. */
export function scheduleLine(plan: LinePlan, rng: Random): DemoTrip[] {
  const legs = new Map<DemoPattern, number[]>();
  const all: DemoTrip[] = [];
  const make = (pattern: DemoPattern, serviceId: string, day: DayType, minute: number) => {
    let base = legs.get(pattern);
    if (!base) legs.set(pattern, (base = legSeconds(pattern, plan.speed)));
    const factor = isPeak(day, minute) ? plan.speed.peakFactor : 1;
    const id = `${plan.route.id}-${serviceId}-${String(all.length + 1).padStart(4, '0')}`;
    const code = plan.blocks ? String(1000 + all.length + 1) : '';
    all.push({ id, routeId: plan.route.id, serviceId, pattern, blockId: '', vehicleJourneyCode: code, ...tripTimes(pattern, base, plan.speed, minute * 60, factor) });
  };
  for (const day of DAY_TYPES) {
    const first = all.length;
    for (const dir of [0, 1] as const) {
      const seeded = rng.int(0, 9); // drawn either way, so a fixed shift leaves later lines' times alone
      departureMinutes(plan.tier, day, plan.shift ? plan.shift[dir] : seeded).forEach((minute, k) => {
        // Every third daytime journey turns short, so the inner section gets a higher frequency.
        const short = plan.short && k % 3 === 1 && minute >= minutes('09:00') && minute < minutes('15:00');
        make(short ? plan.short![dir] : plan.full[dir], day, day, minute);
      });
      if (plan.night && day !== 'SU') for (const minute of NIGHT_DEPARTURES) make(plan.full[dir], day, day, minute);
    }
    if (plan.blocks) assignBlocks(all.slice(first), `${plan.route.id}-${day}`);
  }
  if (plan.school) {
    const first = all.length;
    for (const dir of [0, 1] as const) make(plan.full[dir], 'SCH', 'WK', SCHOOL_DEPARTURES[dir]);
    assignBlocks(all.slice(first), `${plan.route.id}-SCH`);
  }
  return all;
}
