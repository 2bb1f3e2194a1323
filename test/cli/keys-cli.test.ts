// FEATURE UNDER TEST: `transit keys` writes the keys file the server reads (JSON or YAML): keys
// are stored as SHA-256 only, shown once, listed by id, revoked and re-enabled.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadApiKeys, startServer } from '@transit/server';
import { runCli } from '@transit/cli';
import { testIo } from '../support/cli-io.js';
import { demoSnapshotEngine } from '../support/server.js';
import { checkedFetch } from '../support/openapi-contract.js';


async function keys(file: string, ...argv: string[]) {
  const io = testIo();
  const code = await runCli(['keys', ...argv, '--file', file], io);
  return { code, out: io.stdout, err: io.stderr };
}

describe.each(['keys.json', 'keys.yaml'])('transit keys (%s)', (name) => {
  it('creates, lists, revokes and enables keys; the server honours the file', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'keys-')), name);
    const created = await keys(file, 'create', '--name', 'alice', '--tier', 'standard');
    expect(created.code).toBe(0);
    const key = created.out.split('\n')[1];
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(readFileSync(file, 'utf8')).not.toContain(key);
    expect(readFileSync(file, 'utf8')).toMatch(/key_sha256/);
    expect((await keys(file, 'create', '--name', 'bob', '--allow', '/v1/bus/*')).code).toBe(0);
    const id = /id ([0-9a-f]{12})/.exec(created.out)![1];

    const listed = await keys(file, 'list');
    expect(listed.out).toMatch(new RegExp(`${id}  enabled  standard +alice`));
    expect(listed.out).toMatch(/free +bob  allow \/v1\/bus\/\*/);

    const loaded = loadApiKeys({ env: {}, keysFile: file });
    expect(loaded.keys.check(key)).toMatchObject({ ok: true, key: { name: 'alice', tier: 'standard' } });
    const server = await startServer({ engine: await demoSnapshotEngine(), keys: loaded.keys, port: 0 });
    const res = await checkedFetch(`${server.url}/v1/rail/stations.json?lat=53.38&lon=-1.47`, { headers: { 'X-Api-Key': key } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBe('600');
    await server.close();

    expect((await keys(file, 'revoke', id)).out).toContain("Revoked key 'alice'");
    expect(loadApiKeys({ env: {}, keysFile: file }).keys.check(key)).toMatchObject({ ok: false, code: 'invalid_api_key' });
    expect((await keys(file, 'list')).out).toMatch(/REVOKED +standard +alice/);
    expect((await keys(file, 'enable', 'alice')).code).toBe(0);
    expect(loadApiKeys({ env: {}, keysFile: file }).keys.check(key)).toMatchObject({ ok: true });
  });
});

describe('transit keys errors', () => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'keys-')), 'k.json');
  it.each([
    [['create'], 'needs --name'],
    [['create', '--name', 'x', '--tier', 'gold'], "unknown tier 'gold'"],
    [['create', '--name', 'x', '--allow', 'v1/bus'], '--allow takes endpoint paths'],
    [['revoke'], "needs the key's name or id"],
    [['revoke', 'nobody'], "no key named or with id 'nobody'"],
    [['frob'], "unknown keys action 'frob'"],
    [[], 'needs an action'],
  ])('%j → exit 2 with a message', async (argv, message) => {
    const r = await keys(file, ...argv);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
  });

  it('a malformed file is named, exit 1', async () => {
    const bad = path.join(mkdtempSync(path.join(os.tmpdir(), 'keys-')), 'bad.yaml');
    writeFileSync(bad, 'key: [unclosed');
    const r = await keys(bad, 'list');
    expect(r.code).toBe(1);
    expect(r.err).toContain('bad.yaml');
    expect(r.err).not.toMatch(/\n\s+at /);
  });
});
