// FEATURE UNDER TEST: the server's dependency rules: it is the HTTP shell and imports neither the
// builder (the demo snapshot and the demo's simulated feeds are handed to it) nor the command
// line; and its layout has no import circles between files or folders.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importCircles, packageImports, undeclaredImports } from '../support/import-graph.js';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/server');
const FORBIDDEN = ['@transit/builder', '@transit/cli'];

describe('server architecture', () => {
  it('no server source imports the builder or the cli', () => {
    const imports = packageImports(path.join(SERVER, 'src'));
    expect(imports.size).toBeGreaterThan(5);
    const offending = [...imports].flatMap(([file, specs]) => specs.filter((s) => FORBIDDEN.some((p) => s === p || s.startsWith(p + '/'))).map((s) => `${file} imports ${s}`));
    expect(offending).toEqual([]);
  });

  it('package.json does not depend on the builder or the cli', () => {
    const pkg = JSON.parse(readFileSync(path.join(SERVER, 'package.json'), 'utf8'));
    const deps = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies });
    expect(deps.filter((d) => FORBIDDEN.includes(d))).toEqual([]);
    expect(pkg.bin).toBeUndefined();
  });

  it('declares every package it imports', () => expect(undeclaredImports(SERVER)).toEqual([]));

  it('has no import circles between files or folders', () => {
    expect(importCircles(path.join(SERVER, 'src'))).toEqual({ files: [], folders: [] });
  });
});
