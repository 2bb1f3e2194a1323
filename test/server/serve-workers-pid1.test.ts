// FEATURE UNDER TEST: `transit serve --workers 2` as PID 1, the first process of a container
// started without an init (here of a new PID namespace: `unshare -fp --mount-proc`): SIGTERM stops
// it gracefully and it exits at once with status 0, saying why. PID 1 gets no default action for
// a signal, so the SIGTERM it used to raise again on itself to end was ignored, and it went on for
// 10 s (Docker's stop timeout: Docker then killed it). Skipped where unshare is not permitted.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { READY_LINE } from '@transit/cli';
import { TRANSIT_BIN } from '../support/cli-process.js';
import { runTracked, spawnTracked } from '../support/processes.js';

const unshare = await runTracked('unshare', ['-fp', 'true']);
const canUnshare = unshare.status === 0;
if (!canUnshare) process.stderr.write(`\n*** serve-workers-pid1: skipped: \`unshare -fp true\` failed here (${unshare.signal ?? `status ${unshare.status}`}: ${unshare.stderr.trim() || 'no unshare command'}) ***\n\n`);

/** The pid of a child of `ppid` (read from /proc), or null. */
function childOf(ppid: number): number | null {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid ...: comm may hold spaces, so read after its closing parenthesis.
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === ppid) return Number(entry);
    } catch {
      // ended meanwhile
    }
  }
  return null;
}

describe.skipIf(!canUnshare)('transit serve --workers 2 as PID 1', () => {
  it('stops on SIGTERM and exits at once with status 0, saying so', async () => {
    const args = ['-fp', '--mount-proc', process.execPath, TRANSIT_BIN, 'serve', '--snapshot', inject('demoSnapshot'), '--port', '0', '--workers', '2'];
    const p = spawnTracked('unshare', args, { env: { ...process.env, API_KEYS: 'k:unlimited' } });
    await p.waitFor(READY_LINE);
    const url = /Serving UK transit API on (http:\S+) /.exec(p.output())![1];
    expect((await fetch(`${url}/health`)).status).toBe(200);
    // unshare -f forks: the server is its child, PID 1 inside the new namespace.
    const server = childOf(p.proc.pid!);
    expect(server).not.toBeNull();
    process.kill(server!, 'SIGTERM');
    const exit = await p.exited;
    expect(p.stdout()).toContain('Stopped.\nExiting with status 0: as PID 1 (no init in this container) the process cannot end by SIGTERM.\n');
    expect(exit).toEqual({ code: 0, signal: null });
  }, 120_000);
});
