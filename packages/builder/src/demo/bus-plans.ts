import { LINES, type LineDef } from './lines.js';
import { SPEED } from './running-times.js';
import { placeName, type LocalityIndex } from './localities.js';
import type { CallingPoint, StreetNetwork } from './network.js';
import type { LinePlan } from './timetable.js';
import type { DemoPattern, DemoRoute } from './model.js';

/** Route plans for every bus and coach line of LINES, creating their stops in `network`. */
export function planBusLines(network: StreetNetwork, localities: LocalityIndex): LinePlan[] {
  return LINES.map((line) => planLine(line, network, localities));
}

function planLine(line: LineDef, network: StreetNetwork, localities: LocalityIndex): LinePlan {
  const id = `${line.agencyId}-${line.shortName}`;
  const express = line.coach ?? false;
  const outward = network.callingPoints(line.path, id, express);
  const inward = network.callingPoints([...line.path].reverse(), id, express);
  const place = (node: string) => placeName(localities.nearest(network.node(node)));
  const circular = line.path[0] === line.path[line.path.length - 1];
  const headsign = (dir: 0 | 1, to: string) => (circular ? `City Loop (${dir === 0 ? 'clockwise' : 'anticlockwise'})` : place(to));
  const pattern = (suffix: string, dir: 0 | 1, points: CallingPoint[]): DemoPattern => {
    const from = points[0].node!;
    const to = points[points.length - 1].node!;
    return {
      id: `${id}-${dir}${suffix}`,
      stops: points.map((p) => p.stop),
      dwell: points.map((p) => p.node !== null && p.stop.stopType === 'BCS'),
      headsign: headsign(dir, to),
      direction: dir,
      fromPlace: from,
      toPlace: to,
      hasShape: true,
    };
  };
  const route: DemoRoute = { id, agencyId: line.agencyId, shortName: line.shortName, longName: longName(line.path.map(place), circular), type: express ? 200 : 3 };
  const plan: LinePlan = { route, tier: line.tier, speed: express ? SPEED.coach : SPEED.bus, full: [pattern('', 0, outward), pattern('', 1, inward)], night: line.night, school: line.school, blocks: true };
  if (line.shortTo) {
    const turn = (points: CallingPoint[]) => points.findIndex((p) => p.node === line.shortTo);
    plan.short = [pattern('s', 0, outward.slice(0, turn(outward) + 1)), pattern('s', 1, inward.slice(turn(inward)))];
  }
  return plan;
}

/** "Sheffield - Maltby via Meadowhall, Rotherham"; a loop reads "Sheffield City Loop". */
function longName(places: string[], circular: boolean): string {
  if (circular) return `${places[0]} City Loop`;
  const via = [...new Set(places.slice(1, -1))].filter((p) => p !== places[0] && p !== places[places.length - 1]);
  const ends = `${places[0]} - ${places[places.length - 1]}`;
  return via.length ? `${ends} via ${via.slice(0, 3).join(', ')}` : ends;
}
