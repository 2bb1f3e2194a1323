const HOUR = 3_600_000;

/** One simulated line: id, name, modeName, and its statuses (code, description, reason, hours from now of validity). */
const LINES: { id: string; name: string; mode: string; statuses: { code: number; text: string; reason?: string; category?: string; from?: number; to?: number }[] }[] = [
  { id: 'bakerloo', name: 'Bakerloo', mode: 'tube', statuses: [{ code: 10, text: 'Good Service' }] },
  { id: 'central', name: 'Central', mode: 'tube', statuses: [{ code: 9, text: 'Minor Delays', reason: 'Minor delays due to an earlier signal failure.', category: 'RealTime', from: -1, to: 2 }] },
  { id: 'circle', name: 'Circle', mode: 'tube', statuses: [
    { code: 5, text: 'Part Closure', reason: 'No service between Edgware Road and Aldgate due to planned engineering works.', category: 'PlannedWork', from: -2, to: 30 },
    { code: 9, text: 'Minor Delays', reason: 'Minor delays on the rest of the line.', category: 'RealTime', from: -1, to: 2 },
  ] },
  { id: 'victoria', name: 'Victoria', mode: 'tube', statuses: [{ code: 10, text: 'Good Service' }] },
  { id: 'dlr', name: 'DLR', mode: 'dlr', statuses: [{ code: 4, text: 'Planned Closure', reason: 'No service Canning Town to Woolwich Arsenal this weekend (planned works).', category: 'PlannedWork', from: 48, to: 96 }] },
  { id: 'mildmay', name: 'Mildmay', mode: 'overground', statuses: [{ code: 10, text: 'Good Service' }] },
  { id: 'elizabeth', name: 'Elizabeth line', mode: 'elizabeth-line', statuses: [{ code: 6, text: 'Severe Delays', reason: 'Severe delays due to a train fault.', category: 'RealTime', from: -0.5, to: 1 }] },
  { id: 'tram', name: 'Tram', mode: 'tram', statuses: [{ code: 10, text: 'Good Service' }] },
];

/**
 * A line status document in the capital authority's `Line/Mode/{modes}/Status` shape (array of
 * Line objects with `lineStatuses[]`), relative to `nowMs`: good service, minor delays, a line
 * with two statuses at once, planned works not yet started, severe delays. Clearly simulated:
 * every Line carries `simulated: true` and every reason starts with `[Simulated]`.
 */
export function demoLineStatus(nowMs: number): string {
  const iso = (hours: number) => new Date(nowMs + hours * HOUR).toISOString();
  const lines = LINES.map((l) => ({
    $type: 'Tfl.Api.Presentation.Entities.Line, Tfl.Api.Presentation.Entities',
    id: l.id,
    name: l.name,
    modeName: l.mode,
    simulated: true,
    disruptions: [],
    created: iso(-72),
    modified: iso(-1),
    lineStatuses: l.statuses.map((s, i) => ({
      id: i,
      lineId: l.id,
      statusSeverity: s.code,
      statusSeverityDescription: s.text,
      ...(s.reason ? { reason: `[Simulated] ${l.name}: ${s.reason}` } : {}),
      created: '0001-01-01T00:00:00',
      validityPeriods: s.from === undefined ? [] : [{ fromDate: iso(s.from), toDate: iso(s.to!), isNow: s.from <= 0 && s.to! > 0 }],
      ...(s.reason ? { disruption: { category: s.category, categoryDescription: s.category, description: `[Simulated] ${l.name}: ${s.reason}`, created: iso(Math.min(s.from ?? 0, 0) - 2), affectedRoutes: [], affectedStops: [] } } : {}),
    })),
  }));
  return JSON.stringify(lines);
}
