import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApiError } from '../api/common/api-error.js';
import { chooseCoding, compress, compressAsync, MIN_COMPRESS_BYTES } from './compression.js';
import { ifNoneMatchHits, renderError, type RenderedResponse } from './router.js';

/** One file served as is: its bytes, type, validator and caching policy; compressed copies made on first use. */
interface Asset {
  body: Buffer;
  type: string;
  etag: string;
  cacheControl: string;
  /** Text types worth compressing. */
  compressible: boolean;
  br?: Buffer;
  gzip?: Buffer;
}

/** A byte range of SharedStaticAssets.buffer: [offset, length]. */
type Span = [number, number];

/**
 * The assets packed for worker threads (structured-clone friendly): every body and compressed
 * copy in one SharedArrayBuffer, read by all workers in place (one copy in memory), and each
 * file's metadata with its spans.
 */
export interface SharedStaticAssets {
  buffer: SharedArrayBuffer;
  files: { urlPath: string; type: string; etag: string; cacheControl: string; compressible: boolean; body: Span; br?: Span; gzip?: Span }[];
}

/** What the asset layer reads from a request. */
export interface AssetRequest {
  method: string;
  path: string;
  acceptEncoding: string;
  ifNoneMatch: string;
  requestId: string;
}

/** A rendered asset answer; `headLength` is the body length a HEAD answer reports (no body sent). */
export interface AssetResponse extends RenderedResponse {
  headLength?: number;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.map': 'application/json; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.map']);

/** HTML pages: always revalidated (cheap with the ETag). */
const REVALIDATE = 'no-cache';
/** Vendor files, versioned by the installed package: a day. */
const VENDOR_CACHE = 'public, max-age=86400';

const SERVER_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The explorer page as `npm run build` bundles it (packages/server/explorer/dist). */
const EXPLORER_DIST = path.join(SERVER_ROOT, 'explorer', 'dist');
/** The /docs page (packages/server/static/docs). */
const DOCS_DIR = path.join(SERVER_ROOT, 'static', 'docs');

/** Swagger UI files the /docs page uses, from the installed swagger-ui-dist package. */
const SWAGGER_FILES = ['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png'];

/** Meta tag of the explorer page that carries the demo key (empty unless serving the demo). */
const DEMO_KEY_META = '<meta name="transit-demo-key" content="">';

/** Options of the asset layer. */
export interface StaticAssetOptions {
  /** Key written into the explorer page (only when serving the demo with a generated key). */
  demoKey?: string | null;
}

/**
 * The server's few static files: the map explorer at `/` (and `/explorer/*`) and the API docs
 * at `/docs`. Every file is read once at start into memory and looked up by its exact URL path,
 * so no request path ever reaches the file system (no traversal). GET and HEAD only; ETag and
 * 304; brotli or gzip for text; unknown files get the API's 404 envelope.
 */
export class StaticAssets {
  private readonly files = new Map<string, Asset>();

  /** Adds one file at `urlPath`. */
  add(urlPath: string, body: Buffer, ext: string, cacheControl: string): void {
    const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
    this.files.set(urlPath, { body, type: TYPES[ext] ?? 'application/octet-stream', etag, cacheControl, compressible: COMPRESSIBLE.has(ext) });
  }

  /** Adds every file of `folder` (not recursive) under `urlPrefix` (ending in `/`); `only` limits the names. */
  mount(urlPrefix: string, folder: string, cacheControl: string, only?: readonly string[]): void {
    if (!existsSync(folder)) return;
    for (const name of only ?? readdirSync(folder)) {
      const file = path.join(folder, name);
      if (!existsSync(file) || !statSync(file).isFile()) continue;
      this.add(urlPrefix + name, readFileSync(file), path.extname(name), cacheControl);
    }
  }

  /**
   * Makes the brotli and gzip copies of every file worth compressing now (not on first request):
   * done once in the main thread before the files are shared with the workers, in zlib's thread
   * pool (the files in parallel).
   */
  async precompress(): Promise<this> {
    const jobs: Promise<void>[] = [];
    for (const a of this.files.values()) {
      if (!a.compressible || a.body.length < MIN_COMPRESS_BYTES) continue;
      if (!a.br) jobs.push(compressAsync(a.body, 'br').then((b) => void (a.br = b)));
      if (!a.gzip) jobs.push(compressAsync(a.body, 'gzip').then((b) => void (a.gzip = b)));
    }
    await Promise.all(jobs);
    return this;
  }

