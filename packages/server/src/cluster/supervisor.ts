import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import type { SharedTables } from '@transit/engine';
import { ListenError } from '../server.js';
import type { FeedHub } from '../live/feed-hub.js';
import type { FromWorker, ToWorker, WorkerInit, WorkerKeys } from './worker-protocol.js';

/** The compiled worker entry (workers run built JavaScript, also when the caller runs from sources). */
const WORKER_ENTRY = fileURLToPath(new URL('../../dist/cluster/worker-main.js', import.meta.url));

/** The window over which worker failures are counted against the respawn budget. */
const FAILURE_WINDOW_MS = 60_000;

/**
 * Failures allowed within FAILURE_WINDOW_MS before the supervisor gives up: every worker may fail
 * twice (one cause, a feed document all of them receive say, can fail them all at once), at least 5.
 */
export function failureBudget(workers: number): number {
  return Math.max(5, 2 * workers);
}

/** What every worker starts with, apart from its port and index: the state in force. */
type WorkerBase = Omit<WorkerInit, 'port' | 'thread'>;

/** One worker thread and where it stands. */
interface Member {
  worker: Worker;
  thread: number;
  /** starting: not yet listening; serving; gone: crashed, failed, ended or closed (asked nothing more, but stopAll's close). */
  state: 'starting' | 'serving' | 'gone';
  /** Settles when it stops serving on its own (it crashed, or its thread failed or ended). */
  gone: Promise<void>;
  /** Settles when its thread has ended. */
  exited: Promise<void>;
  /** Stops sending it the feeds. */
  detach: () => void;
}

/**
 * The worker threads of a cluster, kept serving: a worker that fails outside a handler (it says
 * `crashed`), or whose thread ends or fails after it listened, is replaced by a new one on the
 * same port, started with the state in force (the latest snapshot and tables, keys and limiter);
 * the failed one is terminated once it has closed its last connections. Operations (start,
 * reload, setKeys, close, replacements) run one at a time, so a replacement never starts with
 * the state an operation is changing: a worker lost during one counts as done, and its
 * replacement starts after it, with what it left in force. Past failureBudget failures within
 * FAILURE_WINDOW_MS, it stops every worker and `failed` settles (a crash loop: the process
 * supervisor's turn).
 */
export class Supervisor {
  /** Every worker whose thread has not ended (a failed one until it is terminated). */
  private readonly members = new Set<Member>();
  private queue: Promise<unknown> = Promise.resolve();
  private closing = false;
  private readonly lost = new Set<number>();
  private readonly failures: number[] = [];
  private giveUp: (reason: Error) => void = () => undefined;
  private replaced = 0;
  /** Workers replaced so far. */
  get replacements(): number {
    return this.replaced;
  }
  /** Settles, with the reason, once the supervisor has given up and stopped every worker. */
  readonly failed = new Promise<Error>((resolve) => (this.giveUp = resolve));

  constructor(
    private base: WorkerBase,
    private port: number,
    private readonly feeds: Pick<FeedHub, 'attach'> | null,
    private readonly log: (line: string) => void,
    private readonly budget: number,
  ) {}

  /**
   * Starts `count` workers one after another (the first one's port is every next one's); rejects,
   * with every thread ended, when one fails to start.
   */
  start(count: number): Promise<number> {
    return this.run(async () => {
      try {
        for (let i = 0; i < count; i++) this.port = await this.spawn(i);
      } catch (err) {
        this.closing = true;
        // A worker that failed to start ends by itself (worker-main); those listening close and
        // end, so that the process can exit.
        await this.stopAll();
        throw err;
      }
      return this.port;
    });
  }

  /** Every serving worker swaps to `snapshot`; a replacement started later starts with it. */
  reload(snapshot: SharedArrayBuffer, tables: SharedTables | null, label: string): Promise<void> {
    return this.run(async () => {
      // Every answer awaited before the next operation, also when one fails.
      const answers = await Promise.allSettled(this.serving().map((m) => ask(m, { type: 'reload', snapshot, tables, label }, 'reloaded')));
      const failed = answers.find((a) => a.status === 'rejected');
      if (failed) throw failed.reason;
      this.base = { ...this.base, snapshot, tables };
    });
  }

  /**
   * Two phases, so the keys are in force in every worker or in none: each worker checks and holds
   * them; only when all have, each swaps them in (a step that cannot fail).
   */
  setKeys(keys: WorkerKeys): Promise<void> {
    return this.run(async () => {
      const members = this.serving();
      const prepared = await Promise.allSettled(members.map((m) => ask(m, { type: 'prepareKeys', ...keys }, 'keysPrepared')));
      const refused = prepared.findIndex((p) => p.status === 'rejected');
      if (refused >= 0) {
        await Promise.all(members.map((m) => ask(m, { type: 'abortKeys' }, 'keysAborted')));
        throw new Error(`worker ${members[refused].thread} refused the keys (${(prepared[refused] as PromiseRejectedResult).reason.message}); every worker keeps the previous keys`);
      }
      await Promise.all(members.map((m) => ask(m, { type: 'commitKeys' }, 'keysApplied')));
      this.base = { ...this.base, keys };
    });
  }

