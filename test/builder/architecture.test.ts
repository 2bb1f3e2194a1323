// FEATURE UNDER TEST: the builder's dependency rules (no import circles, never the server or the cli, every import declared).
import { describe, it, expect } from 'vitest';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importCircles, packageImports, undeclaredImports } from '../support/import-graph.js';

const BUILDER_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/builder/src');
const FORBIDDEN_PACKAGES = ['@transit/server', '@transit/cli'];

describe('builder architecture', () => {
  const circles = importCircles(BUILDER_SRC);

  it('has no file import circles', () => expect(circles.files).toEqual([]));

  it('has no folder import circles', () => expect(circles.folders).toEqual([]));

  it('imports neither the server nor the cli', () => {
    const offenders = [...packageImports(BUILDER_SRC)].flatMap(([file, specs]) =>
      specs.filter((s) => FORBIDDEN_PACKAGES.some((p) => s === p || s.startsWith(`${p}/`))).map((s) => `${file} -> ${s}`),
    );
    expect(offenders).toEqual([]);
  });

  it('declares every package it imports', () => expect(undeclaredImports(path.dirname(BUILDER_SRC))).toEqual([]));
});
