import { mkdtempSync, rmSync, writeFileSync, renameSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSnapshot } from '../../packages/builder/src/index.js';
import { HAVE_DATA, NO_DATA_MESSAGE, southYorkshireInputs, gtfsFeeds } from './data.js';
import { trackProcesses } from './process-registry.js';

declare module 'vitest' {
  export interface ProvidedContext {
    demoSnapshot: string;
    realSnapshot: string | null;
    /** Feed zip base name -> { snapshot file, issue counts by code } for every GTFS feed in shared/data. */
    feedSnapshots: Record<string, { file: string; issues: Record<string, number>; total: number }>;
    /** Folder recording the child processes tests start (test/support/processes.ts). */
    processDir: string;
  }
}

/**
 * Builds each snapshot the tests share once per run, into a temp folder: the demo dataset and,
 * when ../shared/data is present, the real South Yorkshire one. Tests read the paths with inject().
 * The returned teardown fails the run when a child process a test started is still alive (after
 * killing it): a leaked server holds ports and memory in the next run; it then removes the folder.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  // A folder of this run's own: a folder named by pid outlived its run, and a later run given
  // the same pid reused its stale demo snapshot (a CI run failed on an older demo that way).
  const dir = mkdtempSync(path.join(os.tmpdir(), 'transit-test-'));
  // Also when vitest skips the teardown (a worker died). Prepended before trackProcesses
  // prepends its reaper, so the reaper still reads the process records first.
  process.prependOnceListener('exit', () => rmSync(dir, { recursive: true, force: true }));
  const reap = trackProcesses(project, path.join(dir, 'processes'));
  const write = (file: string, bytes: Uint8Array) => {
    writeFileSync(file + '.tmp', bytes);
    renameSync(file + '.tmp', file);
  };
  const demo = path.join(dir, 'demo.snap');
  write(demo, (await buildSnapshot({ demo: true, quiet: true, builtAt: '2026-01-01T00:00:00.000Z' })).bytes);
  project.provide('demoSnapshot', demo);
  let real: string | null = null;
  // Real-data suites are `describe.skipIf(!HAVE_DATA)`; say once, loudly, why they did not run.
  if (!HAVE_DATA) process.stderr.write(`\n*** ${NO_DATA_MESSAGE} ***\n\n`);
  if (HAVE_DATA) {
    real = path.join(dir, 'south-yorkshire.snap');
    write(real, (await buildSnapshot({ ...southYorkshireInputs(), quiet: true })).bytes);
  }
  project.provide('realSnapshot', real);
  const feeds: Record<string, { file: string; issues: Record<string, number>; total: number }> = {};
  for (const feed of gtfsFeeds()) {
    const name = path.basename(feed);
    const file = path.join(dir, `feed-${name}.snap`);
    const { bytes, issues } = await buildSnapshot({ gtfs: [feed], quiet: true });
    write(file, bytes);
    feeds[name] = { file, issues: Object.fromEntries(issues.counts), total: issues.total };
  }
  project.provide('feedSnapshots', feeds);
  return () => {
    try {
      reap();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
