// FEATURE UNDER TEST: the API against its own OpenAPI document, fuzzed from the document alone:
// for each operation, parameters drawn from their schemas, valid and invalid (types, bounds,
// enums, patterns, lengths, missing required, repeated, junk). Never a 5xx; every error is the
// envelope { error: { code, message } }; every answer, 2xx or not, valid against the schema of
// its operation and status (test/support/openapi-contract.ts).
// First a sweep over every operation and parameter, then a seeded random run:
//   FUZZ_SEED=123 FUZZ_RUNS=100000 npx vitest run test/server/fuzz-openapi.test.ts   (npm run fuzz)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { startTestServer, TEST_KEY, type TestServer } from '../support/server.js';
import { contractAt, type ApiContract, type Operation } from '../support/openapi-contract.js';
import { requestArb, sweep, type FuzzRequest, type Seeds } from '../support/openapi-fuzz.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? 20261126);

/** Demo-data values (Sheffield, a Tuesday in the demo calendar) so requests reach the engine, not only validation. */
const DEMO_SEEDS: Seeds = {
  lat: ['53.3811'],
  lon: ['-1.4701'],
  from_lat: ['53.3811'],
  from_lon: ['-1.4701'],
  to_lat: ['53.5526'],
  to_lon: ['-1.4797'],
  min_lat: ['53.37'],
  min_lon: ['-1.49'],
  max_lat: ['53.39'],
  max_lon: ['-1.45'],
  datetime: ['2026-03-03T08:00'],
  date: ['2026-03-03'],
  query: ['sheffield'],
  q: ['5'],
};

let api: TestServer;
let contract: ApiContract;
let operations: Operation[];
/** Properties whose values also fit a parameter of another name (a dated ref names a trip and fixes its date). */
const ALIASES: Record<string, string[]> = { trip_id: ['dated_vehicle_journey_ref', 'trip_id'], route_id: ['id'] };

/** Values seen in 2xx bodies, by property name, each with the path that answered it: ids and coordinates to reuse. */
const harvested = new Map<string, Map<string, string>>();

beforeAll(async () => {
  api = await startTestServer();
  contract = await contractAt(api.url);
  operations = contract.operations.filter((op) => op.method === 'get');
});
afterAll(() => api?.close());

function harvest(node: unknown, from: string, name = ''): void {
  if (Array.isArray(node)) return node.slice(0, 10).forEach((v) => harvest(v, from, name));
  if (node && typeof node === 'object') return Object.entries(node).forEach(([k, v]) => harvest(v, from, k));
  if ((typeof node === 'string' && node.length <= 100) || typeof node === 'number') {
    const seen = harvested.get(name) ?? new Map<string, string>();
    if (seen.size < 60 && !seen.has(String(node))) seen.set(String(node), from);
    harvested.set(name, seen);
  }
}

/** Characters two paths share from the start: a value harvested nearer `op` (rail routes for a rail route) comes first. */
const nearness = (a: string, b: string) => [...a].findIndex((c, i) => c !== b[i]) >>> 0;

/**
 * DEMO_SEEDS plus values harvested from a matching property (the same name, an alias, `latitude`
 * for `min_lat`, ...), those answered by the operations nearest `op` first.
 */
function seedsFor(op: Operation): Seeds {
  const out: Record<string, string[]> = {};
  for (const p of op.parameters) {
    const base = p.name.replace(/^(from|to|min|max)_/, '');
    const props = [...harvested.keys()].filter((k) => k === p.name || (base.length >= 3 && k.startsWith(base)) || ALIASES[p.name]?.includes(k));
    const found = props.flatMap((k) => [...harvested.get(k)!]).sort((a, b) => nearness(b[1], op.path) - nearness(a[1], op.path));
    out[p.name] = [...new Set([...(DEMO_SEEDS[p.name] ?? []), ...found.map(([v]) => v)])];
  }
  return out;
}

interface Tally {
  requests: number;
  byStatus: Record<number, number>;
  /** operationId -> status -> count. */
  byOperation: Record<string, Record<number, number>>;
  failures: string[];
}

