// FEATURE UNDER TEST: the server's layout: no import circles between its files or its folders.
import { describe, it, expect } from 'vitest';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importCircles } from '../support/import-graph.js';

const SERVER_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/server/src');

describe('server import circles', () => {
  it('has no import circles', () => {
    expect(importCircles(SERVER_SRC)).toEqual({ files: [], folders: [] });
  });
});
