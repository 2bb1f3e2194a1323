import { ProgressLine, type ProgressSink } from './progress-line.js';

/** Build progress per file (rows and rows/s), drawn on one line of a TTY; silent otherwise. */
export class Progress {
  private label = '';
  private started = 0;
  private readonly line: ProgressLine;

  constructor(out: ProgressSink | null) {
    this.line = new ProgressLine(out);
  }

  /** Progress on stderr when it is a terminal and `quiet` is off. */
  static forStderr(quiet: boolean): Progress {
    return new Progress(!quiet && process.stderr.isTTY ? process.stderr : null);
  }

  start(label: string): void {
    logMemory(`start ${label}`);
    this.label = label;
    this.started = Date.now();
    this.line.restart(0);
  }

  tick(rows: number): void {
    const now = Date.now();
    if (!this.line.due(now)) return;
    this.line.draw(`${this.label}: ${rows.toLocaleString('en-GB')} rows, ${this.rate(rows, now)} rows/s`);
  }

  done(rows: number): void {
    this.line.finish(`${this.label}: ${rows.toLocaleString('en-GB')} rows in ${((Date.now() - this.started) / 1000).toFixed(1)} s (${this.rate(rows, Date.now())} rows/s)`);
  }

  /** Names the compile step under way (after every file is read), drawn at once; `compiled` ends the steps. */
  step(label: string): void {
    logMemory(`step ${label}`);
    if (!this.label.startsWith('compiling')) this.started = Date.now();
    this.label = `compiling: ${label}`;
    this.line.draw(this.label);
  }

  /** Ends the compile steps with their time. */
  compiled(): void {
    logMemory('compiled');
    this.line.finish(`compiled in ${((Date.now() - this.started) / 1000).toFixed(1)} s`);
    this.label = '';
  }

  private rate(rows: number, now: number): string {
    return Math.round(rows / Math.max(0.001, (now - this.started) / 1000)).toLocaleString('en-GB');
  }
}

/** With TRANSIT_BUILD_MEMORY=1, one stderr line of memory figures (MiB) per file and compile step: where a build's peak is. */
const MEMORY_LOG = process.env.TRANSIT_BUILD_MEMORY === '1';
const MiB = (n: number) => (n / 1048576).toFixed(0);

/** Logs RSS, V8 heap and array buffers (typed arrays, Buffers) at a build phase, when asked for. */
export function logMemory(phase: string): void {
  if (!MEMORY_LOG) return;
  const m = process.memoryUsage();
  process.stderr.write(`memory ${phase} at ${((Date.now() - performance.timeOrigin) / 1000).toFixed(2)} s: rss ${MiB(m.rss)} heapUsed ${MiB(m.heapUsed)} heapTotal ${MiB(m.heapTotal)} arrayBuffers ${MiB(m.arrayBuffers)} MiB\n`);
}
