/**
 * @transit/feeds: pure parsers for live feeds. Each takes the bytes of one document and returns
 * normalised records (or throws FeedParseError with a clear message); no I/O, no clocks.
 */
export { FeedParseError } from './errors.js';
export { parseSiriVm } from './siri-vm/parse-siri-vm.js';
export { parseGtfsRt } from './gtfs-rt/parse-gtfs-rt.js';
export { parseSiriSx } from './siri-sx/parse-siri-sx.js';
export { siriSeverity, siriMode } from './siri-sx/siri-sx-severity.js';
export { parseLineStatus } from './line-status/parse-line-status.js';
export { lineStatusSeverity, lineStatusMode } from './line-status/line-status-severity.js';
