/** What a server said about a document it sent, to ask it next time whether it changed. */
export interface Validators {
  /** The `ETag` answered (weak or strong), or null. */
  etag: string | null;
  /** The `Last-Modified` answered, or null. */
  lastModified: string | null;
}

/**
 * Headers of a conditional GET from stored validators: `If-None-Match` with the ETag and
 * `If-Modified-Since` with Last-Modified (a server honours If-None-Match first and ignores the
 * other, RFC 9110 §13.2.2; one that sends no ETag still gets the date). Empty when none is known.
 * Header names are lower case.
 */
export function conditionalHeaders(v: Partial<Validators> | null | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  if (v?.etag) headers['if-none-match'] = v.etag;
  if (v?.lastModified) headers['if-modified-since'] = v.lastModified;
  return headers;
}

/** The validators of an answer (ETag, Last-Modified), to store beside its document. */
export function validatorsOf(headers: Headers): Validators {
  return { etag: headers.get('etag'), lastModified: headers.get('last-modified') };
}
