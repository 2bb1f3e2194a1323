import type { Endpoint } from './common/endpoint.js';
import { health } from './meta/health.js';
import { openApiDocument } from './meta/openapi-document.js';
import { places } from './places/places.js';
import { busStops } from './places/bus-stops.js';
import { railStations } from './places/rail-stations.js';
import { busRoutes } from './routes/bus-routes.js';
import { busRoute } from './routes/bus-route.js';
import { railRoutes } from './routes/rail-routes.js';
import { railRoute } from './routes/rail-route.js';
import { stopTimetables } from './timetables/stop-timetables.js';
import { stationTimetables } from './timetables/station-timetables.js';
import { busServices } from './timetables/bus-services.js';
import { railServices } from './timetables/rail-services.js';
import { disruptions } from './disruptions/disruptions.js';
import { journey } from './journeys/journey.js';
import { streets } from './map/streets.js';
import { shapes } from './map/shapes.js';

/** Every endpoint the server serves, in the order the OpenAPI document lists them. */
export const ENDPOINTS: readonly Endpoint[] = [places, busStops, railStations, busRoutes, busRoute, railRoutes, railRoute, stopTimetables, busServices, stationTimetables, railServices, journey, disruptions, streets, shapes, health, openApiDocument];

export { defineEndpoint, type Endpoint, type EndpointDefinition, type HandlerContext } from './common/endpoint.js';
