/**
 * @transit/feeds: pure parsers for live feeds. Each takes the bytes of one document and returns
 * normalised records (or throws FeedParseError with a clear message); no I/O, no clocks. Also the
 * pure HTTP helpers every downloader of the project shares (the builder's `transit fetch`, the
 * server's feed pollers): conditional request headers, network error text, key redaction.
 */
export { FeedParseError } from './errors.js';
export { parseSiriVm } from './siri-vm/parse-siri-vm.js';
export { parseGtfsRt } from './gtfs-rt/parse-gtfs-rt.js';
export { parseSiriSx } from './siri-sx/parse-siri-sx.js';
export { siriSeverity, siriMode } from './siri-sx/siri-sx-severity.js';
export { parseLineStatus } from './line-status/parse-line-status.js';
export { lineStatusSeverity, lineStatusMode } from './line-status/line-status-severity.js';
export { conditionalHeaders, validatorsOf, type Validators } from './http/conditional.js';
export { describeNetworkError, type NetworkFailure } from './http/network-error.js';
export { redactText, redactUrl } from './http/redact.js';
