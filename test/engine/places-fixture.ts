// Hand-drawn and seeded place worlds for the places tests, compiled through the real builder.
import { Engine, type Place } from '@transit/engine';
import { newDataset, compileSnapshot, StopKind, type Dataset, type StopRecord } from '@transit/builder';

type StopInput = Partial<StopRecord> & { atco: string; name: string; lat: number; lon: number };

/** Adds a NaPTAN-like stop (bus unless `kind` says otherwise). */
export function addStop(ds: Dataset, s: StopInput): void {
  ds.stops.set(s.atco, {
    naptanCode: '', shortName: '', indicator: '', street: '', locality: '', localityCode: '', parentLocality: '', town: '', bearing: '', crs: '',
    kind: StopKind.Bus, inNaptan: true, active: true, ...s,
  });
}

export function addPostcode(ds: Dataset, code: string, lat: number, lon: number): void {
  ds.postcodes.push(code, lat, lon);
}

export function open(ds: Dataset): Engine {
  const bytes = compileSnapshot(ds, { builtAt: '2026-01-01T00:00:00.000Z' });
  return Engine.open(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

/**
 * A small Sheffield: NPTG settlements, three stations, bus and tram stops (one rail entrance,
 * which is not a place), a few postcodes.
 */
export function sheffieldWorld(): Dataset {
  const ds = newDataset({ strict: true });
  const settle = (code: string, name: string, parent: string, lat: number, lon: number) => ds.settlements.set(code, { code, name, parent, lat, lon });
  settle('N0077767', 'Sheffield', '', 53.3811, -1.4701);
  settle('E0057890', 'Sheffield Centre', 'Sheffield', 53.3809, -1.4690);
  settle('E0030265', 'Hillsborough', 'Sheffield', 53.4115, -1.5006);
  settle('E0030375', 'Meadowhall', 'Sheffield', 53.4170, -1.4130);
  settle('E0057864', 'Barnsley Town Centre', 'Barnsley', 53.5526, -1.4797);
  ds.stations.set('SHF', { crs: 'SHF', name: 'Sheffield', lat: 53.3782, lon: -1.4623 });
  ds.stations.set('MHS', { crs: 'MHS', name: 'Meadowhall', lat: 53.4175, lon: -1.4125 });
  ds.stations.set('BNY', { crs: 'BNY', name: 'Barnsley', lat: 53.5541, lon: -1.4774 });
  const centre = { locality: 'Sheffield Centre', localityCode: 'E0057890', parentLocality: 'Sheffield' };
  addStop(ds, { atco: '370010113', name: 'Sheffield Interchange/A3', indicator: 'A3', ...centre, lat: 53.38029, lon: -1.46464 });
  addStop(ds, { atco: '370022880', name: 'High Street/HS2', indicator: 'HS2', ...centre, lat: 53.38278, lon: -1.46801 });
  addStop(ds, { atco: '370020400', name: 'Fargate', indicator: 'Stand A1', ...centre, lat: 53.38190, lon: -1.46920 });
  addStop(ds, { atco: '370020401', name: 'Café Nero/Fargate', indicator: 'opp', ...centre, lat: 53.38150, lon: -1.46950 });
  addStop(ds, { atco: '370030001', name: 'Sheffield Road', indicator: 'opp', locality: 'Tinsley', localityCode: 'E0030613', parentLocality: 'Sheffield', lat: 53.4110, lon: -1.3990 });
  addStop(ds, { atco: '370030002', name: 'Sheffield Road', indicator: 'adj', locality: 'Birdwell', localityCode: 'E0029990', parentLocality: 'Barnsley', lat: 53.5120, lon: -1.4790 });
  addStop(ds, { atco: '370040001', name: "St John's Road", indicator: 'nr', locality: 'Hillsborough', localityCode: 'E0030265', parentLocality: 'Sheffield', lat: 53.4120, lon: -1.5010 });
  addStop(ds, { atco: '370070009', name: 'Meadowhall Interchange', indicator: 'at', locality: 'Meadowhall', localityCode: 'E0030375', parentLocality: 'Sheffield', lat: 53.4168, lon: -1.4128 });
  addStop(ds, { atco: '9400ZZSYMHI', name: 'Meadowhall Interchange', kind: StopKind.Tram, locality: 'Meadowhall', localityCode: 'E0030375', parentLocality: 'Sheffield', lat: 53.4172, lon: -1.4122 });
  addStop(ds, { atco: '9100SHEFFLD', name: 'Sheffield Rail Station', kind: StopKind.Rail, ...centre, lat: 53.3781, lon: -1.4622 });
  addPostcode(ds, 'S11AA', 53.38147, -1.46429);
  addPostcode(ds, 'S12HH', 53.38020, -1.46700);
  addPostcode(ds, 'S12HA', 53.38010, -1.46710);
  addPostcode(ds, 'S101AA', 53.37500, -1.50000);
  addPostcode(ds, 'LS14DY', 53.79950, -1.54490);
  return ds;
}

/** "type:name" per result, for one-line golden comparisons. */
export const line = (items: Place[]): string => items.map((p) => `${p.type}:${p.name}`).join(' | ');

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32). */
export function seeded(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = ['shef', 'field', 'don', 'cas', 'ter', 'barn', 'sley', 'ro', 'ther', 'ham', 'hill', 'bor', 'ough', 'mea', 'dow', 'hall', 'wood', 'seat', 'ley', 'ton', 'park', 'gate', 'brook', 'ash'];

/** A random world of `n` stops plus settlements, stations and postcodes around Sheffield; names share syllables so prefixes and one-edit neighbours abound. */
export function randomWorld(seed: number, n: number): { ds: Dataset; word: () => string } {
  const rnd = seeded(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)];
  const word = () => {
    let w = '';
    for (let i = 1 + Math.floor(rnd() * 3); i > 0; i--) w += pick(SYLLABLES);
    if (rnd() < 0.15) w = w.slice(0, -1) + pick(['e', 'y', 'a']); // near-duplicates: one-edit neighbours
    return w;
  };
  const name = (words: number) => Array.from({ length: words }, () => word()).map((w) => w[0].toUpperCase() + w.slice(1)).join(rnd() < 0.3 ? '/' : ' ');
  const ds = newDataset({ strict: true });
  const lat = () => 53.3 + rnd() * 0.3;
  const lon = () => -1.6 + rnd() * 0.4;
  for (let i = 0; i < n / 10; i++) ds.settlements.set(`E${i}`, { code: `E${i}`, name: name(1 + Math.floor(rnd() * 2)), parent: rnd() < 0.5 ? name(1) : '', lat: lat(), lon: lon() });
  for (let i = 0; i < n / 20; i++) {
    const crs = String.fromCharCode(65 + (i % 26), 65 + Math.floor(i / 26), 65 + Math.floor(rnd() * 26));
    ds.stations.set(crs, { crs, name: name(1 + Math.floor(rnd() * 2)), lat: lat(), lon: lon() });
  }
  for (let i = 0; i < n; i++) {
    addStop(ds, {
      atco: `3700${i}`, name: name(1 + Math.floor(rnd() * 3)), indicator: pick(['opp', 'adj', 'nr', 'A1', 'Stand B', '']), locality: name(1), parentLocality: rnd() < 0.5 ? name(1) : '',
      kind: rnd() < 0.1 ? StopKind.Tram : rnd() < 0.05 ? StopKind.Rail : StopKind.Bus, lat: lat(), lon: lon(),
    });
  }
  const codes = new Set<string>();
  for (let i = 0; i < n * 2; i++) {
    const code = `S${1 + Math.floor(rnd() * 20)}${Math.floor(rnd() * 10)}${pick([...'ABDEFGHJ'])}${pick([...'ABDEFGHJ'])}`;
    if (!codes.has(code)) addPostcode(ds, code, lat(), lon());
    codes.add(code);
  }
  return { ds, word };
}
