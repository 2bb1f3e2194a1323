import { Type, type TSchema } from '@sinclair/typebox';
import { DISRUPTION_MODES, DISRUPTION_SEVERITIES } from '@transit/engine';
import { StringEnum } from '../common/param-types.js';
import { Timestamp, listEnvelope } from '../common/schemas.js';

/** Affected stops listed per disruption; matching (atcocode, radius, bbox, path) uses all of them. */
export const MAX_LISTED_STOPS = 20;

const nullable = <T extends TSchema>(schema: T, description: string) => Type.Union([schema, Type.Null()], { description });
const timestamp = (description: string) => nullable(Type.String({ pattern: Timestamp.pattern }), `${description} UK local time, YYYY-MM-DDThh:mm:ss+hh:mm; null when open or unknown.`);
const period = Type.Object(
  { start: timestamp('Start;'), end: timestamp('End;') },
  { title: 'DisruptionPeriod', description: 'A time window; a null end means no announced end.' },
);
const operator = Type.Object(
  { code: nullable(Type.String(), 'National Operator Code (NOC) when the feed gives one.'), name: nullable(Type.String(), 'Operator name when the feed gives one.') },
  { title: 'DisruptionOperator' },
);

/** Severity mapping, documented once for the endpoint and the schema. */
export const SEVERITY_TABLE =
  'Severity, from each feed: SIRI-SX consequence `Severity` verySevere/severe -> severe; normal/slight/verySlight -> minor; noImpact -> information; unknown/undefined/absent -> unknown. ' +
  'Line status `statusSeverity` 1-6 and 11 (Closed, Suspended, Part Suspended, Planned Closure, Part Closure, Severe Delays, Part Closed) -> severe; 16 and 20 (Not Running, Service Closed) -> severe, or information when the reason says service resumes later (overnight closure); ' +
  '0, 7, 8, 9, 14, 15, 17 (Special Service, Reduced Service, Bus Service, Minor Delays, Change of frequency, Diverted, Issues Reported) -> minor; 12, 13, 19 (Exit Only, No Step Free Access, Information) -> information; 10, 18 (Good Service, No Issues) -> good; any other code -> unknown. ' +
  'A record with several statuses or consequences takes the worst; `statuses` lists them all with the raw code and description.';

