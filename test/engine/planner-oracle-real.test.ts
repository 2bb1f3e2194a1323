// FEATURE UNDER TEST: RAPTOR earliest arrival (engine.planner.earliestArrival) equals the connection-scan oracle at every stop on the real GTFS feeds of shared/data, from seeded origins and departure times on each feed's busiest service day.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HAVE_DATA, gtfsFeeds } from '../support/data.js';
import { feedEngine } from '../support/snapshots.js';
import { CsaOracle } from '../support/csa-oracle.js';
import { busiestDate } from '../support/oracle-feed.js';
import { mulberry32 } from '../support/random-timetable.js';
import { compareQuery, describeQuery, type OracleQuery } from '../support/planner-compare.js';

const QUERIES_PER_FEED = 30;

/** Seeded queries: origins among the stops with calls, departures over 0-26 h (most in the day, some in yesterday's after-midnight trips). */
function queries(feed: string, oracle: CsaOracle, date: string): OracleQuery[] {
  const rand = mulberry32([...feed].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7));
  return Array.from({ length: QUERIES_PER_FEED }, (_, i) => ({
    origin: oracle.stopIds[Math.floor(rand() * oracle.stopIds.length)],
    date,
    departS: i % 5 === 0 ? Math.floor(rand() * 3 * 3600) : 5 * 3600 + Math.floor(rand() * 21 * 3600),
  }));
}

describe.skipIf(!HAVE_DATA)('planner earliest arrival vs CSA oracle: real feeds', () => {
  for (const file of gtfsFeeds()) {
    const name = path.basename(file);
    it(`${path.basename(path.dirname(file))}/${name}`, async () => {
      const entry = feedEngine(name);
      expect(entry, `${name} has a snapshot`).not.toBeNull();
      const engine = entry!.engine;
      const oracle = await CsaOracle.open(file);
      expect(engine.info.counts.trips, 'the oracle reads the trips the builder keeps').toBe(oracle.feed.trips.length);
      const date = busiestDate(oracle.feed);
      expect(date, 'a service day').not.toBeNull();
      const failures: string[] = [];
      let reached = 0;
      for (const q of queries(name, oracle, date!)) {
        const out = compareQuery(engine, oracle, q);
        reached += out.reached;
        if (out.mismatches.length) failures.push(`${name}, ${describeQuery(q)}:\n  ${out.mismatches.join('\n  ')}`);
      }
      expect(failures.join('\n')).toBe('');
      expect(reached).toBeGreaterThan(QUERIES_PER_FEED);
    });
  }
});
