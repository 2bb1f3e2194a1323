import type uWS from 'uWebSockets.js';

/** How long a graceful stop lets the answers still being written (a large body, a slow client) go on before it closes their connections. */
export const STOP_WRITES_MS = 5_000;

/**
 * Ends uWebSockets.js responses with their bodies in the pieces each socket takes (tryEnd): a body
 * the socket does not take whole is held here and written on from where it stopped as the socket
 * drains (onWritable), where `end` would hand the rest to uWebSockets.js's own buffer, which
 * nothing outside it can see and which closing the connection discards. So a graceful stop knows
 * which answers are still being written and can wait for them (settled) before it closes the
 * connections. Bytes handed over are in the kernel's socket buffer, which it still sends after the
 * close, with one exception: a body small enough for the cork buffer (16 KiB with its headers) is
 * copied there whole and counts as taken, so on a socket whose client stopped reading (pipelined
 * requests) up to that much can still sit in uWebSockets.js's buffer.
 */
export class BodyWrites {
  /** Answers whose body the socket has not yet taken whole. */
  private unsent = 0;
  private readonly waiters = new Set<() => void>();

  /** Ends `res` with `body` (inside its cork, the status and headers written). */
  end(res: uWS.HttpResponse, body: string | Buffer): void {
    const size = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
    if (res.tryEnd(body, size)[1]) return;
    // Only for a body the socket did not take at once (a large one, a slow client).
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    this.unsent++;
    let open = true;
    const settle = () => {
      if (!open) return;
      open = false;
      if (--this.unsent === 0) for (const wake of this.waiters) wake();
    };
    // Aborted: the client went away (or the connection timed out: uWebSockets.js gives a stalled write 10 s).
    res.onAborted(settle);
    res.onWritable((offset) => {
      const [ok, done] = res.tryEnd(bytes.subarray(offset), size);
      if (done) settle();
      return ok;
    });
  }

  /**
   * Resolves once no answer has body bytes left to hand to its socket, or after `limitMs`, with
   * the number of answers still being written then (0: none).
   */
  settled(limitMs: number): Promise<number> {
    if (this.unsent === 0) return Promise.resolve(0);
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve(this.unsent);
      };
      const timer = setTimeout(wake, limitMs);
      this.waiters.add(wake);
    });
  }
}
