import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

/**
 * The API contract as an independent tool reads it: the served OpenAPI 3.0 document converted to
 * JSON Schema (draft-07: `nullable` becomes `anyOf` with null, schema `$ref`s point into one shared
 * definitions schema) and checked with ajv in strict mode, one validator per operation and status,
 * compiled on first use. Nothing here imports the server: the document is the only source.
 */

type Json = any;

/** One answer as a test saw it. */
export interface Answer {
  method: string;
  /** Path and query, or a whole URL. */
  url: string;
  status: number;
  headers: Headers;
  /** Decoded body text; '' when there is none. */
  body: string;
}

/** An answer the document does not describe; the message lists every disagreement. */
export class ContractError extends Error {
  override readonly name = 'ContractError';
}

/** One operation of the document, its path template and its parameters ($refs resolved). */
export interface Operation {
  path: string;
  method: string;
  operationId: string;
  parameters: Json[];
  responses: Record<string, Json>;
  /** True when the operation needs an API key (no `security: []`). */
  secured: boolean;
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const COMPONENTS_ID = 'https://contract.invalid/components.json';
/** OpenAPI-only keywords a JSON Schema validator does not know; annotations, so dropped. */
const OPENAPI_ONLY = new Set(['example', 'xml', 'externalDocs', 'discriminator']);

/** An OpenAPI 3.0 schema object as JSON Schema draft-07. */
export function toJsonSchema(node: Json): Json {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== 'object') return node;
  if (typeof node.$ref === 'string') {
    const m = /^#\/components\/schemas\/(.+)$/.exec(node.$ref);
    if (!m) throw new Error(`contract: unsupported $ref ${node.$ref}`);
    return { $ref: `${COMPONENTS_ID}#/definitions/${m[1]}` };
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (OPENAPI_ONLY.has(key) || key === 'nullable') continue;
    if (key === 'properties' || key === 'definitions') out[key] = Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, toJsonSchema(v)]));
    else if (['items', 'additionalProperties', 'not', 'allOf', 'anyOf', 'oneOf'].includes(key)) out[key] = typeof value === 'object' ? toJsonSchema(value) : value;
    else out[key] = value;
  }
  if (node.nullable !== true) return out;
  // `nullable` adds null to what the rest allows; annotations stay outside.
  const { description, title, default: dflt, ...rest } = out;
  return { ...(description !== undefined && { description }), ...(title !== undefined && { title }), ...(dflt !== undefined && { default: dflt }), anyOf: [rest, { type: 'null' }] };
}

const byText = new Map<string, ApiContract>();

/** The contract of a document, checking answers; built once per document text in this process. */
export class ApiContract {
  /** The contract of `doc` (cached by its JSON text). */
  static of(doc: Json): ApiContract {
    const text = JSON.stringify(doc);
    let c = byText.get(text);
    if (!c) byText.set(text, (c = new ApiContract(doc)));
    return c;
  }

  readonly operations: Operation[];
  private readonly ajv: Ajv;
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly templates: { path: string; re: RegExp }[];