  /** Every file and compressed copy packed into one SharedArrayBuffer (see fromShared). */
  toShared(): SharedStaticAssets {
    const chunks: Buffer[] = [];
    let size = 0;
    const span = (b: Buffer): Span => {
      chunks.push(b);
      size += b.length;
      return [size - b.length, b.length];
    };
    const files = [...this.files].map(([urlPath, a]) => ({ urlPath, type: a.type, etag: a.etag, cacheControl: a.cacheControl, compressible: a.compressible, body: span(a.body), ...(a.br && { br: span(a.br) }), ...(a.gzip && { gzip: span(a.gzip) }) }));
    const buffer = new SharedArrayBuffer(size);
    const view = new Uint8Array(buffer);
    let at = 0;
    for (const c of chunks) (view.set(c, at), (at += c.length));
    return { buffer, files };
  }

  /** The assets of `shared` (from toShared), viewed in place: nothing is copied or compressed. */
  static fromShared(shared: SharedStaticAssets): StaticAssets {
    const assets = new StaticAssets();
    const view = (s: Span | undefined) => (s ? Buffer.from(shared.buffer, s[0], s[1]) : undefined);
    for (const f of shared.files) assets.files.set(f.urlPath, { body: view(f.body)!, type: f.type, etag: f.etag, cacheControl: f.cacheControl, compressible: f.compressible, br: view(f.br), gzip: view(f.gzip) });
    return assets;
  }

  /** True for paths the asset layer answers (the Router sees every other path, as before). */
  owns(urlPath: string): boolean {
    return urlPath === '/' || urlPath === '/docs' || urlPath.startsWith('/docs/') || urlPath.startsWith('/explorer/');
  }

  /** Answers a request for a path the layer owns; never throws. */
  handle(req: AssetRequest): AssetResponse {
    if (req.method !== 'get' && req.method !== 'head') {
      return renderError(new ApiError(405, 'method_not_allowed', `Method ${req.method.toUpperCase().slice(0, 20)} is not allowed on ${req.path.slice(0, 200)}; use GET.`, [['Allow', 'GET, HEAD']]), req.requestId);
    }
    const asset = this.files.get(req.path === '/docs' || req.path === '/docs/' ? '/docs/index.html' : req.path);
    if (!asset) return renderError(new ApiError(404, 'not_found', `No file at ${req.path.slice(0, 200)}; the map is at /, the API docs at /docs.`), req.requestId);
    const headers: [string, string][] = [['ETag', asset.etag], ['Cache-Control', asset.cacheControl], ['X-Request-Id', req.requestId]];
    if (ifNoneMatchHits(req.ifNoneMatch, asset.etag)) return { status: 304, headers, body: null };
    headers.push(['Content-Type', asset.type], ['X-Content-Type-Options', 'nosniff']);
    let body = asset.body;
    if (asset.compressible && body.length >= MIN_COMPRESS_BYTES) {
      headers.push(['Vary', 'Accept-Encoding']);
      const coding = chooseCoding(req.acceptEncoding);
      if (coding !== 'identity') {
        body = coding === 'br' ? (asset.br ??= compress(asset.body.toString('utf8'), 'br')) : (asset.gzip ??= compress(asset.body.toString('utf8'), 'gzip'));
        headers.push(['Content-Encoding', coding]);
      }
    }
    return req.method === 'head' ? { status: 200, headers, body: null, headLength: body.length } : { status: 200, headers, body };
  }
}

/**
 * The assets this server serves: the explorer (index.html with the demo key when given, and its
 * bundle) and /docs (its page and Swagger UI). A missing explorer bundle (not built yet) only
 * makes `/` a 404 saying so.
 */
export function loadStaticAssets(options: StaticAssetOptions = {}): StaticAssets {
  const assets = new StaticAssets();
  assets.mount('/explorer/', EXPLORER_DIST, REVALIDATE);
  const index = path.join(EXPLORER_DIST, 'index.html');
  if (existsSync(index)) {
    const key = options.demoKey ? `<meta name="transit-demo-key" content="${escapeAttr(options.demoKey)}">` : DEMO_KEY_META;
    assets.add('/', Buffer.from(readFileSync(index, 'utf8').replace(DEMO_KEY_META, key)), '.html', REVALIDATE);
  }
  assets.mount('/docs/', DOCS_DIR, REVALIDATE);
  assets.mount('/docs/', swaggerDir(), VENDOR_CACHE, SWAGGER_FILES);
  return assets;
}

function swaggerDir(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve('swagger-ui-dist/package.json'));
}

function escapeAttr(text: string): string {
  return text.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
}
