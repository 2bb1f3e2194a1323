import { UNREACHED, type Engine } from '@transit/engine';
import type { CsaOracle } from './csa-oracle.js';

/**
 * Most transfers the comparison asks the planner for. The oracle's transfers are unlimited; the
 * planner allows at most MAX_ROUNDS - 2 = 15, so a difference is checked again against the
 * oracle limited to MAX_TRANSFERS + 1 trips before it counts.
 */
export const MAX_TRANSFERS = 15;

/** One earliest-arrival question in feed terms. */
export interface OracleQuery {
  origin: string;
  /** YYYY-MM-DD. */
  date: string;
  /** Seconds from the date's reference. */
  departS: number;
}

/** Seconds as [-]h:mm:ss (hours past 24 kept), '-' for UNREACHED. */
export function hms(s: number): string {
  if (s >= UNREACHED) return '-';
  const a = Math.abs(s);
  const p = (x: number) => String(x).padStart(2, '0');
  return `${s < 0 ? '-' : ''}${Math.floor(a / 3600)}:${p(Math.floor(a / 60) % 60)}:${p(a % 60)}`;
}

/** Day number (days since 1970-01-01) of YYYY-MM-DD, without the engine's calendar code. */
export function dayOf(date: string): number {
  return Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / 86_400_000;
}

/** Engine stop index -> oracle stop index (-1 for stops no trip calls at), cached per engine and oracle. */
const maps = new WeakMap<Engine, WeakMap<CsaOracle, Int32Array>>();
function oracleIndex(engine: Engine, oracle: CsaOracle): Int32Array {
  let byOracle = maps.get(engine);
  if (!byOracle) maps.set(engine, (byOracle = new WeakMap()));
  let map = byOracle.get(oracle);
  if (!map) {
    const n = engine.info.counts.stops;
    map = new Int32Array(n).fill(-1);
    for (let i = 0; i < n; i++) map[i] = oracle.stopIndex.get(engine.stop(i).atcocode) ?? -1;
    for (const id of oracle.stopIds) if (engine.findStop(id) < 0) throw new Error(`stop ${id} has calls in the feed but is not in the snapshot`);
    byOracle.set(oracle, map);
  }
  return map;
}

/** Outcome of one query: stops compared, differences explained by the transfer limit, and real disagreements (one line each). */
export interface QueryOutcome {
  stops: number;
  reached: number;
  cappedOnly: number;
  mismatches: string[];
}

/**
 * Runs one query on the planner and the oracle and compares the earliest arrival at every stop
 * of the snapshot. A disagreement line names the stop, both times, the oracle's bounded answer
 * and its journey, and the footpaths around the stop.
 */
export function compareQuery(engine: Engine, oracle: CsaOracle, q: OracleQuery, maxReported = 8): QueryOutcome {
  const map = oracleIndex(engine, oracle);
  const originIdx = engine.findStop(q.origin);
  if (originIdx < 0) throw new Error(`origin ${q.origin} not in the snapshot`);
  const got = engine.planner.earliestArrival({ origins: [{ stop: originIdx, seconds: 0, metres: 0 }], day: dayOf(q.date), departS: q.departS, maxTransfers: MAX_TRANSFERS, transferSlackS: 0 });
  const want = oracle.earliestArrival(q.origin, q.date, q.departS);
  const diff: number[] = [];
  let reached = 0;
  for (let i = 0; i < map.length; i++) {
    const w = map[i] >= 0 ? want[map[i]] : UNREACHED;
    if (w < UNREACHED) reached++;
    if (got[i] !== w) diff.push(i);
  }
  const outcome: QueryOutcome = { stops: map.length, reached, cappedOnly: 0, mismatches: [] };
  if (diff.length === 0) return outcome;
  // Record the unlimited answers and journeys before the bounded run overwrites the scratch.
  const engineTimes = diff.map((i) => got[i]);
  const unlimited = diff.map((i) => (map[i] >= 0 ? want[map[i]] : UNREACHED));
  const journeys = diff.map((i) => oracle.explain(engine.stop(i).atcocode));
  const bounded = oracle.earliestArrivalWithin(q.origin, q.date, q.departS, MAX_TRANSFERS + 1);
  diff.forEach((i, j) => {
    const b = map[i] >= 0 ? bounded[map[i]] : UNREACHED;
    if (b === engineTimes[j]) {
      outcome.cappedOnly++;
      return;
    }
    if (outcome.mismatches.length >= maxReported) return;
    const id = engine.stop(i).atcocode;
    const near = oracle.neighbours(id).map((n) => `${n.stopId}+${n.seconds}s`).join(' ');
    outcome.mismatches.push(
      `stop ${id} (#${i}): planner ${hms(engineTimes[j])} (${engineTimes[j]}) oracle ${hms(unlimited[j])} (${unlimited[j]}), within ${MAX_TRANSFERS + 1} trips ${hms(b)}; oracle journey: ${journeys[j]}; footpaths: ${near || 'none'}`,
    );
  });
  const total = diff.length - outcome.cappedOnly;
  if (total > outcome.mismatches.length) outcome.mismatches.push(`... ${total - outcome.mismatches.length} more stops differ`);
  return outcome;
}

/** A query's heading for reports. */
export function describeQuery(q: OracleQuery): string {
  return `origin ${q.origin} on ${q.date} (day ${dayOf(q.date)}) departing ${hms(q.departS)} (${q.departS} s)`;
}
