/**
 * Math.hypot(x, y), bit for bit (V8's algorithm: Infinity before NaN, 0 for two zeros, else the
 * root of the squares scaled by the larger, summed in argument order), without its allocations:
 * the builtin is not inlined and boxes its answer and its arguments' array, a heap number or two
 * per call, and placing stops on shapes calls it per segment per stop (megabytes of garbage per
 * route-layer box at national size).
 */
export function hypot(x: number, y: number): number {
  const ax = Math.abs(x), ay = Math.abs(y);
  if (ax === Infinity || ay === Infinity) return Infinity;
  if (ax !== ax || ay !== ay) return NaN;
  const max = ax > ay ? ax : ay;
  if (max === 0) return 0;
  const a = ax / max, b = ay / max;
  return Math.sqrt(a * a + b * b) * max;
}
