const RAD = Math.PI / 180;

/** Initial bearing from a to b, degrees clockwise from north in [0, 360) (local plane; street segments are short). */
export function bearingDegrees(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const y = (bLon - aLon) * Math.cos(((aLat + bLat) / 2) * RAD);
  const x = bLat - aLat;
  const deg = Math.atan2(y, x) / RAD;
  return deg < 0 ? deg + 360 : deg;
}

const COMPASS = ['north', 'northeast', 'east', 'southeast', 'south', 'southwest', 'west', 'northwest'];

/** north ... northwest: the nearest of the eight compass points to a bearing. */
export function absoluteDirection(bearing: number): string {
  return COMPASS[Math.round(bearing / 45) % 8];
}

/**
 * The turn from travelling along `inBearing` to `outBearing` (degrees): continue within 15°,
 * slightly_* to 45°, left/right to 120°, hard_* to 165°, uturn_* beyond. Clockwise is right.
 */
export function relativeDirection(inBearing: number, outBearing: number): string {
  let turn = (outBearing - inBearing) % 360;
  if (turn >= 180) turn -= 360;
  else if (turn < -180) turn += 360;
  const side = turn < 0 ? 'left' : 'right';
  const a = Math.abs(turn);
  if (a < 15) return 'continue';
  if (a < 45) return `slightly_${side}`;
  if (a < 120) return side;
  if (a < 165) return `hard_${side}`;
  return `uturn_${side}`;
}
