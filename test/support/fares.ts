import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { buildSnapshot } from '@transit/builder';
import { Engine, parseDay, serviceDayReference, type FareLeg, type FareQuote } from '@transit/engine';
import { feedFolder } from './gtfs.js';

/** Writes a fare file (an object, or raw text) to a temp folder and returns its path. */
export function fareFile(doc: unknown, name = 'fares.json'): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'fares-')), name);
  writeFileSync(file, typeof doc === 'string' ? doc : JSON.stringify(doc, null, 2));
  return file;
}

/**
 * Builds an inline feed (see feedFolder) through the real builder with the fare file `fares`
 * (a document for fareFile; no fare file when omitted), expects no feed issues, and opens it.
 */
export async function fareEngine(feed: string, fares?: unknown): Promise<Engine> {
  const { bytes, issues } = await buildSnapshot({ gtfs: [feedFolder(feed)], fares: fares === undefined ? [] : [fareFile(fares)], quiet: true });
  expect(issues.total).toBe(0);
  return Engine.open(bytes.buffer);
}

/** One line per kept feed issue: `file:line code field=value` (file without its feed prefix). */
export function issueLines(kept: readonly { file: string; line: number; code: string; field: string; value: string }[]): string[] {
  return kept.map((i) => `${i.file.split(':').pop()}:${i.line} ${i.code} ${i.field}=${i.value}`);
}

/** A leg of trip `tripId` from one ATCO code to another on `date` (YYYY-MM-DD), departing at `time` (HH:MM, service day). */
export function leg(e: Engine, tripId: string, fromAtco: string, toAtco: string, date: string, time = '09:00'): FareLeg {
  const [h, m] = time.split(':').map(Number);
  const tripIdx = e.findTrip(tripId);
  const [fromStop, toStop] = [e.findStop(fromAtco), e.findStop(toAtco)];
  if (tripIdx < 0 || fromStop < 0 || toStop < 0) throw new Error(`no trip ${tripId} or stop ${fromAtco} / ${toAtco}`);
  return { tripIdx, fromStop, toStop, departMs: serviceDayReference(parseDay(date)) + (h * 3600 + m * 60) * 1000 };
}

/** One line per quote: total, complete, then each leg's amount and fare id (`-` when unknown). */
export function golden(q: FareQuote): string {
  const legs = q.legs.map((l) => (l ? `${l.amountGbp.toFixed(2)} ${l.fareId}` : '-')).join(' | ');
  return `${q.amountGbp === null ? 'null' : q.amountGbp.toFixed(2)} ${q.complete ? 'complete' : 'incomplete'}: ${legs}`;
}
