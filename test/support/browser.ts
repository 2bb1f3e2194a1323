import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

/** Debian's chromium (installed by .ci/run); browser tests skip with a message without it. */
export const CHROMIUM = '/usr/bin/chromium';
export const HAVE_CHROMIUM = existsSync(CHROMIUM);
export const NO_CHROMIUM_MESSAGE = `browser tests skipped: ${CHROMIUM} is absent (apt-get install chromium; .ci/run does)`;

/** A headless Chromium with a fresh profile, no GPU and no background network; `close` removes the profile. */
export interface TestBrowser {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and failed requests seen so far. */
  problems: string[];
  close(): Promise<void>;
}

/** Launches Debian's Chromium through playwright-core (no browser download). */
export async function launchBrowser(viewport = { width: 1280, height: 800 }): Promise<TestBrowser> {
  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(path.join(os.tmpdir(), 'transit-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    timeout: 120_000,
    headless: true,
    viewport,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  // Waits are for events (a selector, a response); on a loaded 2-core CI machine they can take longer than the 30 s default.
  context.setDefaultTimeout(60_000);
  const page = context.pages()[0] ?? (await context.newPage());
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('requestfailed', (req) => problems.push(`request failed: ${req.url()}`));
  page.on('response', (res) => res.status() >= 400 && problems.push(`HTTP ${res.status()}: ${res.url()}`));
  return {
    context,
    page,
    problems,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
