/** Where a progress line goes: a terminal gets one redrawn line, anything else plain lines. */
export interface ProgressSink {
  write(text: string): void;
  isTTY: boolean;
}

/** Least time between two redraws of a terminal line, ms. */
const TTY_EVERY_MS = 200;

/**
 * One progress line: redrawn in place (`\r\x1b[K`) on a terminal, written as plain lines
 * otherwise, throttled to at most one draw every 200 ms on a terminal and every `plainEveryMs`
 * elsewhere. A null sink (`--quiet`, or no terminal where only a terminal wants progress) draws
 * nothing.
 */
export class ProgressLine {
  private last = 0;
  private drawn = false;

  constructor(private readonly sink: ProgressSink | null, private readonly plainEveryMs = 5000) {}

  /** Starts a new line whose first draw is due one interval after `at` (ms; 0: at once). */
  restart(at: number): void {
    this.last = at;
    this.drawn = false;
  }

  /** Whether there is a sink and a draw is due at `now` (ms); a due draw counts from `now`. */
  due(now: number): boolean {
    if (!this.sink || now - this.last < (this.sink.isTTY ? TTY_EVERY_MS : this.plainEveryMs)) return false;
    this.last = now;
    return true;
  }

  /** Draws `text` (no newline): over the terminal line, or as a plain line. */
  draw(text: string): void {
    if (!this.sink) return;
    this.drawn = true;
    this.sink.write(this.sink.isTTY ? `\r\x1b[K${text}` : `${text}\n`);
  }

  /** Ends the line: with `text`, written as the final line; without, a drawn terminal line is cleared. */
  finish(text?: string): void {
    if (!this.sink) return;
    if (text !== undefined) this.sink.write(this.sink.isTTY ? `\r\x1b[K${text}\n` : `${text}\n`);
    else if (this.sink.isTTY && this.drawn) this.sink.write('\r\x1b[K');
    this.drawn = false;
  }
}
