// FEATURE UNDER TEST: the cli package's shape: it owns the `transit` command, reaches the other
// packages only through their public entry points (never their src/ or dist/ folders), and has no
// import circles.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importCircles, packageImports } from '../support/import-graph.js';

const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/cli');

describe('cli architecture', () => {
  it('imports workspace packages by name only', () => {
    const imports = packageImports(path.join(CLI, 'src'));
    const deep = [...imports].flatMap(([file, specs]) => specs.filter((s) => s.startsWith('@transit/') && s.split('/').length > 2).map((s) => `${file} imports ${s}`));
    expect(deep).toEqual([]);
  });

  it('has no import circles', () => {
    expect(importCircles(path.join(CLI, 'src'))).toEqual({ files: [], folders: [] });
  });

  it('declares the transit bin and every workspace package it imports', () => {
    const pkg = JSON.parse(readFileSync(path.join(CLI, 'package.json'), 'utf8'));
    expect(pkg.bin).toEqual({ transit: 'bin/transit.js' });
    const used = new Set([...packageImports(path.join(CLI, 'src')).values()].flat().filter((s) => !s.startsWith('node:')));
    expect([...used].filter((s) => !(s in pkg.dependencies))).toEqual([]);
  });
});