  private constructor(readonly doc: Json) {
    this.ajv = new Ajv({ strict: true, allErrors: true, allowUnionTypes: false });
    addFormats(this.ajv);
    for (const f of ['int32', 'int64', 'float', 'double']) this.ajv.addFormat(f, { type: 'number', validate: () => true });
    this.ajv.addSchema({ $id: COMPONENTS_ID, definitions: toJsonSchema({ definitions: doc.components?.schemas ?? {} }).definitions });
    this.templates = Object.keys(doc.paths).map((path) => ({
      path,
      re: new RegExp('^' + path.split(/\{[^}]+\}/).map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^/]+') + '$'),
    }));
    this.operations = Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'].includes(method))
        .map(([method, op]: [string, Json]) => ({
          path,
          method,
          operationId: op.operationId,
          parameters: [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: Json) => this.resolve(p)),
          responses: Object.fromEntries(Object.entries(op.responses).map(([s, r]) => [s, this.resolve(r)])),
          secured: (op.security ?? doc.security ?? []).length > 0,
        })),
    );
  }

  /** A `$ref`'d object of the document (responses, parameters, headers), followed until concrete. */
  resolve(node: Json): Json {
    while (node && typeof node.$ref === 'string') node = node.$ref.replace(/^#\//, '').split('/').reduce((n: Json, k: string) => n?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], this.doc);
    return node;
  }

  /** The documented response of `op` for `status`: exact, then `4XX`, then `default`. */
  responseOf(op: Operation, status: number): Json | undefined {
    return op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses.default;
  }

  /** The validator of a response body, compiled once per operation and status. */
  validator(op: Operation, status: number): ValidateFunction | null {
    const response = this.responseOf(op, status);
    const schema = response?.content?.['application/json']?.schema;
    if (!schema) return null;
    const key = `${op.method} ${op.path} ${status}`;
    let v = this.validators.get(key);
    if (!v) this.validators.set(key, (v = this.ajv.compile(toJsonSchema(schema))));
    return v;
  }

  /** The operations at the document path matching a request path. */
  private operationsAt(pathname: string): Operation[] {
    const t = this.templates.find((x) => x.path === pathname) ?? this.templates.find((x) => x.re.test(pathname));
    return t ? this.operations.filter((op) => op.path === t.path) : [];
  }

  /** The disagreements between an answer and the document; [] when it conforms. */
  problems(a: Answer): string[] {
    const pathname = new URL(a.url, 'http://x').pathname;
    const method = a.method.toLowerCase();
    const at = this.operationsAt(pathname);
    const op = at.find((o) => o.method === method);
    if (op) return this.check(op, a);
    // Preflight: OPTIONS on an API path is 204 without a body (described in info.description).
    if (at.length > 0 && method === 'options' && a.status === 204) return a.body === '' ? [] : ['204 preflight with a body'];
    if (at.length === 0 && a.status < 400) return [`${a.status} for a path the document does not have`];
    // Another method on a documented path (405), or an unknown path (404, 414): a status some
    // operation here (or, for an unknown path, anywhere) documents, with its schema.
    const candidates = (at.length > 0 ? at : this.operations).filter((o) => this.responseOf(o, a.status) !== undefined);
    if (candidates.length === 0) return [`${a.status} is documented for no operation ${at.length > 0 ? `at ${at[0].path}` : '(unknown path)'}`];
    const all = candidates.map((o) => this.check(o, a));
    return all.some((p) => p.length === 0) ? [] : all[0];
  }

  /** Throws ContractError when the answer disagrees with the document. */
  assert(a: Answer): void {
    const problems = this.problems(a);
    if (problems.length > 0) {
      throw new ContractError(`${a.method.toUpperCase()} ${a.url.slice(0, 300)} -> ${a.status}: not as /openapi.json documents it:\n  ${problems.join('\n  ')}\n  body: ${a.body.slice(0, 500)}`);
    }
  }

  private check(op: Operation, a: Answer): string[] {
    const head = a.method.toLowerCase() === 'head';
    const response = this.responseOf(op, a.status);
    if (!response) return [`status ${a.status} is not documented for ${op.method.toUpperCase()} ${op.path} (documented: ${Object.keys(op.responses).join(', ')})`];
    const problems: string[] = [];
    for (const [name, h] of Object.entries((response.headers ?? {}) as Record<string, Json>)) {
      const header = this.resolve(h);
      const value = a.headers.get(name);
      if (value === null) {
        if (header.required) problems.push(`required header ${name} is missing`);
      } else if (header.schema?.type === 'integer' && !/^-?\d+$/.test(value)) problems.push(`header ${name} is not an integer: ${value}`);
    }
    const json = response.content?.['application/json'];
    // A HEAD answer has the headers of its GET and never a body.
    if (head) return a.body === '' ? problems : [...problems, 'a body on a HEAD answer'];
    if (!json) {
      if (a.body !== '') problems.push(`documented without a body, answered ${a.body.length} characters`);
      return problems;
    }
    const type = a.headers.get('content-type') ?? '';
    if (!type.startsWith('application/json')) problems.push(`Content-Type is '${type}', not application/json`);
    let body: unknown;
    try {
      body = JSON.parse(a.body);
    } catch {
      return [...problems, 'body is not JSON'];
    }
    const validate = this.validator(op, a.status)!;
    if (!validate(body)) problems.push(...(validate.errors ?? []).slice(0, 10).map((e) => `body${e.instancePath} ${e.message}${e.params ? ' ' + JSON.stringify(e.params) : ''}`));
    return problems;
  }
}

const byOrigin = new Map<string, Promise<ApiContract>>();

/** The contract a running server publishes at `${origin}/openapi.json`, fetched once per origin. */
export function contractAt(origin: string): Promise<ApiContract> {
  let c = byOrigin.get(origin);
  if (!c) {
    c = fetch(`${origin}/openapi.json`).then(async (res) => {
      if (res.status !== 200) throw new Error(`contract: ${origin}/openapi.json answered ${res.status}`);
      return ApiContract.of(await res.json());
    });
    byOrigin.set(origin, c);
  }
  return c;
}

/** Checks an answer of the server at `url` against the document that server publishes; throws ContractError. */
export async function checkAnswer(url: string, method: string, status: number, headers: Headers, body: string): Promise<void> {
  const u = new URL(url);
  (await contractAt(u.origin)).assert({ method, url: u.pathname + u.search, status, headers, body });
}

/**
 * `fetch`, with the answer checked against the server's /openapi.json (throws ContractError).
 * The body is read here; the Response returned holds the same status, headers and text.
 */
export async function checkedFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(url, init);
  const text = await res.text();
  await checkAnswer(url, init.method ?? 'GET', res.status, res.headers, text);
  return new Response(res.status === 204 || res.status === 304 || text === '' ? null : text, { status: res.status, statusText: res.statusText, headers: res.headers });
}
