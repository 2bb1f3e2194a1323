import { ApiError } from '../api/common/api-error.js';

/** A response ready to write: status, extra headers and a JSON body (null for no body). */
export interface Reply {
  status: number;
  headers: readonly (readonly [string, string])[];
  body: unknown;
}

/** Status lines uWebSockets.js writes verbatim. */
const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  204: 'No Content',
  304: 'Not Modified',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  414: 'URI Too Long',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

/** `"404 Not Found"` for a status code. */
export function statusLine(status: number): string {
  return `${status} ${STATUS_TEXT[status] ?? ''}`.trimEnd();
}

/** 200 with a JSON body. */
export function ok(body: unknown): Reply {
  return { status: 200, headers: [], body };
}

/** The spec's error envelope, with `request_time` beside `error`. */
export function errorReply(err: ApiError, requestTime: string): Reply {
  return {
    status: err.status,
    headers: err.headers,
    body: { error: { code: err.code, message: err.message }, request_time: requestTime },
  };
}
