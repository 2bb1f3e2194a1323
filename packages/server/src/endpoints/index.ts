import type { Endpoint } from './endpoint.js';
import { health } from './health.js';
import { openApiDocument } from './openapi-document.js';
import { places } from './places.js';
import { busStops } from './bus-stops.js';
import { railStations } from './rail-stations.js';
import { busRoutes } from './bus-routes.js';
import { busRoute } from './bus-route.js';
import { railRoutes } from './rail-routes.js';
import { railRoute } from './rail-route.js';
import { stopTimetables } from './stop-timetables.js';
import { stationTimetables } from './station-timetables.js';
import { busServices } from './bus-services.js';
import { railServices } from './rail-services.js';
import { disruptions } from './disruptions.js';
import { journey } from './journey.js';
import { streets } from './streets.js';
import { shapes } from './shapes.js';

/** Every endpoint the server serves, in the order the OpenAPI document lists them. */
export const ENDPOINTS: readonly Endpoint[] = [places, busStops, railStations, busRoutes, busRoute, railRoutes, railRoute, stopTimetables, busServices, stationTimetables, railServices, journey, disruptions, streets, shapes, health, openApiDocument];

export { defineEndpoint, type Endpoint, type EndpointDefinition, type HandlerContext } from './endpoint.js';