/** Sends one request and checks it; a failure is recorded (and returned) rather than thrown. */
async function check(req: FuzzRequest, tally: Tally, key: string | null = TEST_KEY): Promise<string | null> {
  const res = await fetch(api.url + req.url, { headers: key ? { 'X-Api-Key': key } : {}, redirect: 'manual' });
  const body = await res.text();
  tally.requests++;
  tally.byStatus[res.status] = (tally.byStatus[res.status] ?? 0) + 1;
  const byOp = (tally.byOperation[req.label.split(' ')[0]] ??= {});
  byOp[res.status] = (byOp[res.status] ?? 0) + 1;
  const problems: string[] = [];
  if (res.status >= 500) problems.push(`status ${res.status}`);
  if (res.status >= 400) {
    let env: any = null;
    try {
      env = JSON.parse(body);
    } catch {}
    if (typeof env?.error?.code !== 'string' || typeof env?.error?.message !== 'string') problems.push('not the error envelope');
  }
  problems.push(...contract.problems({ method: 'GET', url: req.url, status: res.status, headers: res.headers, body }));
  if (res.status === 200 && res.headers.get('content-type')?.startsWith('application/json')) harvest(JSON.parse(body), req.url.split('?')[0]);
  if (problems.length === 0) return null;
  const failure = `${req.label}\n    GET ${req.url.slice(0, 300)} -> ${res.status}: ${problems.join('; ')}\n    ${body.slice(0, 300)}`;
  tally.failures.push(failure);
  return failure;
}

describe('OpenAPI-driven fuzzing', () => {
  it('sweeps every operation and parameter: valid, invalid and junk values, missing and repeated', async () => {
    const tally: Tally = { requests: 0, byStatus: {}, byOperation: {}, failures: [] };
    // List operations first (no path parameters), so ids are harvested before the detail operations run.
    const ordered = [...operations].sort((a, b) => Number(a.path.includes('{')) - Number(b.path.includes('{')));
    for (const op of ordered) for (const req of sweep(op, seedsFor(op))) await check(req, tally);
    process.stderr.write(`fuzz-openapi sweep: ${tally.requests} requests, ${JSON.stringify(tally.byStatus)}\n  ${JSON.stringify(tally.byOperation)}\n`);
    // The sweep reaches each handler: every search answers 200; a detail operation 200 or 404 for
    // a harvested id (a journey that does not run today is a 404: the clock is not fixed here).
    for (const op of operations) {
      const seen = tally.byOperation[op.operationId] ?? {};
      expect((seen[200] ?? 0) + (op.path.includes('{') ? (seen[404] ?? 0) : 0), `${op.operationId} ${JSON.stringify(seen)}`).toBeGreaterThan(0);
    }
    expect(tally.failures.slice(0, 20), `${tally.failures.length} failures`).toEqual([]);
    // The sweep reaches the handlers and their errors, not only validation.
    for (const status of [200, 400, 404]) expect(tally.byStatus[status], JSON.stringify(tally.byStatus)).toBeGreaterThan(0);
  }, 900_000);

  it(`a seeded random run (${RUNS} requests, seed ${SEED}) finds no 5xx and no answer off the document`, async () => {
    const tally: Tally = { requests: 0, byStatus: {}, byOperation: {}, failures: [] };
    const started = performance.now();
    const anyRequest = fc.oneof(...operations.map((op) => requestArb(op, seedsFor(op))));
    await fc.assert(
      fc.asyncProperty(anyRequest, fc.nat({ max: 19 }), async (req, k) => {
        const failure = await check(req, tally, k === 0 ? null : TEST_KEY);
        if (failure) throw new Error(failure);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    const seconds = (performance.now() - started) / 1000;
    process.stderr.write(`fuzz-openapi random: ${tally.requests} requests in ${seconds.toFixed(1)} s (seed ${SEED}), ${JSON.stringify(tally.byStatus)}\n  ${JSON.stringify(tally.byOperation)}\n`);
    expect(tally.byStatus[200], JSON.stringify(tally.byStatus)).toBeGreaterThan(0);
    expect((await api.get('/health')).status).toBe(200);
  }, 3_600_000);
});