  /** Stops replacing, closes every worker gracefully and ends its thread (see RunningCluster.close). */
  close(): Promise<void> {
    this.closing = true;
    return this.run(() => this.stopAll());
  }

  /** Runs `op` once every operation before it has settled. */
  private run<T>(op: () => Promise<T>): Promise<T> {
    const done = this.queue.then(op);
    this.queue = done.catch(() => undefined);
    return done;
  }

  private serving(): Member[] {
    return [...this.members].filter((m) => m.state === 'serving');
  }

  /** Starts worker `thread` with the state in force and resolves with its port once it listens. */
  private async spawn(thread: number): Promise<number> {
    const worker = new Worker(WORKER_ENTRY, { workerData: { ...this.base, port: this.port, thread } satisfies WorkerInit });
    let gone = () => undefined as void;
    let exited = () => undefined as void;
    const m: Member = { worker, thread, state: 'starting', gone: new Promise<void>((r) => (gone = r)), exited: new Promise<void>((r) => (exited = r)), detach: () => undefined };
    this.members.add(m);
    const lose = (why: string) => {
      if (m.state === 'serving') this.replace(m.thread, why);
      m.state = 'gone';
      m.detach();
      gone();
    };
    const listening = new Promise<number>((resolve, reject) => {
      worker.on('message', (msg: FromWorker) => {
        if (msg.type === 'listening') {
          m.state = 'serving';
          resolve(msg.port);
        } else if (msg.type === 'failed' && m.state === 'starting') reject(new ListenError(msg.message));
        else if (msg.type === 'crashed') lose(`failed: ${msg.message}`);
        // A crashed worker closed its last connections: ending the thread frees its memory.
        else if (msg.type === 'ended') void worker.terminate();
      });
      worker.on('error', (err) => (m.state === 'starting' ? reject(err) : lose(`thread failed: ${err.message}`)));
      worker.on('exit', (code) => {
        this.members.delete(m);
        exited();
        if (m.state === 'starting') reject(new Error(`worker exited (${code}) before listening`));
        else lose(`thread ended (${code})`);
      });
    });
    // Feed results queue in the worker's port until it listens for them; the latest come first.
    const detach = this.feeds?.attach((msg) => worker.postMessage(msg satisfies ToWorker));
    m.detach = () => detach?.();
    try {
      return await listening;
    } catch (err) {
      m.state = 'gone';
      m.detach();
      gone();
      throw err;
    }
  }

  /** Worker `thread` stopped serving (`why`): counts the failure and queues its replacement, or gives up. */
  private replace(thread: number, why: string): void {
    if (this.closing) return;
    this.failures.push(Date.now());
    while (this.failures[0] <= Date.now() - FAILURE_WINDOW_MS) this.failures.shift();
    if (this.failures.length > this.budget) {
      this.closing = true;
      const reason = new Error(`worker threads failed ${this.failures.length} times within ${FAILURE_WINDOW_MS / 1000} s (more than the ${this.budget} replaced): a crash loop; every worker stopped`);
      void this.run(() => this.stopAll()).then(() => this.giveUp(reason));
      return;
    }
    this.log(`worker ${thread} stopped serving (${why}); starting a replacement (failure ${this.failures.length} within ${FAILURE_WINDOW_MS / 1000} s; past ${this.budget} the server stops)`);
    // One respawn is queued while any worker is waiting for its replacement.
    const queued = this.lost.size > 0;
    this.lost.add(thread);
    if (!queued) void this.run(() => this.respawn());
  }

  /** Starts a replacement for every worker lost so far, together; one that fails to start is a failure too. */
  private async respawn(): Promise<void> {
    const threads = [...this.lost];
    this.lost.clear();
    if (this.closing) return;
    await Promise.all(
      threads.map((thread) =>
        this.spawn(thread).then(
          () => {
            this.replaced++;
            this.log(`worker ${thread}: replaced (listening on port ${this.port})`);
          },
          (err: Error) => this.replace(thread, `its replacement failed to start: ${err.message}`),
        ),
      ),
    );
  }

  /**
   * Closes every worker still running, a failed one still draining too (each stops accepting,
   * lets the answers it is writing finish and closes its last connections), and ends its thread:
   * nothing of the cluster is left running, so the process can end however it likes.
   */
  private async stopAll(): Promise<void> {
    await Promise.all(
      [...this.members].map(async (m) => {
        m.state = 'gone';
        m.detach();
        await ask(m, { type: 'close' }, 'closed', m.exited).catch(() => undefined);
        await m.worker.terminate();
      }),
    );
  }
}

/**
 * Sends `msg` and waits for the worker's `expect` answer (rejecting on its `failed`); settles
 * without one once `until` does (default: the worker stopped serving, so it has no answer to give).
 */
function ask(m: Member, msg: ToWorker, expect: FromWorker['type'], until = m.gone): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (answer: FromWorker) => {
      if (answer.type === expect) resolve();
      else if (answer.type === 'failed') reject(new Error(answer.message));
      else return;
      m.worker.off('message', onMessage);
    };
    m.worker.on('message', onMessage);
    void until.then(() => {
      m.worker.off('message', onMessage);
      resolve();
    });
    m.worker.postMessage(msg);
  });
}
