/** @transit/builder: compile public feeds into a transit snapshot. */
export { buildSnapshot, type BuildOptions, type BuildResult } from './build.js';
export { runBuildCli } from './cli.js';
export { runFetchCli, FETCH_USAGE, type FetchIo, type FetchTuning } from './fetch/fetch-cli.js';
export { REGIONS, type Region } from './fetch/regions.js';
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
