// FEATURE UNDER TEST: the demo's simulated disruption documents: parseable, naming the demo snapshot's own stops and lines, relative to nowMs.
import { describe, it, expect, beforeAll } from 'vitest';
import { demoLineStatus, demoSiriSx } from '@transit/builder';
import { parseLineStatus, parseSiriSx } from '@transit/feeds';
import { DisruptionIndex, type Engine } from '@transit/engine';
import { demoSnapshotEngine } from '../support/server.js';

const NOW = Date.parse('2026-06-15T09:00:00Z');
const DAY = 86_400_000;
let engine: Engine;
beforeAll(async () => (engine = await demoSnapshotEngine()));

describe('simulated SIRI-SX', () => {
  it('names the snapshot\'s own lines and stops, labelled simulated', () => {
    const { records } = parseSiriSx(demoSiriSx(engine, NOW));
    expect(records.map((r) => r.id).sort()).toEqual(['siri_sx:DEMO-ended', 'siri_sx:DEMO-future', 'siri_sx:DEMO-incident', 'siri_sx:DEMO-tram', 'siri_sx:DEMO-works']);
    for (const r of records) {
      expect(r.simulated).toBe(true);
      expect(r.summary).toMatch(/^\[Simulated\]/);
      expect(r.stops.length).toBeGreaterThan(0);
      for (const s of r.stops) expect(engine.findStop(s.atcocode), s.atcocode).toBeGreaterThanOrEqual(0);
      expect(engine.routes({ kind: 'bus', text: r.lines[0].name, offset: 0, limit: 50 }).items.some((x) => x.line === r.lines[0].name)).toBe(true);
    }
    expect(records.find((r) => r.id === 'siri_sx:DEMO-tram')!.mode).toBe('tram');
    expect(records.find((r) => r.id === 'siri_sx:DEMO-incident')).toMatchObject({ planned: false, severity: 'severe' });
    expect(records.find((r) => r.id === 'siri_sx:DEMO-works')).toMatchObject({ planned: true, severity: 'minor' });
  });

  it('stays current: in force relative to nowMs (works, incident, tram), not the future or ended ones', () => {
    for (const now of [NOW, NOW + 100 * DAY]) {
      const sx = parseSiriSx(demoSiriSx(engine, now)).records;
      const ls = parseLineStatus(demoLineStatus(now)).records;
      const active = DisruptionIndex.build([...sx, ...ls], engine).query({ nowMs: now, offset: 0, limit: 100 }).items.map((d) => d.id);
      expect(active).toEqual(expect.arrayContaining(['siri_sx:DEMO-works', 'siri_sx:DEMO-incident', 'siri_sx:DEMO-tram', 'line_status:central', 'line_status:circle', 'line_status:elizabeth']));
      expect(active).not.toContain('siri_sx:DEMO-future');
      expect(active).not.toContain('siri_sx:DEMO-ended');
      expect(active).not.toContain('line_status:dlr');
    }
  });
});

describe('simulated line status', () => {
  it('is the capital authority format with every mode, one line carrying two statuses', () => {
    const doc = JSON.parse(demoLineStatus(NOW));
    expect(Array.isArray(doc)).toBe(true);
    expect(doc.every((l: { simulated: boolean; lineStatuses: unknown[] }) => l.simulated === true && Array.isArray(l.lineStatuses))).toBe(true);
    const { records } = parseLineStatus(JSON.stringify(doc));
    expect(new Set(records.map((r) => r.mode))).toEqual(new Set(['tube', 'dlr', 'overground', 'elizabeth-line', 'tram']));
    const circle = records.find((r) => r.id === 'line_status:circle')!;
    expect(circle.statuses.map((s) => s.code)).toEqual([5, 9]);
    expect(circle.severity).toBe('severe');
  });
});
