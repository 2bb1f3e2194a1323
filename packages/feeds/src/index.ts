/**
 * @transit/feeds: pure parsers for live feeds. Each takes the bytes of one document and returns
 * normalised records (or throws FeedParseError with a clear message); no I/O, no clocks.
 */
export { FeedParseError } from './errors.js';
