import { ProgressLine, type ProgressSink } from '../progress-line.js';

/** `1.5 MiB`, `312 KiB`, `87 B`. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024 * 1024) return `${(n / 1024 ** 3).toFixed(2)} GiB`;
  if (n >= 1024 * 1024) return `${(n / 1024 ** 2).toFixed(1)} MiB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${n} B`;
}

/**
 * Bytes, total, percent and rate of the download under way, throttled: redrawn at most every
 * 200 ms on a terminal, else a plain line at most every `plainEveryMs` (default 5 s).
 * A null sink (`--quiet`) draws nothing.
 */
export class DownloadProgress {
  private label = '';
  private started = 0;
  private from = 0;
  private total: number | undefined;
  private readonly progressLine: ProgressLine;

  constructor(sink: ProgressSink | null, plainEveryMs = 5000) {
    this.progressLine = new ProgressLine(sink, plainEveryMs);
  }

  /** A download of `label` begins at byte `from` (a resume) of `total` bytes (when known). */
  start(label: string, from: number, total: number | undefined): void {
    this.label = label;
    this.started = Date.now();
    this.from = from;
    this.total = total;
    this.progressLine.restart(this.started);
  }

  /** `bytes` of the file are on disk (counting a resumed prefix). */
  update(bytes: number): void {
    const now = Date.now();
    if (this.progressLine.due(now)) this.progressLine.draw(this.line(bytes, now));
  }

  /** Clears the terminal line before the result is printed. */
  end(): void {
    this.progressLine.finish();
  }

  private line(bytes: number, now: number): string {
    const rate = (bytes - this.from) / Math.max(0.001, (now - this.started) / 1000);
    const of = this.total ? ` of ${formatBytes(this.total)} (${Math.floor((100 * bytes) / this.total)}%)` : '';
    return `  ${this.label}: ${formatBytes(bytes)}${of}, ${formatBytes(rate)}/s`;
  }
}
