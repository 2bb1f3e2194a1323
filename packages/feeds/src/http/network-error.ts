/** A failed request in words: what to tell the user, and whether trying again may help. */
export interface NetworkFailure {
  message: string;
  retryable: boolean;
  /** True when recognised as a network failure (a known code), not some other error. */
  network: boolean;
}

/** System and undici error codes -> message and whether a retry may help. */
const NETWORK: Record<string, Omit<NetworkFailure, 'network'>> = {
  ECONNREFUSED: { message: 'connection refused', retryable: false },
  ENOTFOUND: { message: 'host not found', retryable: false },
  EAI_AGAIN: { message: 'host name lookup failed', retryable: true },
  ECONNRESET: { message: 'connection reset by the server', retryable: true },
  EPIPE: { message: 'connection closed by the server', retryable: true },
  UND_ERR_SOCKET: { message: 'connection closed by the server', retryable: true },
  ETIMEDOUT: { message: 'connection timed out', retryable: true },
  UND_ERR_CONNECT_TIMEOUT: { message: 'connection timed out', retryable: true },
  EHOSTUNREACH: { message: 'host unreachable', retryable: true },
  ENETUNREACH: { message: 'network unreachable', retryable: true },
};

/**
 * One line for an error thrown by `fetch` or while reading its body: `connection refused`,
 * `host not found`, `connection closed by the server`... from the error's code (or its cause's,
 * as undici nests them); else the cause's or the error's own message, cut to 300 characters.
 * Timeouts are the caller's to word (it knows its limit). Never throws.
 */
export function describeNetworkError(err: unknown): NetworkFailure {
  if (!(err instanceof Error)) return { message: String(err).slice(0, 300), retryable: true, network: false };
  const e = err as Error & { code?: string; cause?: { code?: string; message?: string } };
  const known = NETWORK[e.cause?.code ?? e.code ?? ''];
  if (known) return { ...known, network: true };
  if (e.message === 'terminated') return { message: 'connection closed by the server', retryable: true, network: true };
  const message = e.message === 'fetch failed' && e.cause ? `fetch failed: ${e.cause.code ?? e.cause.message ?? 'network error'}` : (e.cause?.message ?? e.message);
  return { message: message.slice(0, 300), retryable: true, network: false };
}
