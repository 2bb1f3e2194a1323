// FEATURE UNDER TEST: API key configuration (API_KEYS, keys file, generated key) and hashed comparison.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiKeys, hashApiKey, KeysConfigError, loadApiKeys, parseApiKeysEnv, readKeysFile, toKeyRecords } from '@transit/server';

function keysFile(content: unknown): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'keys-')), 'keys.json');
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

describe('API_KEYS', () => {
  it('parses key:tier pairs, tier defaulting to free', () => {
    expect(parseApiKeysEnv(' a:pro , b ,,')).toEqual([
      { key: 'a', tier: 'pro', name: 'API_KEYS#1' },
      { key: 'b', tier: 'free', name: 'API_KEYS#2' },
    ]);
  });

  it('rejects malformed entries without echoing the key', () => {
    expect(() => parseApiKeysEnv('secretkey:pro:x')).toThrow(KeysConfigError);
    expect(() => parseApiKeysEnv('secretkey:pro:x')).not.toThrow(/secretkey/);
    expect(() => parseApiKeysEnv(':pro')).toThrow(KeysConfigError);
  });
});

describe('keys file', () => {
  it('reads plain and pre-hashed keys', () => {
    const sha = hashApiKey('hashed-key').toString('hex');
    const file = keysFile([{ key: 'plain', tier: 'pro', name: 'alice' }, { key_sha256: sha, enabled: false }]);
    const keys = new ApiKeys(toKeyRecords(readKeysFile(file)));
    expect(keys.count).toBe(2);
    expect(keys.check('plain')).toMatchObject({ ok: true, key: { name: 'alice', tier: 'pro', enabled: true } });
    expect(keys.check('hashed-key')).toMatchObject({ ok: false, code: 'invalid_api_key', message: expect.stringMatching(/disabled/) });
  });

  it.each([
    ['not json', '{'],
    ['not an array', { key: 'a' }],
    ['neither key nor hash', [{ name: 'x' }]],
    ['both key and hash', [{ key: 'a', key_sha256: 'a'.repeat(64) }]],
    ['a bad hash', [{ key_sha256: 'xyz' }]],
    ['an unknown field', [{ key: 'a', enable: true }]],
    ['a wrong type', [{ key: 'a', enabled: 'yes' }]],
  ])('rejects %s', (_what, content) => {
    expect(() => readKeysFile(keysFile(content))).toThrow(KeysConfigError);
  });

  it('names a missing file', () => {
    expect(() => readKeysFile('/nonexistent/keys.json')).toThrow(/nonexistent\/keys.json/);
  });
});

describe('ApiKeys', () => {
  const keys = new ApiKeys(toKeyRecords([{ key: 'good' }, { key: 'off', enabled: false }]));

  it('tells missing, unknown, disabled and good keys apart', () => {
    expect(keys.check(undefined)).toMatchObject({ ok: false, code: 'missing_api_key' });
    expect(keys.check('')).toMatchObject({ ok: false, code: 'missing_api_key' });
    expect(keys.check('bad')).toMatchObject({ ok: false, code: 'invalid_api_key' });
    expect(keys.check('goo')).toMatchObject({ ok: false, code: 'invalid_api_key' });
    expect(keys.check('off')).toMatchObject({ ok: false, code: 'invalid_api_key' });
    expect(keys.check('good')).toMatchObject({ ok: true, key: { tier: 'free', enabled: true } });
  });

  it('holds only hashes', () => {
    expect(JSON.stringify(keys.records)).not.toContain('good');
    expect(keys.records.every((r) => r.hash.length === 32)).toBe(true);
  });
});

describe('loadApiKeys', () => {
  it('generates one random key when none is configured', () => {
    const a = loadApiKeys({ env: {} });
    const b = loadApiKeys({ env: {} });
    expect(a.generatedKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(a.generatedKey).not.toBe(b.generatedKey);
    expect(a.keys.check(a.generatedKey!).ok).toBe(true);
  });

  it('merges API_KEYS with the keys file (API_KEYS_FILE or an explicit path)', () => {
    const file = keysFile([{ key: 'from-file' }]);
    const loaded = loadApiKeys({ env: { API_KEYS: 'from-env:pro', API_KEYS_FILE: file } });
    expect(loaded.generatedKey).toBeNull();
    expect(loaded.keys.check('from-env')).toMatchObject({ ok: true, key: { tier: 'pro' } });
    expect(loaded.keys.check('from-file').ok).toBe(true);
    expect(loadApiKeys({ env: {}, keysFile: file }).keys.check('from-file').ok).toBe(true);
  });
});
