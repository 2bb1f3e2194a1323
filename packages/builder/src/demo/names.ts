import type { Random } from './random.js';

/** Street-ish and landmark stop names, as NaPTAN CommonName reads at ordinary bus stops. */
const STOP_NAMES: readonly string[] = [
  'Church Street', 'Station Road', 'Park Avenue', 'Post Office', 'Library', 'Hospital', 'School Lane',
  'Mill Lane', 'Green Lane', 'Victoria Road', 'Queens Road', 'Manor Road', 'Hall Lane', 'Wood Lane',
  'Chapel Street', 'Red Lion', 'Crown Inn', 'Royal Oak', 'Co-op', 'Recreation Ground', 'Cemetery',
  'Park Gates', 'Bridge Street', 'Fire Station', 'Health Centre', 'Cross Street', 'Albert Road',
  'Vicarage Lane', 'Dale Road', 'Holly Street', 'Windmill Lane', 'Beech Grove', 'Elm Road', 'Oak Street',
  'The Crescent', 'Grange Road', 'Moor Lane', 'Cliffe Road', 'Spring Lane', 'Hill Top', 'Well Lane',
  'Common Road', 'New Street', 'King Street', 'Princess Street', 'Nelson Street', 'Garden Street',
  'Field Lane', 'Brook Lane', 'Wesley Street', 'Cricket Ground', 'Leisure Centre', 'Swimming Baths',
  'Medical Centre', 'Shopping Centre', 'Working Mens Club', 'Rose and Crown', 'White Hart', 'Miners Welfare',
  'Bus Depot', 'Primary School', 'High School', 'Clough Road', 'Carr Lane', 'Ings Road', 'Town End',
];

/** City-centre streets, used where both ends of a road lie in one town centre. */
const CENTRAL_STREETS: readonly string[] = [
  'Charter Row', 'Division Street', 'Furnival Gate', 'Leopold Street', 'Arundel Gate', 'Snig Hill',
  'Corporation Street', 'Pinstone Street', 'Rockingham Street', 'Campo Lane', 'Fargate',
];

/** Picks stop names: never the same name twice in one locality while the pool lasts. */
export class StopNamer {
  private readonly used = new Map<string, Set<string>>();

  constructor(private readonly world: Random) {}

  /** Reserves a name (e.g. a node's stop name) so no other stop of the locality takes it. */
  reserve(localityCode: string, name: string): void {
    this.usedIn(localityCode).add(name);
  }

  /** A fresh name for a stop in the locality. */
  next(localityCode: string): string {
    const used = this.usedIn(localityCode);
    for (let attempt = 0; attempt < 12; attempt++) {
      const name = this.world.pick(STOP_NAMES);
      if (!used.has(name)) {
        used.add(name);
        return name;
      }
    }
    return this.world.pick(STOP_NAMES); // pool exhausted locally: a repeat is realistic enough
  }

  /** A street in a town centre. */
  centralStreet(): string {
    return this.world.pick(CENTRAL_STREETS);
  }

  private usedIn(code: string): Set<string> {
    let set = this.used.get(code);
    if (!set) this.used.set(code, (set = new Set()));
    return set;
  }
}

const ABBREVIATIONS: readonly [RegExp, string][] = [
  [/\bInterchange\b/g, 'Intc'],
  [/\bBus Station\b/g, 'Bus Stn'],
  [/\bStreet\b/g, 'St'],
  [/\bRoad\b/g, 'Rd'],
  [/\bLane\b/g, 'La'],
  [/\bAvenue\b/g, 'Ave'],
  [/\bSquare\b/g, 'Sq'],
];

/** NaPTAN ShortCommonName: common words abbreviated, at most 24 characters. */
export function shortCommonName(name: string): string {
  let short = name;
  for (const [word, abbr] of ABBREVIATIONS) short = short.replace(word, abbr);
  return short.length > 24 ? short.slice(0, 24).trimEnd() : short;
}

/** Indicators for the two stops of a roadside pair (travelling a->b, then b->a). */
export function pairIndicators(world: Random): [string, string] {
  const r = world.next();
  if (r < 0.55) return world.next() < 0.5 ? ['adj', 'opp'] : ['opp', 'adj'];
  if (r < 0.72) return [`o/s ${world.int(2, 140)}`, 'opp'];
  if (r < 0.86) return ['Stop A', 'Stop B'];
  return ['nr', 'opp'];
}
