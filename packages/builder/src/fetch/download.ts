import { createReadStream } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import { createHash, type Hash } from 'node:crypto';
import path from 'node:path';
import { writeManifest, type CachedFile, type Manifest } from './manifest.js';
import { requestUrl, type SourceSpec } from './sources.js';
import { formatBytes, type DownloadProgress } from './download-progress.js';

/** The shared HTTP helpers of @transit/feeds that a download uses (loaded by `downloadSource`). */
type HttpHelpers = Pick<typeof import('@transit/feeds'), 'conditionalHeaders' | 'describeNetworkError' | 'validatorsOf'>;

/** How `downloadSource` talks to servers. */
export interface DownloadOptions {
  /** BODS API key, added as `api_key` to BODS URLs only. */
  apiKey?: string;
  /** Give up when no byte arrives for this long (connecting included). */
  timeoutMs: number;
  /** Further attempts after a network failure or a 5xx, each resuming what is on disk. */
  retries: number;
  /** Wait before retry n is n times this (default 1000 ms). */
  retryDelayMs?: number;
  progress: DownloadProgress;
  userAgent: string;
}

/** What became of one source. */
export type DownloadOutcome =
  | { status: 'fetched'; entry: CachedFile; resumedFrom: number; seconds: number }
  | { status: 'unchanged'; entry: CachedFile }
  | { status: 'failed'; error: string; httpStatus?: number; cached: CachedFile | undefined };

/** A failure of one attempt, with a message for the user and whether another attempt may help. */
class FetchFailure extends Error {
  constructor(message: string, readonly retryable: boolean, readonly httpStatus?: number) {
    super(message);
  }
}

/**
 * Downloads one source into `dir`: to `FILE.part`, renamed to `FILE` when complete, so `FILE`
 * is never half-written. A cached copy from the same URL is revalidated (If-None-Match, else
 * If-Modified-Since) and kept on 304. A `.part` left by an interrupted run is resumed with
 * `Range` + `If-Range` (its ETag or Last-Modified); a 200 answer restarts it from zero. The
 * manifest records validators, size and SHA-256; it is written before the first byte lands so a
 * killed process can resume too. Never throws for network or HTTP trouble: that is a `failed`
 * outcome, and any unresumable `.part` is removed.
 */
export async function downloadSource(spec: SourceSpec, dir: string, manifest: Manifest, opts: DownloadOptions): Promise<DownloadOutcome> {
  // Loaded here, not at the top: importing the builder to build does not load the live-feed parsers that package also holds (protobufjs, an XML parser).
  const http: HttpHelpers = await import('@transit/feeds');
  const final = path.join(dir, spec.file);
  const cached = await usableCache(manifest.sources[spec.name], spec, final);
  let failure = new FetchFailure('not attempted', false);
  for (let attempt = 0; attempt <= opts.retries; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, (opts.retryDelayMs ?? 1000) * attempt));
    try {
      return await attemptDownload(spec, final, dir, manifest, cached, opts, http);
    } catch (err) {
      failure = err instanceof FetchFailure ? err : describeError(err, final, http);
      if (!failure.retryable) break;
    }
  }
  // A .part stays only when a later run can resume it (the server gave a validator).
  if (!manifest.partial[spec.name]) await rm(`${final}.part`, { force: true });
  await writeManifest(dir, manifest);
  return { status: 'failed', error: failure.message, httpStatus: failure.httpStatus, cached };
}

/** The cached entry when its file is there, whole, from the same URL. */
async function usableCache(entry: CachedFile | undefined, spec: SourceSpec, final: string): Promise<CachedFile | undefined> {
  if (!entry || entry.url !== spec.url) return undefined;
  return (await sizeOf(final)) === entry.bytes ? entry : undefined;
}

async function sizeOf(file: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch {
    return -1;
  }
}

