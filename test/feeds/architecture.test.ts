// FEATURE UNDER TEST: the feeds package's dependency rules (engine types only; no builder, server or cli) and no import circles.
import { describe, it, expect } from 'vitest';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importCircles, packageImports, undeclaredImports } from '../support/import-graph.js';

const FEEDS_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/feeds/src');
const ALLOWED = new Set(['@transit/engine', 'fast-xml-parser', 'protobufjs', 'node:fs']);

describe('feeds architecture', () => {
  it('imports only the engine and its parser libraries', () => {
    const imports = packageImports(FEEDS_SRC);
    expect(imports.size).toBeGreaterThan(5);
    const outside = [...imports].flatMap(([file, specs]) => specs.filter((s) => !ALLOWED.has(s)).map((s) => `${file}: ${s}`));
    expect(outside).toEqual([]);
  });

  it('declares every package it imports', () => expect(undeclaredImports(path.dirname(FEEDS_SRC))).toEqual([]));

  it('has no import circles between files or folders', () => {
    expect(importCircles(FEEDS_SRC)).toEqual({ files: [], folders: [] });
  });
});
