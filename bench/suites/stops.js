import { distanceMetres } from '@transit/engine';

/** A fixed list of radius queries: points 0-150 m from seeded-random stops (mulberry32, seed 42). */
export function stopsQueries(engine, count) {
  const rand = mulberry32(42);
  const t = engine.stopTable;
  return Array.from({ length: count }, () => {
    const s = Math.floor(rand() * t.count);
    return { near: { lat: t.lat[s] + (rand() - 0.5) * 0.002, lon: t.lon[s] + (rand() - 0.5) * 0.003, radius: 400 }, offset: 0, limit: 20 };
  });
}

/** Every stop within the radius by a scan of all stops: the oracle and the naive baseline. */
export function naiveStops(engine, q) {
  const t = engine.stopTable;
  const out = [];
  for (let s = 0; s < t.count; s++) {
    const d = distanceMetres(q.near.lat, q.near.lon, t.lat[s], t.lon[s]);
    if (d <= q.near.radius) out.push({ s, d });
  }
  return out.sort((a, b) => a.d - b.d || a.s - b.s);
}

/** Throws unless the engine's answers equal the brute-force scan's. */
export function checkStops(engine, queries) {
  for (const q of queries) {
    const fast = engine.stops({ ...q, limit: 10_000 });
    const slow = naiveStops(engine, q);
    if (fast.total !== slow.length) throw new Error(`stops by radius: ${fast.total} results, brute force ${slow.length} at ${JSON.stringify(q.near)}`);
    fast.items.forEach((st, k) => {
      if (st.atcocode !== engine.stop(slow[k].s).atcocode) throw new Error(`stops by radius: order differs at ${k} for ${JSON.stringify(q.near)}`);
    });
  }
}

export function mulberry32(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
