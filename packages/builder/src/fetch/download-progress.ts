/** Where download progress goes: a terminal gets one redrawn line, anything else plain lines. */
export interface ProgressSink {
  write(text: string): void;
  isTTY: boolean;
}

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
  private last = 0;
  private drawn = false;

  constructor(private readonly sink: ProgressSink | null, private readonly plainEveryMs = 5000) {}

  /** A download of `label` begins at byte `from` (a resume) of `total` bytes (when known). */
  start(label: string, from: number, total: number | undefined): void {
    this.label = label;
    this.started = Date.now();
    this.from = from;
    this.total = total;
    this.last = this.started;
    this.drawn = false;
  }

  /** `bytes` of the file are on disk (counting a resumed prefix). */
  update(bytes: number): void {
    if (!this.sink) return;
    const now = Date.now();
    if (now - this.last < (this.sink.isTTY ? 200 : this.plainEveryMs)) return;
    this.last = now;
    this.drawn = true;
    this.sink.write(this.sink.isTTY ? `\r\x1b[K${this.line(bytes, now)}` : `${this.line(bytes, now)}\n`);
  }

  /** Clears the terminal line before the result is printed. */
  end(): void {
    if (this.sink?.isTTY && this.drawn) this.sink.write('\r\x1b[K');
    this.drawn = false;
  }

  private line(bytes: number, now: number): string {
    const rate = (bytes - this.from) / Math.max(0.001, (now - this.started) / 1000);
    const of = this.total ? ` of ${formatBytes(this.total)} (${Math.floor((100 * bytes) / this.total)}%)` : '';
    return `  ${this.label}: ${formatBytes(bytes)}${of}, ${formatBytes(rate)}/s`;
  }
}
