/** @transit/builder: compile public feeds into a transit snapshot. */
export { buildSnapshot, buildSnapshotFile, STREET_MARGIN_M, type BuildOptions, type BuildResult, type BuildFileResult } from './build.js';
// What `transit fetch` (packages/cli) drives: the regions, their sources, the cache and the downloads.
export { KINDS, REGIONS, findRegion, type Region } from './fetch/regions.js';
export { applyOverrides, parseOverride, regionSources, selectOnly, type Overrides, type SourceSpec } from './fetch/sources.js';
export { readManifest, type Manifest } from './fetch/manifest.js';
export { downloadSource, type DownloadOutcome } from './fetch/download.js';
export { DownloadProgress, formatBytes } from './fetch/download-progress.js';
export { acquireCacheLock, CacheLockedError, type CacheLock } from './fetch/cache-lock.js';
export { catalogueText } from './fetch/catalogue-text.js';
export { parseCoverage, type CoverageArea } from './coverage/parse-coverage.js';
export { newDataset, compileSnapshot, SCHEMA_VERSION, BUILDER_VERSION, type CompileOptions } from './compile/compile-snapshot.js';
export { IssueLog, BuildError, type FeedIssue } from './issues.js';
export { generateDemo, type DemoFiles } from './demo/index.js';
export type { Dataset, StopRecord, StationRecord, SettlementRecord } from './dataset.js';
export { StopKind } from './dataset.js';
export { SnapshotWriter } from './write/snapshot-writer.js';
export { demoSiriSx, demoLineStatus } from './demo/disruptions/index.js';
export { simulatedSiriVm } from './demo/live/simulated-feed.js';
export { siriVmDocument, type SiriActivity } from './demo/live/siri-vm-writer.js';
export { simulateVehicles, positionAt, seededRandom } from './demo/live/simulated-vehicles.js';
