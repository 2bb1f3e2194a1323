// FEATURE UNDER TEST: `transit replay` serves recorded feed files over real HTTP; `transit serve` rejects a bad live configuration.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '@transit/cli';
import { testIo } from '../support/cli-io.js';
import { PROCESS_WAIT_MS } from '../support/processes.js';


describe('transit replay', () => {
  it('serves the files in turn with ETags until stopped', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'replay-'));
    writeFileSync(path.join(dir, 'one.xml'), '<Siri>1</Siri>');
    writeFileSync(path.join(dir, 'two.xml'), '<Siri>2</Siri>');
    const io = testIo();
    const done = runCli(['replay', '--port', '0', path.join(dir, 'one.xml'), path.join(dir, 'two.xml')], io);
    await expect.poll(() => io.stdout, { timeout: PROCESS_WAIT_MS }).toContain('Replaying 2 document(s)');
    const url = /on (http:\S+)\//.exec(io.stdout)![1];
    const first = await fetch(url + '/feed');
    expect(first.headers.get('content-type')).toBe('application/xml');
    expect(await first.text()).toBe('<Siri>1</Siri>');
    expect(await (await fetch(url)).text()).toBe('<Siri>2</Siri>');
    const again = await fetch(url, { headers: { 'If-None-Match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    io.stop();
    expect(await done).toBe(0);
  });

  it.each([
    [['replay'], 'at least one recorded feed file'],
    [['replay', '/nonexistent/feed.xml'], 'no such file'],
    [['replay', '--port', 'x', '/etc/hostname'], 'port'],
  ])('%j → exit 2 with a message', async (argv, message) => {
    const io = testIo();
    expect(await runCli(argv, io)).toBe(2);
    expect(io.stderr).toContain(message);
    expect(io.stderr).toContain('Usage: transit replay');
  });

  it('serve with a bad live configuration → exit 2 naming the setting', async () => {
    const io = testIo({ SIRI_VM_URL: 'http://127.0.0.1:9/', SIRI_VM_BBOX: 'everywhere', PORT: '0' });
    expect(await runCli(['serve', '--snapshot', '/nonexistent.snap'], io)).toBe(2);
    expect(io.stderr).toContain('SIRI_VM_BBOX');
  });
});
