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
  /** Writes out what is buffered (on shutdown). */
  flush(): void;
}

/**
 * pino writing JSON lines to file descriptor 1 through its own buffered stream (so worker threads
 * write directly, not through the main thread's stdout), flushed every 4 KB and on shutdown.
 */
export function createAccessLog(fd = 1): AccessLog {
  const destination = pino.destination({ fd, sync: false, minLength: 4096 });
  const logger = pino({ base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime }, destination);
  return {
    write: (entry) => logger.info(entry, 'request'),
    flush: () => destination.flushSync(),
  };
}
