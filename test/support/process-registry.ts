import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

// The run's record of the child processes tests start: one JSON file per running child, removed
// when it exits (test/support/processes.ts writes them; the global setup reaps what is left).

/** Record of one running child in the process folder. */
export interface ProcessRecord {
  pid: number;
  command: string;
  testFile: string;
}

/**
 * For the global teardown: kills every process group still recorded in `dir` whose process is
 * alive, and returns a line for each (empty when every test stopped what it started).
 */
export function reapLeftProcesses(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const left: string[] = [];
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    let entry: ProcessRecord;
    try {
      entry = JSON.parse(readFileSync(file, 'utf8')) as ProcessRecord;
    } catch {
      continue;
    }
    rmSync(file, { force: true });
    if (!isAlive(entry.pid) || !sameCommand(entry)) continue;
    try {
      process.kill(-entry.pid, 'SIGKILL');
    } catch {
      continue;
    }
    left.push(`pid ${entry.pid} (${entry.command}) started by ${entry.testFile || 'an unknown test file'}`);
  }
  return left;
}

/** A live process, not a zombie (a zombie has exited; its parent has only not reaped it). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

/** The pid still runs the recorded command (not a later process that was given the same pid). */
function sameCommand(entry: ProcessRecord): boolean {
  try {
    const cmdline = readFileSync(`/proc/${entry.pid}/cmdline`, 'utf8').split('\0').join(' ');
    const n = Math.min(100, entry.command.length);
    return cmdline.slice(0, n) === entry.command.slice(0, n);
  } catch {
    return true;
  }
}

/**
 * For a global setup: provides the run's process folder to the tests and returns the teardown,
 * which kills what tests left running and fails the run if there was any. Vitest skips the
 * teardown when a test worker dies, so the run's exit reaps too (and sets exit code 1).
 */
export function trackProcesses(project: TestProject, dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  project.provide('processDir', dir);
  const message = (left: string[]) => `${left.length} process(es) started by tests were still running at the end of the run (now killed):\n${left.join('\n')}`;
  // Prepended: vitest's own exit listener exits at once, before any listener after it.
  process.prependOnceListener('exit', () => {
    const left = reapLeftProcesses(dir);
    if (left.length === 0) return;
    writeSync(2, `\n${message(left)}\n`); // synchronous: the process is exiting
    process.exitCode = 1;
  });
  return () => {
    const left = reapLeftProcesses(dir);
    if (left.length) throw new Error(message(left));
  };
}
