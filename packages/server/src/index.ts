/** @transit/server: the HTTP shell over the transit engine, and the `transit` command line. */
export { startServer, ListenError, type ServerOptions, type RunningServer } from './server.js';
export { Router, type RequestInfo, type RenderedResponse } from './router.js';
export { ApiKeys, hashApiKey, generateApiKey, type ApiKeyRecord, type KeyCheck } from './auth.js';
export { loadApiKeys, parseApiKeysEnv, readKeysFile, toKeyRecords, KeysConfigError, KeyFileEntry, type LoadedKeys } from './auth-config.js';
export { buildOpenApi, API_VERSION } from './openapi.js';
export { ENDPOINTS, defineEndpoint, type Endpoint, type EndpointDefinition, type HandlerContext } from './endpoints/index.js';
export { compileQueryParser, paramSpecs, type ParamSpec, type ParsedQuery, type QueryParser } from './params.js';
export { ApiError, type ApiErrorCode } from './http/api-error.js';
export { runCli, USAGE } from './cli.js';
export { parseServeArgs, serveCommand, SERVE_USAGE, type ServeOptions } from './serve-command.js';
export { processIo, UsageError, type CliIo } from './cli-io.js';
export { openSnapshotFile, openDemoSnapshot, type OpenedSnapshot } from './snapshot-source.js';
export { FeedPoller, redactUrl, type FeedPollerOptions, type FeedStatus } from './live/feed-poller.js';
export { startReplayServer, type ReplayServer, type ReplayServerOptions, type ReplayFault } from './live/replay-server.js';
export { startDemoFeedServer, type DemoFeedServer, type GeneratedDocument } from './live/demo-feed-server.js';
export { loadLiveConfig, noLiveConfig, LiveConfigError, type LiveConfig, type FeedConfig } from './live/live-config.js';
export { startLiveServices, type LiveServices } from './live/live-services.js';
export { NO_LIVE, type LiveState } from './live/live-state.js';
