import type { Endpoint } from './endpoint.js';
import { health } from './health.js';
import { openApiDocument } from './openapi-document.js';
import { places } from './places.js';
import { busStops } from './bus-stops.js';
import { railStations } from './rail-stations.js';

/** Every endpoint the server serves, in the order the OpenAPI document lists them. */
export const ENDPOINTS: readonly Endpoint[] = [places, busStops, railStations, health, openApiDocument];

export { defineEndpoint, type Endpoint, type EndpointDefinition, type HandlerContext } from './endpoint.js';
