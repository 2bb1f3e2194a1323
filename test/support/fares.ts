import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseDay, serviceDayReference, type Engine, type FareLeg, type FareQuote } from '@transit/engine';

/** Writes a fare file (an object, or raw text) to a temp folder and returns its path. */
export function fareFile(doc: unknown, name = 'fares.json'): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'fares-')), name);
  writeFileSync(file, typeof doc === 'string' ? doc : JSON.stringify(doc, null, 2));
  return file;
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
