/** @transit/engine: open a transit snapshot and query it in-process. */
export { Engine } from './engine.js';
export * from './api.js';
export { SnapshotFormatError, QueryError, type QueryErrorCode } from './errors.js';
export * from './time.js';
export { distanceMetres } from './spatial/geo.js';
export { normalizeText, tokenize, normalizePostcode, formatPostcode } from './places/normalize.js';
// Snapshot format contract, for the builder and for tools.
export { MAGIC, FORMAT_VERSION, PREAMBLE_BYTES, SECTION_ALIGN, DType, DTYPE_BYTES, dtypeOf, NONE, EMPTY_STRING, type TypedArray } from './snapshot/format.js';
export { HeaderField, type SnapshotHeader, type SectionEntry, type FeedEntry, type AgencyEntry } from './snapshot/header.js';
export { SnapshotReader } from './snapshot/reader.js';
export { StringTable } from './snapshot/strings.js';
export { KD_NODE_SIZE } from './spatial/kd-view.js';
export { deletionHash, NO_SKIP, TYPO_MIN_TOKEN_BYTES, TYPO_MIN_WORD_BYTES, TYPO_MAX_BYTES } from './places/typo.js';
export { STOP_TYPE_CODES, ModeBit } from './stops/stop-table.js';
export { BoardHits } from './boards/board-hits.js';
export { MAX_BOARD_WINDOW_MS, MAX_BOARD_LIMIT, type Boards } from './boards/boards.js';
export { datedTripRef, parseDatedTripRef } from './trips/dated-ref.js';
export { transitModeOf } from './trips/transit-mode.js';
export type { ServiceCalendar } from './trips/service-calendar.js';
export * from './disruptions/index.js';
export type { VehicleRecord, VehicleDelivery, VehicleSource } from './live/vehicle-record.js';
export { LiveOverlay, type LiveTrip, type LiveMatchStats, type MatchMethod, type MatchOptions, type UnmatchedReason } from './live/live-overlay.js';
export { liveBoard, annotate as annotateBoardCall, LIVE_LOOKBACK_MS, type LiveBoardCall, type LiveCall } from './live/live-board.js';
export { decodePolyline } from './spatial/polyline.js';
export type { VehicleMatcher } from './live/vehicle-matcher.js';
