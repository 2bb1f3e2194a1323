// FEATURE UNDER TEST: the engine's dependency rules (no I/O, no node:, no builder or server).
import { describe, it, expect } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importCircles, undeclaredImports } from '../support/import-graph.js';

const ENGINE_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/engine/src');
const ALLOWED_PACKAGES = new Set(['flatbuffers', 'kdbush', 'geokdbush']);
const FORBIDDEN_GLOBALS = /\b(process\.|require\(|fetch\(|setTimeout\(|setInterval\(|console\.)/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? sources(path.join(dir, d.name)) : d.name.endsWith('.ts') ? [path.join(dir, d.name)] : []));
}

describe('engine architecture', () => {
  const files = sources(ENGINE_SRC);

  it('has sources to check', () => expect(files.length).toBeGreaterThan(5));

  // Files and sibling folders import one way (type imports included): e.g. planner/ uses streets/, never the reverse.
  it('has no import circles', () => {
    expect(importCircles(ENGINE_SRC)).toEqual({ files: [], folders: [] });
  });

  it('declares every package it imports', () => expect(undeclaredImports(path.dirname(ENGINE_SRC))).toEqual([]));

  it.each(files.map((f) => [path.relative(ENGINE_SRC, f), f]))('%s imports only relative modules and allowed packages', (_, file) => {
    const text = readFileSync(file, 'utf8');
    const specifiers = [...text.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2]);
    for (const spec of specifiers) {
      if (spec.startsWith('.')) {
        expect(path.resolve(path.dirname(file), spec).startsWith(ENGINE_SRC), `${spec} leaves the engine`).toBe(true);
      } else {
        expect(ALLOWED_PACKAGES.has(spec), `${spec} is not an allowed engine dependency`).toBe(true);
      }
    }
    expect(FORBIDDEN_GLOBALS.test(text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')), 'engine code uses I/O or process globals').toBe(false);
  });
});
