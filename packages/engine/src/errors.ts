/** The snapshot bytes are not a snapshot this engine can read. The message says why and how to rebuild. */
export class SnapshotFormatError extends Error {
  override readonly name = 'SnapshotFormatError';
}

/** Codes of QueryError; the server maps each to an HTTP status. */
export type QueryErrorCode = 'invalid_parameter' | 'missing_parameter' | 'not_found' | 'outside_coverage';

/** A query the engine cannot answer as asked (bad argument). Expected misses return NOT_FOUND instead. */
export class QueryError extends Error {
  override readonly name = 'QueryError';
  constructor(
    readonly code: QueryErrorCode,
    message: string,
    readonly parameter?: string,
  ) {
    super(message);
  }
}
