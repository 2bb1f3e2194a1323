import type { TimetableTables } from '../timetable/timetable-tables.js';
import type { StationTable } from '../stops/station-table.js';
import type { Page, RouteQuery } from '../api.js';
import { LINE_KINDS, type LineTable } from './line-table.js';

/** Text match tiers, best first: line/code exact, name exact, line/code prefix, line/code substring, name word prefix, name substring. */
const TIERS = 6;
const NO_MATCH = -1;

/**
 * Lines of `q.kind` matching every criterion given, best text match first, then in line order
 * (natural line number, operator code). Returns line indices of the requested page.
 */
export function searchLines(lines: LineTable, tt: TimetableTables, stations: StationTable, q: RouteQuery): Page<number> {
  const calling = q.stopIdx !== undefined || q.stationIdx !== undefined ? linesCalling(lines, tt, stations, q) : null;
  const text = q.text?.trim().toLowerCase();
  const operator = q.operator?.trim().toLowerCase();
  const folded = text || operator ? lines.lowerCased() : null;
  const kind = LINE_KINDS.indexOf(q.kind);
  const byTier: number[][] = Array.from({ length: TIERS }, () => []);
  for (let l = 0; l < lines.count; l++) {
    if (lines.kind[l] !== kind || (calling && !calling[l])) continue;
    if (operator && !folded!.operatorName[l].includes(operator) && !folded!.operatorCode[l].includes(operator)) continue;
    const tier = text ? textTier(folded!.line[l], folded!.name[l], text) : 0;
    if (tier !== NO_MATCH) byTier[tier].push(l);
  }
  const all = byTier.flat();
  return { total: all.length, items: all.slice(q.offset, q.offset + q.limit) };
}

function textTier(line: string, name: string, text: string): number {
  if (line === text) return 0;
  if (name === text) return 1;
  if (line.startsWith(text)) return 2;
  if (line.includes(text)) return 3;
  let at = name.indexOf(text);
  if (at < 0) return NO_MATCH;
  for (; at >= 0; at = name.indexOf(text, at + 1)) if (at === 0 || !isWordChar(name.charCodeAt(at - 1))) return 4;
  return 5;
}

/** ASCII letter or digit (lower case: the text is folded). */
function isWordChar(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39);
}

/** Marks the lines with a pattern calling at the stop or at any platform of the station. */
function linesCalling(lines: LineTable, tt: TimetableTables, stations: StationTable, q: RouteQuery): Uint8Array {
  const marks = new Uint8Array(lines.count);
  const mark = (stop: number) => {
    for (let i = tt.stopPatternOffsets[stop]; i < tt.stopPatternOffsets[stop + 1]; i++) {
      const line = lines.ofRoute[tt.patternRoute[tt.stopPatterns[i]]];
      if (line < lines.count) marks[line] = 1;
    }
  };
  if (q.stopIdx !== undefined) mark(q.stopIdx);
  if (q.stationIdx !== undefined) {
    const { stopOffsets, stops } = stations;
    for (let i = stopOffsets[q.stationIdx]; i < stopOffsets[q.stationIdx + 1]; i++) mark(stops[i]);
  }
  return marks;
}