/** Element of `member` on /v1/disruptions.json. */
export const Disruption = Type.Object(
  {
    id: Type.String({ description: '`siri_sx:{SituationNumber}` or `line_status:{line id}`.' }),
    source: StringEnum(['siri_sx', 'line_status'], { description: 'siri_sx: the national bus situation feed (SIRI-SX); line_status: the capital authority line status feed.' }),
    version: nullable(Type.Integer(), 'SIRI-SX situation version; null for line status.'),
    mode: StringEnum(DISRUPTION_MODES, { description: 'bus, tram, rail (SIRI-SX only), tube, dlr, overground, elizabeth-line (line status).' }),
    severity: StringEnum(DISRUPTION_SEVERITIES, { description: 'The worst of its statuses; see the endpoint description for the mapping.' }),
    planned: Type.Boolean({ description: 'true: planned works; false: unplanned incident or plain status.' }),
    active: Type.Boolean({ description: 'In force at request_time (a validity period contains it, or none is given).' }),
    progress: nullable(Type.String(), 'SIRI-SX Progress (open, closed, ...).'),
    reason: nullable(Type.String(), 'SIRI-SX reason (e.g. roadworks) or the line status disruption category (PlannedWork, RealTime, Information, ...).'),
    summary: Type.String({ description: 'One-line summary; line status: "{line}: {status descriptions}".' }),
    description: nullable(Type.String(), 'Full text.'),
    advice: Type.Array(Type.String(), { description: 'Advice to passengers, one entry per consequence giving some.' }),
    created_at: timestamp('When it was raised (SIRI CreationTime; line status disruption created, else line modified);'),
    validity_periods: Type.Array(period, { description: 'When it is in force; empty = now and until further notice. Several periods are normal.' }),
    publication_window: nullable(period, 'SIRI-SX PublicationWindow.'),
    operators: Type.Array(operator, { description: 'Operators named (also those of the lines).' }),
    lines: Type.Array(
      Type.Object(
        { name: Type.String({ description: 'Published line name, else the line ref.' }), ref: nullable(Type.String(), 'LineRef / line id.'), operators: Type.Array(operator) },
        { title: 'DisruptionLine' },
      ),
    ),
    affected_stops: Type.Array(
      Type.Object(
        {
          atcocode: Type.String({ description: 'ATCO code (TfL naptanId on line status).' }),
          name: nullable(Type.String(), 'Stop name as the feed gives it.'),
          latitude: nullable(Type.Number(), 'From the feed, else from the stop registry; null when neither knows the stop.'),
          longitude: nullable(Type.Number(), 'As latitude.'),
        },
        { title: 'DisruptionStop' },
      ),
      { description: `At most ${MAX_LISTED_STOPS} affected stops (the first in feed order); affected_stop_count gives the full number. Filters match on every stop.` },
    ),
    affected_stop_count: Type.Integer({ minimum: 0, description: 'Number of affected stops, listed or not.' }),
    statuses: Type.Array(
      Type.Object(
        {
          severity: StringEnum(DISRUPTION_SEVERITIES),
          code: nullable(Type.Integer(), 'Line status statusSeverity code; null on SIRI-SX.'),
          description: Type.String({ description: 'statusSeverityDescription, or the SIRI-SX Severity value (e.g. slight).' }),
          reason: nullable(Type.String(), 'Line status reason, or the SIRI-SX consequence Condition.'),
          validity_periods: Type.Array(period),
        },
        { title: 'DisruptionStatus' },
      ),
      { description: 'Every raw status (line status) or consequence severity (SIRI-SX), worst first.' },
    ),
    links: Type.Array(Type.String(), { description: 'Information links.' }),
    blocking: nullable(Type.Boolean(), 'SIRI-SX Blocking/JourneyPlanner: journey planners should avoid what it affects.'),
    simulated: Type.Boolean({ description: 'true for the demo server\'s generated feeds.' }),
  },
  { title: 'Disruption', description: `A disruption normalised from either feed. ${SEVERITY_TABLE}` },
);

const sourceStatus = Type.Object(
  {
    configured: Type.Boolean({ description: 'false: this server does not poll the feed (all other fields empty).' }),
    simulated: Type.Boolean({ description: 'true: a generated demo feed.' }),
    url: nullable(Type.String(), 'URL polled, keys redacted.'),
    last_retrieved: timestamp('Last successful poll (new document or not modified);'),
    last_changed: timestamp('Last poll that brought a new document;'),
    last_attempt: timestamp('Last poll attempt;'),
    next_attempt: timestamp('Next poll due;'),
    failed: Type.Boolean({ description: 'The last attempt failed.' }),
    error: nullable(Type.String(), 'Why the last attempt failed.'),
    consecutive_failures: Type.Integer({ minimum: 0 }),
    stale: Type.Boolean({ description: 'The records served come from an earlier document because the latest attempt failed.' }),
    record_count: Type.Integer({ minimum: 0, description: 'Records of this feed held (before filtering).' }),
  },
  { title: 'DisruptionSource', description: 'State of one disruption feed: an empty list with a healthy feed means no disruptions; with `failed` it means an outage.' },
);

/** The `sources` object: one entry per feed. */
export const DisruptionSources = Type.Object({ siri_sx: sourceStatus, line_status: sourceStatus }, { title: 'DisruptionSources', description: 'Per feed: when it was last retrieved and whether the last attempt failed.' });

/** Response of /v1/disruptions.json. */
export const DisruptionList = listEnvelope('DisruptionList', Disruption, 'Disruptions, most disruptive first, then most recently raised, plus the state of each feed.', { sources: DisruptionSources });
