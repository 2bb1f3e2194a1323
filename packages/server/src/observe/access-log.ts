import pino from 'pino';

/** One access-log line. The key is named by its id (never the key). */
export interface AccessLogEntry {
  req_id: string;
  key_id: string | null;
  method: string;
  /** The endpoint's path template, or `unmatched`. */
  route: string;
  path: string;
  status: number;
  /** Time inside the server, milliseconds. */
  ms: number;
}

/** A structured access log: one JSON line per request on standard output. */
export interface AccessLog {
  write(entry: AccessLogEntry): void;
  /** Writes out what is buffered (on shutdown); resolves once written or failed, never rejects. */
  flush(): Promise<void>;
}

/**
 * pino writing JSON lines to file descriptor 1 through its own buffered stream (so worker threads
 * write directly, not through the main thread's stdout), flushed every 4 KB and on shutdown. A
 * write that fails (a full disk, a closed pipe) is said once on stderr and the log stops there,
 * as pino does for a closed pipe: the server goes on serving, and neither an error event nobody
 * listens to (an uncaught exception) nor a flush that cannot finish stops it. The flush is
 * sonic-boom's asynchronous one: its flushSync retries a failed write without end (version 4.2:
 * only EAGAIN and EBUSY are thrown), which would hang the thread at shutdown.
 */
export function createAccessLog(say: (line: string) => void = (line) => void process.stderr.write(line + '\n')): AccessLog {
  const destination = pino.destination({ fd: 1, sync: false, minLength: 4096 });
  const logger = pino({ base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime }, destination);
  let failed = false;
  destination.on('error', (err: Error) => {
    if (failed) return;
    failed = true;
    // pino's own exit hook (main thread) flushes synchronously: not once a write has failed.
    destination.flushSync = () => undefined;
    say(`access log: ${err.message}; no more lines are written`);
  });
  return {
    write: (entry) => {
      if (!failed) logger.info(entry, 'request');
    },
    flush: () =>
      new Promise((resolve) => {
        if (failed) return resolve();
        // Settles on the write's error too (said by the listener above); fsync then fails on a
        // pipe or terminal (EINVAL) after the lines are written, which is no failure.
        destination.flush(() => resolve());
      }),
  };
}
