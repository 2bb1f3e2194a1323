/** km/h per mph. */
const KMH_PER_MPH = 1.609344;

/** UK implicit limits (maxspeed=GB:nsl_single etc.), mph. */
const IMPLICIT_MPH: Record<string, number> = {
  national: 60,
  'gb:national': 60,
  'uk:national': 60,
  'gb:nsl_single': 60,
  'uk:nsl_single': 60,
  'gb:nsl_dual': 70,
  'uk:nsl_dual': 70,
  'gb:motorway': 70,
  'uk:motorway': 70,
  'gb:nsl_restricted': 30,
  'uk:nsl_restricted': 30,
  'gb:zone20': 20,
  'gb:zone30': 30,
};

/**
 * A `maxspeed` tag in km/h: "30 mph", "48", "50 km/h", "GB:nsl_single", "national"; the first
 * value of a list ("30 mph;20 mph"). NaN when absent or unreadable ("signals", "none", "walk").
 */
export function parseMaxSpeedKmh(value: string | undefined): number {
  if (!value) return NaN;
  const v = value.split(';')[0].trim().toLowerCase();
  const implicit = Object.hasOwn(IMPLICIT_MPH, v) ? IMPLICIT_MPH[v] : undefined;
  if (implicit) return implicit * KMH_PER_MPH;
  const m = /^(\d+(?:\.\d+)?)\s*(mph|km\/h|kmh|kph)?$/.exec(v);
  if (!m) return NaN;
  const n = Number(m[1]);
  if (!(n > 0)) return NaN;
  return m[2] === 'mph' ? n * KMH_PER_MPH : n;
}
