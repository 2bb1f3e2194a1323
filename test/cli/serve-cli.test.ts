// FEATURE UNDER TEST: the `transit` command line: help, usage errors (exit 2), bad snapshots (exit 1), and `serve`.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '@transit/cli';
import { testIo } from '../support/cli-io.js';
import { demoSnapshotFile } from '../support/server.js';
import { PROCESS_WAIT_MS } from '../support/processes.js';
import { checkedFetch } from '../support/openapi-contract.js';


function tempFile(name: string, content: string | Uint8Array): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'cli-')), name);
  writeFileSync(file, content);
  return file;
}

describe('transit', () => {
  it('--help prints the commands and exits 0', async () => {
    const io = testIo();
    expect(await runCli(['--help'], io)).toBe(0);
    expect(io.stdout).toMatch(/serve/);
    expect(io.stdout).toMatch(/build/);
  });

  it('serve --help prints the serve options', async () => {
    const io = testIo();
    expect(await runCli(['serve', '--help'], io)).toBe(0);
    expect(io.stdout).toContain('--snapshot');
    expect(io.stdout).toContain('--port');
  });

  it.each([
    [[], 'no command'],
    [['frobnicate'], "unknown command 'frobnicate'"],
    [['serve', '--bogus'], '--bogus'],
    [['serve', 'extra'], 'extra'],
    [['serve', '--port', 'abc'], 'port'],
    [['serve', '--port', '70000'], 'port'],
    [['serve', '--port'], 'port'],
    [['serve', '--demo', '--snapshot', 'x.snap'], 'not both'],
  ])('%j → exit 2 with a message and no stack trace', async (argv, message) => {
    const io = testIo();
    expect(await runCli(argv, io)).toBe(2);
    expect(io.stderr).toContain(message);
    expect(io.stderr).toContain('Usage:');
    expect(io.stderr).not.toMatch(/\n\s+at /);
  });

  it('PORT from the environment is validated too', async () => {
    const io = testIo({ PORT: 'eighty' });
    expect(await runCli(['serve'], io)).toBe(2);
    expect(io.stderr).toContain('eighty');
  });

  it('a missing snapshot file → exit 1 naming it', async () => {
    const io = testIo();
    expect(await runCli(['serve', '--snapshot', '/nonexistent/x.snap', '--port', '0'], io)).toBe(1);
    expect(io.stderr).toContain('/nonexistent/x.snap');
    expect(io.stderr).not.toMatch(/\n\s+at /);
  });

  it('a file that is not a snapshot → exit 1 with the format error message', async () => {
    const io = testIo();
    const file = tempFile('bad.snap', 'this is not a snapshot at all, just some text that is long enough to have a header');
    expect(await runCli(['serve', '--snapshot', file, '--port', '0'], io)).toBe(1);
    expect(io.stderr.length).toBeGreaterThan(10);
    expect(io.stderr).not.toMatch(/\n\s+at /);
  });

  it('a malformed keys file → exit 1', async () => {
    const io = testIo();
    expect(await runCli(['serve', '--snapshot', await demoSnapshotFile(), '--port', '0', '--keys', tempFile('keys.json', '{')], io)).toBe(1);
    expect(io.stderr).toContain('keys.json');
  });

  it('serve prints the URL, a generated key and an example, then serves with that key', async () => {
    const io = testIo();
    const done = runCli(['serve', '--snapshot', await demoSnapshotFile(), '--port', '0'], io);
    await expect.poll(() => io.stdout, { timeout: PROCESS_WAIT_MS }).toContain('curl');
    const url = /Serving UK transit API on (http:\/\/127\.0\.0\.1:\d+) \(snapshot: .*demo\.snap, \d+ stops/.exec(io.stdout)?.[1];
    const key = /API key: (\S+)/.exec(io.stdout)?.[1];
    expect(url).toBeDefined();
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await checkedFetch(`${url}/health`)).status).toBe(200);
    expect((await checkedFetch(`${url}/v1/rail/stations.json?lat=53.38&lon=-1.47`, { headers: { 'X-Api-Key': key! } })).status).toBe(200);
    expect((await checkedFetch(`${url}/v1/rail/stations.json?lat=53.38&lon=-1.47`)).status).toBe(401);
    io.stop();
    expect(await done).toBe(0);
  });

  it('serve uses API_KEYS and HOST/PORT from the environment', async () => {
    const io = testIo({ API_KEYS: 'env-key:premium', PORT: '0', HOST: '127.0.0.1' });
    const done = runCli(['serve', '--snapshot', await demoSnapshotFile()], io);
    await expect.poll(() => io.stdout, { timeout: PROCESS_WAIT_MS }).toContain('curl');
    expect(io.stdout).not.toContain('env-key');
    expect(io.stdout).toContain('API_KEYS (1)');
    const url = /on (http:\S+)/.exec(io.stdout)![1];
    expect((await checkedFetch(`${url}/v1/rail/stations.json?lat=53.38&lon=-1.47&api_key=env-key`)).status).toBe(200);
    io.stop();
    expect(await done).toBe(0);
  });

  it('serve on a port in use → exit 1', async () => {
    const first = testIo({ PORT: '0' });
    const running = runCli(['serve', '--snapshot', await demoSnapshotFile()], first);
    await expect.poll(() => first.stdout, { timeout: PROCESS_WAIT_MS }).toContain('curl');
    const port = /:(\d+) \(/.exec(first.stdout)![1];
    const second = testIo();
    expect(await runCli(['serve', '--snapshot', await demoSnapshotFile(), '--port', port], second)).toBe(1);
    expect(second.stderr).toContain(port);
    first.stop();
    await running;
  });
});
