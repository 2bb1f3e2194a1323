// FEATURE UNDER TEST: the one redrawn progress line behind build and download progress.
import { describe, it, expect } from 'vitest';
import { ProgressLine } from '../../packages/builder/src/progress-line.js';

function sink(isTTY: boolean) {
  const s = { isTTY, text: '', write: (t: string) => void (s.text += t) };
  return s;
}

describe('ProgressLine', () => {
  it('redraws one terminal line at most every 200 ms and ends it with the final text', () => {
    const s = sink(true);
    const line = new ProgressLine(s);
    line.restart(0);
    for (const now of [1000, 1100, 1250]) if (line.due(now)) line.draw(`at ${now}`);
    line.finish('done');
    expect(s.text).toBe('\r\x1b[Kat 1000\r\x1b[Kat 1250\r\x1b[Kdone\n');
  });

  it('writes plain lines at most every plainEveryMs elsewhere, and clears nothing', () => {
    const s = sink(false);
    const line = new ProgressLine(s, 1000);
    line.restart(0);
    for (const now of [500, 1000, 1500, 2000]) if (line.due(now)) line.draw(`at ${now}`);
    line.finish();
    expect(s.text).toBe('at 1000\nat 2000\n');
  });

  it('clears a drawn terminal line when finished without text, and draws nothing without a sink', () => {
    const s = sink(true);
    const line = new ProgressLine(s);
    line.finish();
    line.draw('x');
    line.finish();
    expect(s.text).toBe('\r\x1b[Kx\r\x1b[K');
    const quiet = new ProgressLine(null);
    expect(quiet.due(10_000)).toBe(false);
    quiet.draw('x');
    quiet.finish('y');
  });
});
