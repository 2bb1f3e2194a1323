// FEATURE UNDER TEST: the embedding example of packages/engine/README.md runs as written.
import { describe, it, expect, inject } from 'vitest';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runTracked } from '../support/processes.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('engine README', () => {
  it('runs its embedding example against a real snapshot (built package)', async () => {
    const readme = readFileSync(path.join(ROOT, 'packages/engine/README.md'), 'utf8');
    const code = /```js\n([\s\S]*?)```/.exec(readme)![1];
    // Run it as another Node app would: from a folder inside the repo so the package resolves.
    const dir = mkdtempSync(path.join(ROOT, 'node_modules', '.embed-'));
    const file = path.join(dir, 'example.mjs');
    writeFileSync(file, code);
    const r = await runTracked(process.execPath, [file], { env: { ...process.env, SNAPSHOT: inject('demoSnapshot') } });
    expect(r.status, r.stderr).toBe(0);
    const out = r.stdout;
    expect(out).toMatch(/stops: \d+/);
    expect(out).toMatch(/ m towards /);
    expect(out).toMatch(/settlement: |train_station: |bus_stop: /);
    expect(out).toMatch(/crsCode: 'SHF'/);
    void os;
  });
});
