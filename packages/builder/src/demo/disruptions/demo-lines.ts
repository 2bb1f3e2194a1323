import { parseDay, type Engine, type RouteStop, type RouteSummary } from '@transit/engine';

/** A line of the served snapshot with the stops of its longest journey. */
export interface DemoLine {
  line: string;
  lineName: string;
  operator: string;
  operatorCode: string;
  mode: RouteSummary['mode'];
  stops: RouteStop[];
}

/**
 * Lines of `engine`'s snapshot for the simulated disruptions: the bus lines named in
 * `preferred` that the snapshot has, and the first line of an operator whose name says tram, each with
 * the calls of its longest journey on the first service day. Empty without a timetable.
 */
export function demoLines(engine: Engine, preferred: readonly string[]): { bus: DemoLine[]; tram: DemoLine | null } {
  const days = engine.info.serviceDays;
  if (!days) return { bus: [], tram: null };
  const day = parseDay(days.first);
  const search = (q: { text?: string; operator?: string }) => engine.routes({ kind: 'bus', ...q, offset: 0, limit: 50 }).items;
  const withStops = (r: RouteSummary): DemoLine | null => {
    const idx = engine.findRoute('bus', r.id);
    if (idx < 0) return null;
    const stops = engine.route(idx, { day, offset: 0, limit: 1 }).representativeStops;
    return stops.length >= 2 ? { line: r.line, lineName: r.lineName, operator: r.operator, operatorCode: r.operatorCode, mode: r.mode, stops } : null;
  };
  const bus = preferred
    .map((p) => search({ text: p }).find((r) => r.line === p && r.mode === 'bus'))
    .map((r) => (r ? withStops(r) : null))
    .filter((l): l is DemoLine => l !== null);
  const tramRoute = search({ operator: 'tram' }).find((r) => r.mode === 'tram');
  const tram = tramRoute ? withStops(tramRoute) : null;
  return { bus, tram };
}
