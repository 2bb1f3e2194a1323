import { MAX_PAGE } from './param-types.js';

/** The design choices clients need, as the `info.description` of the OpenAPI document (Markdown). */
export const API_DESCRIPTION = `Read-only JSON API over UK transit data: places, stops and rail stations. Every operation is a GET.

**Authentication.** Every endpoint except \`/health\` and \`/openapi.json\` needs an API key, sent in the \`X-Api-Key\` header or the \`api_key\` query parameter. Without one the answer is 401 \`missing_api_key\`; an unknown or disabled key is 401 \`invalid_api_key\`; both carry \`WWW-Authenticate: ApiKey\`.

**Timestamps.** \`request_time\` is on every response, errors included: UK local time, \`YYYY-MM-DDThh:mm:ss+hh:mm\` with the real offset.

**Lists.** List endpoints return \`page\`, \`limit\`, \`results_count\` and \`member\`. \`results_count\` is the number of matches across all pages; \`member\` holds at most \`limit\` of them, the requested page. \`limit\` is 1-100 (default 20) and \`page\` 1-${MAX_PAGE} (default 1); a page past the end returns an empty \`member\`.

**Absent values.** Bus stop text fields (\`naptan_code\`, \`short_name\`, \`indicator\`, \`street\`, \`locality\`, \`town\`, \`towards\`, \`bearing\`, \`towards_next\`) are null when unknown, never omitted. Place fields that do not apply to a type (\`atcocode\`, \`crs_code\`) are omitted. \`distance\` (integer metres, great-circle) appears only when \`lat\`/\`lon\` were given.

**Parameters.** Validation is strict: a malformed, out-of-range or empty value, or a non-repeatable parameter given twice, is 400 \`invalid_parameter\` with a message naming the parameter and what it accepts. Unknown parameters are ignored. Booleans are \`true\`/\`false\`. Repeatable parameters may also hold comma-separated values. \`lat\` and \`lon\` go together; a bounding box needs all four of \`min_lat\`, \`min_lon\`, \`max_lat\`, \`max_lon\`, with min not above max. Stop and station searches take lat/lon (with \`radius\`) or a box, not both; a search with neither is 400 \`missing_parameter\`.

**Errors.** \`{ "error": { "code", "message" }, "request_time" }\` with a matching status: 400 \`invalid_parameter\`/\`missing_parameter\`, 401 \`missing_api_key\`/\`invalid_api_key\`, 404 \`not_found\` (also for an unknown path), 405 \`method_not_allowed\` (anything but GET and OPTIONS), 500 \`internal_error\` (quoting the request id). Every response carries \`X-Request-Id\`; JSON responses allow any origin (CORS).`;
