/** A live feed document that cannot be read: malformed, truncated or of the wrong kind. */
export class FeedParseError extends Error {
  override readonly name = 'FeedParseError';
  constructor(
    /** Which parser refused it, e.g. `siri-vm`. */
    readonly feed: string,
    message: string,
  ) {
    super(`${feed}: ${message}`);
  }
}
