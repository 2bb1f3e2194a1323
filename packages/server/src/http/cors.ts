/** Headers on every JSON response: the API is public and read-only, so any origin may read it. */
export const CORS_HEADERS: readonly (readonly [string, string])[] = [
  ['Access-Control-Allow-Origin', '*'],
  ['Access-Control-Expose-Headers', 'X-Request-Id, WWW-Authenticate, ETag, Retry-After, RateLimit, RateLimit-Policy, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset'],
];

/** Answer to a CORS preflight (OPTIONS): GET with an `X-Api-Key` header is allowed from anywhere; cached for a day. */
export const PREFLIGHT_HEADERS: readonly (readonly [string, string])[] = [
  ['Access-Control-Allow-Origin', '*'],
  ['Access-Control-Allow-Methods', 'GET, OPTIONS'],
  ['Access-Control-Allow-Headers', 'X-Api-Key, Content-Type, If-None-Match'],
  ['Access-Control-Max-Age', '86400'],
];
