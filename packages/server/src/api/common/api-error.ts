/** Error codes the API answers with, each paired with its HTTP status where it is raised. */
export type ApiErrorCode =
  | 'invalid_parameter'
  | 'missing_parameter'
  | 'missing_api_key'
  | 'invalid_api_key'
  | 'forbidden'
  | 'rate_limited'
  | 'uri_too_long'
  | 'not_found'
  | 'outside_coverage'
  | 'method_not_allowed'
  | 'internal_error';

/**
 * An error the server answers in the spec's envelope: `{ "error": { code, message } }` with
 * `status`. Thrown by validation and auth; engine QueryErrors are converted by `fromQueryError`.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    /** Extra response headers, e.g. `WWW-Authenticate` or `Allow`. */
    readonly headers: readonly (readonly [string, string])[] = [],
  ) {
    super(message);
  }
}

/** 400 `invalid_parameter`: the message names the parameter and what it accepts. */
export function invalidParameter(message: string): ApiError {
  return new ApiError(400, 'invalid_parameter', message);
}

/** 400 `missing_parameter`: the endpoint needs a location or a query it did not get. */
export function missingParameter(message: string): ApiError {
  return new ApiError(400, 'missing_parameter', message);
}

const QUERY_ERROR_STATUS: Record<string, number> = { invalid_parameter: 400, missing_parameter: 400, not_found: 404, outside_coverage: 422 };

/**
 * Converts the engine's QueryError (matched by name and code, so the HTTP layer needs no runtime
 * import of the engine) to an ApiError; anything else returns null and becomes a 500.
 */
export function fromQueryError(err: unknown): ApiError | null {
  if (!(err instanceof Error) || err.name !== 'QueryError') return null;
  const code = (err as Error & { code?: unknown }).code;
  if (typeof code !== 'string' || !(code in QUERY_ERROR_STATUS)) return null;
  return new ApiError(QUERY_ERROR_STATUS[code], code as ApiErrorCode, err.message);
}
