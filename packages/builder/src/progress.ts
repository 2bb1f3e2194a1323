/** Build progress per file (rows and rows/s), drawn on one line of a TTY; silent otherwise. */
export class Progress {
  private label = '';
  private started = 0;
  private lastDraw = 0;

  constructor(private readonly out: NodeJS.WriteStream | null) {}

  /** Progress on stderr when it is a terminal and `quiet` is off. */
  static forStderr(quiet: boolean): Progress {
    return new Progress(!quiet && process.stderr.isTTY ? process.stderr : null);
  }

  start(label: string): void {
    this.label = label;
    this.started = Date.now();
    this.lastDraw = 0;
  }

  tick(rows: number): void {
    const now = Date.now();
    if (!this.out || now - this.lastDraw < 200) return;
    this.lastDraw = now;
    this.out.write(`\r\x1b[K${this.label}: ${rows.toLocaleString('en-GB')} rows, ${this.rate(rows, now)} rows/s`);
  }

  done(rows: number): void {
    if (!this.out) return;
    this.out.write(`\r\x1b[K${this.label}: ${rows.toLocaleString('en-GB')} rows in ${((Date.now() - this.started) / 1000).toFixed(1)} s (${this.rate(rows, Date.now())} rows/s)\n`);
  }

  private rate(rows: number, now: number): string {
    return Math.round(rows / Math.max(0.001, (now - this.started) / 1000)).toLocaleString('en-GB');
  }
}
