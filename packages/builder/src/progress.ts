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
    if (!this.label.startsWith('compiling')) this.started = Date.now();
    this.label = `compiling: ${label}`;
    this.line.draw(this.label);
  }

  /** Ends the compile steps with their time. */
  compiled(): void {
    this.line.finish(`compiled in ${((Date.now() - this.started) / 1000).toFixed(1)} s`);
    this.label = '';
  }

  private rate(rows: number, now: number): string {
    return Math.round(rows / Math.max(0.001, (now - this.started) / 1000)).toLocaleString('en-GB');
  }
}