async function attemptDownload(spec: SourceSpec, final: string, dir: string, manifest: Manifest, cached: CachedFile | undefined, opts: DownloadOptions, http: HttpHelpers): Promise<DownloadOutcome> {
  const part = `${final}.part`;
  const partial = manifest.partial[spec.name];
  const partSize = await sizeOf(part);
  const offset = partial && partial.url === spec.url && partSize > 0 && (partial.total === undefined || partSize < partial.total) ? partSize : 0;
  if (offset === 0) {
    await rm(part, { force: true }); // nothing resumable in it
    delete manifest.partial[spec.name];
  }
  const headers: Record<string, string> = { 'accept-encoding': 'identity', 'user-agent': opts.userAgent, ...http.conditionalHeaders(cached) };
  if (offset > 0) {
    headers.range = `bytes=${offset}-`;
    headers['if-range'] = partial.validator;
  }
  const started = Date.now();
  const abort = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => ((timedOut = true), abort.abort()), opts.timeoutMs);
  try {
    const res = await fetch(requestUrl(spec.url, opts.apiKey), { headers, signal: abort.signal, redirect: 'follow' });
    timer.refresh();
    /** Drops the answer's body and any `.part`: nothing of this attempt is resumable. */
    const discard = async () => {
      await res.body?.cancel();
      await rm(part, { force: true });
      delete manifest.partial[spec.name];
    };
    if (res.status === 304 && cached) {
      await discard();
      cached.checkedAt = new Date().toISOString();
      await writeManifest(dir, manifest);
      return { status: 'unchanged', entry: cached };
    }
    if (res.status !== 200 && res.status !== 206) {
      await discard();
      if (res.status === 416) throw new FetchFailure('the server refused to resume (HTTP 416); starting again', true, 416);
      throw new FetchFailure(`HTTP ${res.status} ${res.statusText}`.trim(), res.status >= 500 || res.status === 429 || res.status === 408, res.status);
    }
    // A server that compresses despite `identity` is decoded by fetch: sizes and offsets no longer hold.
    const encoded = !/^(identity)?$/i.test(res.headers.get('content-encoding') ?? '');
    let from = 0;
    let total = res.headers.has('content-length') && !encoded ? Number(res.headers.get('content-length')) : undefined;
    if (res.status === 206) {
      const range = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(res.headers.get('content-range') ?? '');
      if (!range || Number(range[1]) !== offset) {
        await discard();
        throw new FetchFailure(`unexpected Content-Range ${JSON.stringify(res.headers.get('content-range'))}; starting again`, true, 206);
      }
      from = offset;
      total = range[3] === '*' ? undefined : Number(range[3]);
    }
    // Record how to resume before the first byte lands: a killed run can then resume too.
    const validator = encoded ? undefined : strongValidator(res.headers);
    if (validator) manifest.partial[spec.name] = { url: spec.url, validator, ...(total !== undefined && { total }) };
    else delete manifest.partial[spec.name];
    await writeManifest(dir, manifest);
    const { bytes, sha256 } = await receive(res, part, from, total, spec.name, opts, () => timer.refresh());
    if (total !== undefined && bytes !== total) throw new FetchFailure(`connection closed after ${formatBytes(bytes)} of ${formatBytes(total)}`, true);
    await rename(part, final);
    const now = new Date().toISOString();
    const entry: CachedFile = { url: spec.url, file: spec.file, bytes, sha256, fetchedAt: now, checkedAt: now };
    const { etag, lastModified } = http.validatorsOf(res.headers);
    if (etag) entry.etag = etag;
    if (lastModified) entry.lastModified = lastModified;
    manifest.sources[spec.name] = entry;
    delete manifest.partial[spec.name];
    await writeManifest(dir, manifest);
    return { status: 'fetched', entry, resumedFrom: from, seconds: (Date.now() - started) / 1000 };
  } catch (err) {
    if (timedOut && !(err instanceof FetchFailure)) throw new FetchFailure(`timed out: no data for ${opts.timeoutMs / 1000} s`, true);
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/** Streams the body onto `part` (appending after `from` bytes), hashing the whole file. */
async function receive(res: Response, part: string, from: number, total: number | undefined, label: string, opts: DownloadOptions, alive: () => void): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  if (from > 0) await hashPrefix(part, from, hash);
  const fh = await open(part, from > 0 ? 'a' : 'w');
  let bytes = from;
  opts.progress.start(label, from, total);
  try {
    if (res.body) {
      for await (const chunk of res.body) {
        alive();
        await fh.write(chunk);
        hash.update(chunk);
        bytes += chunk.length;
        opts.progress.update(bytes);
      }
    }
    await fh.sync();
  } finally {
    await fh.close();
    opts.progress.end();
  }
  return { bytes, sha256: hash.digest('hex') };
}

async function hashPrefix(file: string, bytes: number, hash: Hash): Promise<void> {
  for await (const chunk of createReadStream(file, { start: 0, end: bytes - 1 })) hash.update(chunk as Buffer);
}

/** A validator usable in If-Range: a strong ETag, else Last-Modified. */
function strongValidator(headers: Headers): string | undefined {
  const etag = headers.get('etag');
  if (etag && !etag.startsWith('W/')) return etag;
  return headers.get('last-modified') ?? undefined;
}

/** A user-facing message for a network or file-system error. */
function describeError(err: unknown, final: string, http: HttpHelpers): FetchFailure {
  const described = http.describeNetworkError(err);
  const e = err as Error & { syscall?: string; cause?: unknown };
  if (!described.network && e.syscall && !e.cause) return new FetchFailure(`cannot write ${path.dirname(final)}: ${e.message}`, false);
  return new FetchFailure(described.message, described.retryable);
}
