import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const src = (p: string) => fileURLToPath(new URL(`./packages/${p}/src/index.ts`, import.meta.url));

// Tests import workspace packages from their TypeScript sources (no build needed to test);
// `npm test` still type-checks everything with tsc -b first.
export default defineConfig({
  resolve: {
    alias: {
      '@transit/engine': src('engine'),
      '@transit/feeds': src('feeds'),
      '@transit/builder': src('builder'),
      '@transit/server': src('server'),
      '@transit/cli': src('cli'),
    },
  },
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/process-cleanup.ts'],
    // Safety nets against a hang, not speed checks: a loaded 2-core CI machine runs slowly.
    testTimeout: 180_000,
    hookTimeout: 300_000,
    pool: 'forks',
  },
});
